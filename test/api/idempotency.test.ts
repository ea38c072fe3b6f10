// Idempotency-Key on POST requests (src/plugins/idempotency.ts, docs/api.md "Idempotent
// requests"), exercised through the real webhook endpoint routes.
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { pruneIdempotencyKeys } from '../../src/db/idempotency-keys.ts';
import type { Pool } from '../../src/db/pool.ts';
import { bearer, createTestDatabase, insertClub, testConfig, testSecretBox, uid } from '../helper.ts';

const FAST = { rateLimit: { perSecond: 100_000, burst: 200_000 } };
const SCOPES = ['customers:read', 'bookings:read', 'webhook_endpoints:write'];
// Every name is public here, and no test may ask real DNS; while dnsDown holds, the resolver
// fails for now, as ours may.
let dnsDown = false;
const resolveHost = async (hostname: string) => {
  if (dnsDown) throw Object.assign(new Error(`getaddrinfo EAI_AGAIN ${hostname}`), { code: 'EAI_AGAIN' });
  return ['93.184.215.14'];
};

let app: FastifyInstance;
let pool: Pool;
let auth: string;
let otherKey: string; // another key of the same club

beforeAll(async () => {
  ({ pool } = await createTestDatabase());
  app = await buildApp({ config: testConfig(FAST), pool, secretBox: testSecretBox(), resolveHost });
  await app.ready();
  const club = await insertClub(pool);
  auth = await bearer(pool, club.id, { scopes: SCOPES });
  otherKey = await bearer(pool, club.id, { scopes: SCOPES });
});
afterAll(() => app?.close());

const newKey = () => `key-${uid()}`;
const ENDPOINT = { url: 'https://crm.example.com/in', signal_types: ['*'] };

function post(url: string, body: unknown, key: string | undefined, authorization = auth) {
  return app.inject({
    method: 'POST',
    url,
    headers: { authorization, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

async function endpointCount(authorization = auth): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/v1/webhook_endpoints', headers: { authorization } });
  return res.json().data.length;
}

function expectKeyError(res: { statusCode: number; json: () => { error: Record<string, string> } }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json().error).toMatchObject({ type: 'invalid_request_error', code, param: 'Idempotency-Key' });
  return res.json().error;
}

describe('a repeated POST with the same Idempotency-Key', () => {
  it('runs once and answers the repeat with the same status and bytes, marked Idempotent-Replayed', async () => {
    const key = newKey();
    const before = await endpointCount();
    const first = await post('/v1/webhook_endpoints', ENDPOINT, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post('/v1/webhook_endpoints', ENDPOINT, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.json().secret).toMatch(/^whsec_/);
    expect(await endpointCount()).toBe(before + 1);
    // The answer kept for repeats holds the secret, so it is stored sealed.
    const { rows } = await pool.query<{ response_body: Buffer }>('SELECT response_body FROM idempotency_keys WHERE idempotency_key = $1', [key]);
    expect(rows).toHaveLength(1);
    const secret = first.json().secret as string;
    expect(rows[0]!.response_body.includes(secret)).toBe(false);
    expect(rows[0]!.response_body.includes(secret.slice('whsec_'.length))).toBe(false);
    expect(rows[0]!.response_body.includes(first.json().id)).toBe(false);
  });

  it('does not rotate a secret twice: the repeat shows the first rotation', async () => {
    const endpoint = (await post('/v1/webhook_endpoints', ENDPOINT, undefined)).json();
    const key = newKey();
    const path = `/v1/webhook_endpoints/${endpoint.id}/rotate_secret`;
    const first = await post(path, undefined, key);
    const { rows: after } = await pool.query('SELECT secret, previous_secret FROM webhook_endpoints WHERE id = $1', [endpoint.id]);
    // No body and an empty JSON body are the same request.
    const again = await post(path, {}, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().secret).toBe(first.json().secret);
    const { rows: now } = await pool.query('SELECT secret, previous_secret FROM webhook_endpoints WHERE id = $1', [endpoint.id]);
    expect(now).toEqual(after);
  });

  it('replays a 4xx the handler answered, but not a request refused by validation', async () => {
    const key = newKey();
    const refused = await post('/v1/webhook_endpoints', { ...ENDPOINT, signal_types: ['nope.happened'] }, key);
    expect(refused.statusCode).toBe(400);
    const again = await post('/v1/webhook_endpoints', { ...ENDPOINT, signal_types: ['nope.happened'] }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(refused.body); // the first request's request_id included
    // A replay is the first answer: its X-Request-Id is the first one too, as the body says.
    expect(again.json().error.request_id).toBe(refused.headers['x-request-id']);
    expect(again.headers['x-request-id']).toBe(refused.headers['x-request-id']);

    // A body the schema refuses never ran, so the key stays free for the corrected request.
    const fresh = newKey();
    const invalid = await post('/v1/webhook_endpoints', { url: ENDPOINT.url }, fresh);
    expect(invalid.statusCode).toBe(400);
    const corrected = await post('/v1/webhook_endpoints', ENDPOINT, fresh);
    expect(corrected.statusCode).toBe(200);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers with the first X-Request-Id, and logs the repeat under its own id naming the first', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    const logged = await buildApp({ config: testConfig(FAST), pool, secretBox: testSecretBox(), resolveHost, logger });
    try {
      const key = newKey();
      const send = () => logged.inject({ method: 'POST', url: '/v1/webhook_endpoints/we_nope/rotate_secret', headers: { authorization: auth, 'idempotency-key': key } });
      const first = await send();
      expect(first.statusCode).toBe(404);
      const firstId = first.headers['x-request-id'];
      expect(first.json().error.request_id).toBe(firstId);
      lines.length = 0;
      const again = await send();
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['x-request-id']).toBe(firstId);
      expect(again.json().error.request_id).toBe(firstId);
      const requestLines = lines.filter((line) => line.msg === 'request');
      expect(requestLines).toHaveLength(1);
      expect(requestLines[0]).toMatchObject({ status: 404, replayed_request_id: firstId });
      expect(requestLines[0]!.reqId).toMatch(/^req_/);
      expect(requestLines[0]!.reqId).not.toBe(firstId);
    } finally {
      await logged.close();
    }
  });

  it('runs again after our DNS failed for now (503), which is not kept', async () => {
    const key = newKey();
    const body = { ...ENDPOINT, description: 'dns' };
    dnsDown = true;
    let failed;
    try {
      failed = await post('/v1/webhook_endpoints', body, key);
    } finally {
      dnsDown = false;
    }
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.code).toBe('host_lookup_unavailable');
    const retried = await post('/v1/webhook_endpoints', body, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('runs again after a 5xx, which is not kept', async () => {
    const key = newKey();
    const body = { ...ENDPOINT, description: 'boom' };
    // A constraint makes this one insert fail the way a database fault would: 500.
    await pool.query(`ALTER TABLE webhook_endpoints ADD CONSTRAINT test_boom CHECK (description <> 'boom')`);
    let failed;
    try {
      failed = await post('/v1/webhook_endpoints', body, key);
    } finally {
      await pool.query('ALTER TABLE webhook_endpoints DROP CONSTRAINT test_boom');
    }
    expect(failed.statusCode).toBe(500);
    const before = await endpointCount();
    const retried = await post('/v1/webhook_endpoints', body, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await endpointCount()).toBe(before + 1);
  });
});

describe('the same Idempotency-Key', () => {
  it('with another body or path is 400 idempotency_key_reused, and nothing runs', async () => {
    const key = newKey();
    const created = (await post('/v1/webhook_endpoints', ENDPOINT, key)).json();
    const before = await endpointCount();
    const otherBody = expectKeyError(await post('/v1/webhook_endpoints', { ...ENDPOINT, description: 'x' }, key), 400, 'idempotency_key_reused');
    expect(otherBody.message).toMatch(/another request/);
    expectKeyError(await post(`/v1/webhook_endpoints/${created.id}`, { description: 'x' }, key), 400, 'idempotency_key_reused');
    expect(await endpointCount()).toBe(before);
  });

  it('from another API key is independent', async () => {
    const key = newKey();
    const mine = await post('/v1/webhook_endpoints', ENDPOINT, key);
    const theirs = await post('/v1/webhook_endpoints', { ...ENDPOINT, description: 'theirs' }, key, otherKey);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
  });

  it('while the first request still runs is 409 idempotency_key_in_use; the first then answers and is replayed', async () => {
    const key = newKey();
    const blocker = await pool.connect();
    let first;
    try {
      // Hold the endpoint insert of the first request (the key is already claimed by then).
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE webhook_endpoints IN SHARE MODE');
      first = post('/v1/webhook_endpoints', ENDPOINT, key);
      await waitForBlockedInsert();
      expectKeyError(await post('/v1/webhook_endpoints', ENDPOINT, key), 409, 'idempotency_key_in_use');
      await blocker.query('COMMIT');
    } finally {
      await blocker.query('ROLLBACK').catch(() => {});
      blocker.release();
    }
    const answered = await first;
    expect(answered.statusCode).toBe(200);
    const again = await post('/v1/webhook_endpoints', ENDPOINT, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(answered.body);
  });

  it('is free again after 24 hours, and the hourly pruning removes it', async () => {
    const key = newKey();
    const first = await post('/v1/webhook_endpoints', ENDPOINT, key);
    const recent = newKey();
    await post('/v1/webhook_endpoints', ENDPOINT, recent);
    // 25 hours pass for the first key only.
    await pool.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE idempotency_key = $1`, [key]);
    const later = await post('/v1/webhook_endpoints', { ...ENDPOINT, description: 'a day later' }, key);
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json().id).not.toBe(first.json().id);

    await pool.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE idempotency_key = $1`, [key]);
    expect(await pruneIdempotencyKeys(pool)).toBeGreaterThanOrEqual(1);
    const { rows } = await pool.query('SELECT idempotency_key FROM idempotency_keys WHERE idempotency_key = ANY ($1)', [[key, recent]]);
    expect(rows.map((r) => r.idempotency_key)).toEqual([recent]);
  });
});

/** Waits until a connection of this database waits on a lock to insert an endpoint. */
async function waitForBlockedInsert(): Promise<void> {
  for (let i = 0; i < 1500; i++) {
    const { rows } = await pool.query(
      `SELECT 1 FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO webhook_endpoints%'`,
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the first request never reached the endpoint insert');
}

describe('the Idempotency-Key header', () => {
  it('must be 1 to 255 printable ASCII characters: 400 parameter_invalid naming it otherwise', async () => {
    for (const key of ['', 'x'.repeat(256), 'clé-1', 'tab\there']) {
      const error = expectKeyError(await post('/v1/webhook_endpoints', ENDPOINT, key), 400, 'parameter_invalid');
      expect(error.message, JSON.stringify(key)).toMatch(/1 to 255 printable ASCII/);
    }
    expect((await post('/v1/webhook_endpoints', ENDPOINT, `${'x'.repeat(250)}${uid().slice(0, 5)}`)).statusCode).toBe(200);
  });

  it('is ignored on other methods', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/webhook_endpoints', headers: { authorization: auth, 'idempotency-key': '' } });
    expect(res.statusCode).toBe(200);
  });

  it('is documented on every POST operation of the API document, with the 409', () => {
    const doc = app.swagger() as unknown as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; responses: Record<string, unknown> }>>;
    };
    const posts = Object.entries(doc.paths).flatMap(([path, ops]) => (ops.post ? [[path, ops.post] as const] : []));
    expect(posts.length).toBeGreaterThanOrEqual(4);
    for (const [path, operation] of posts) {
      const header = operation.parameters?.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
      expect(header, path).toBeDefined();
      expect(operation.responses['409'], path).toBeDefined();
    }
  });
});
