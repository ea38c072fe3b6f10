// The webhook endpoints API (docs/webhooks.md "Endpoints" and "Recovering missed deliveries"): creation with its
// secret, URL, type and scope rules, the list, retrieval, update, rotation, deletion, the
// attempts log and recovery.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import type { ResolveHost } from '../../src/domain/endpoint-urls.ts';
import { DEFAULT_SCOPES } from '../../src/domain/scopes.ts';
import { publicKeyOf, type SecretBox } from '../../src/domain/secrets.ts';
import { insertBooking, insertCustomer } from '../fixtures.ts';
import { expectOpenApi } from '../openapi.ts';
import { bearer, createTestDatabase, insertClub, testConfig, testSecretBox, uid, type TestContext } from '../helper.ts';

const FAST = { rateLimit: { perSecond: 100_000, burst: 200_000 } };
// The key's read scopes that signals require, in the catalogue's order: an endpoint's default.
const SIGNAL_SCOPES = ['customers:read', 'bookings:read', 'events:read', 'orders:read', 'transactions:read', 'waivers:read', 'coaches:read', 'spaces:read', 'club:read'];

// DNS for these tests, so that none leaves the machine: example.com names are public, a few
// are not, dns-down.example.com stands for our resolver failing for now, every other name does
// not exist.
const PUBLIC_ADDRESS = '93.184.215.14';
const DNS: Record<string, string[]> = {
  'private.example.com': ['10.1.2.3'],
  'mixed.example.com': [PUBLIC_ADDRESS, '192.168.0.9'],
  'ula.example.com': ['fd00::1'],
  'metadata.example.com': ['169.254.169.254'],
};
const testDns: ResolveHost = async (hostname) => {
  if (hostname === 'dns-down.example.com') throw Object.assign(new Error(`getaddrinfo EAI_AGAIN ${hostname}`), { code: 'EAI_AGAIN' });
  const known = DNS[hostname] ?? (hostname === 'example.com' || hostname.endsWith('.example.com') ? [PUBLIC_ADDRESS] : undefined);
  if (known) return known;
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

/** The real app on this file's database with the test DNS; closed by the caller. */
async function buildTestApp(overrides: Partial<Config>, secretBox: SecretBox = testSecretBox(), logger?: pino.Logger) {
  const app = await buildApp({ config: testConfig({ ...FAST, ...overrides }), pool: t.pool, secretBox, resolveHost: testDns, logger });
  await app.ready();
  return app;
}

let t: TestContext;
let dev: FastifyInstance;
let club: { id: string };
let other: { id: string };
let auth: string; // every read scope and webhook_endpoints:write
let narrow: string; // customers:read and webhook_endpoints:write
let otherAuth: string;

beforeAll(async () => {
  const { url, pool } = await createTestDatabase();
  t = { url, pool, app: undefined as unknown as FastifyInstance };
  t.app = await buildTestApp({});
  dev = await buildTestApp({ environment: 'development' });
  club = await insertClub(t.pool);
  other = await insertClub(t.pool);
  auth = await bearer(t.pool, club.id, { scopes: [...DEFAULT_SCOPES, 'webhook_endpoints:write'] });
  narrow = await bearer(t.pool, club.id, { scopes: ['customers:read', 'webhook_endpoints:write'] });
  otherAuth = await bearer(t.pool, other.id, { scopes: [...DEFAULT_SCOPES, 'webhook_endpoints:write'] });
});

afterAll(async () => {
  await dev?.close();
  await t?.app?.close();
});

type Headers = Record<string, string>;
const send = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, authorization = auth, app?: FastifyInstance) =>
  (app ?? t.app).inject({
    method,
    url,
    headers: { authorization } as Headers,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
const get = (url: string, authorization = auth) => send('GET', url, undefined, authorization);
const post = (url: string, body?: unknown, authorization = auth) => send('POST', url, body, authorization);
const del = (url: string, authorization = auth) => send('DELETE', url, undefined, authorization);

async function create(body: Record<string, unknown> = {}, authorization = auth) {
  const res = await post('/v1/webhook_endpoints', { url: 'https://example.com/hooks', signal_types: ['*'], ...body }, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; secret: string; [k: string]: unknown }>();
}

async function row(id: string) {
  const { rows } = await t.pool.query('SELECT * FROM webhook_endpoints WHERE id = $1', [id]);
  return rows[0];
}

const newCustomer = (clubId = club.id) => insertCustomer(t.pool, clubId, { firstName: 'Ana', lastName: 'Lopez' });

/** The signals emitted about one resource, oldest first. */
async function signalsOf(resourceId: string) {
  const { rows } = await t.pool.query<{ sequence: string; id: string; type: string; created: string }>(
    `SELECT sequence, id, type, cd_utc(created_at) AS created FROM signals WHERE resource_id = $1 ORDER BY sequence`,
    [resourceId],
  );
  return rows.map((r) => ({ ...r, sequence: Number(r.sequence) }));
}

async function insertDelivery(endpointId: string, signal: { sequence: number; id: string }, status: string, attempts = 1, clubId = club.id) {
  await t.pool.query(
    `INSERT INTO deliveries (club_id, endpoint_id, signal_sequence, signal_id, status, attempts, next_attempt_at, completed_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + interval '1 hour', CASE WHEN $5 <> 'pending' THEN now() END)`,
    [clubId, endpointId, signal.sequence, signal.id, status, attempts],
  );
}

/** One attempt row as the pipeline records it (cd_record_attempts); its id. */
async function insertAttempt(
  clubId: string,
  endpointId: string,
  signal: { id: string; sequence: number },
  f: { at: string; status: number | null; number?: number },
): Promise<string> {
  const { rows } = await t.pool.query<{ id: string }>(
    `INSERT INTO delivery_attempts (club_id, endpoint_id, signal_id, signal_sequence, attempt_number, attempted_at,
                                    status_code, error, duration_ms, response_excerpt)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 12, '') RETURNING id`,
    [clubId, endpointId, signal.id, signal.sequence, f.number ?? 1, f.at, f.status, f.status !== null && f.status < 300 ? null : `HTTP ${f.status ?? 'no answer'}`],
  );
  return rows[0]!.id;
}

async function deliveries(endpointId: string) {
  const { rows } = await t.pool.query(
    `SELECT signal_sequence::int AS sequence, status, attempts, completed_at, next_attempt_at <= now() AS due
       FROM deliveries WHERE endpoint_id = $1 ORDER BY signal_sequence`,
    [endpointId],
  );
  return rows as { sequence: number; status: string; attempts: number; completed_at: Date | null; due: boolean }[];
}

function expectError(res: { statusCode: number; json: () => unknown }, status: number, code: string, param?: string) {
  expect(res.statusCode).toBe(status);
  const { error } = res.json() as { error: { code: string; param?: string; message: string } };
  expect(error.code).toBe(code);
  if (param !== undefined) expect(error.param).toBe(param);
  return error;
}

describe('POST /v1/webhook_endpoints', () => {
  it('creates an active endpoint and returns it with a whsec_ secret of at least 24 random bytes', async () => {
    const res = await post('/v1/webhook_endpoints', {
      url: 'https://example.com/hooks?team=a',
      signal_types: ['customer.created', 'booking.canceled'],
      description: 'CRM sync',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/webhook_endpoints', 'POST', 200, body);
    expect(body).toMatchObject({
      object: 'webhook_endpoint',
      url: 'https://example.com/hooks?team=a',
      description: 'CRM sync',
      signal_types: ['customer.created', 'booking.canceled'],
      scopes: SIGNAL_SCOPES,
      status: 'active',
      disabled_reason: null,
    });
    expect(body.id).toMatch(/^we_/);
    expect(body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(body.secret);
    expect(match, body.secret).not.toBeNull();
    expect(Buffer.from(match![1]!, 'base64').length).toBeGreaterThanOrEqual(24);
    const again = await create();
    expect(again.secret).not.toBe(body.secret);
  });

  it('stores the secret only sealed: the column never holds it, and the secret box opens it', async () => {
    const endpoint = await create();
    const stored = await row(endpoint.id);
    const sealed: Buffer = stored.secret;
    expect(sealed.includes(Buffer.from(endpoint.secret))).toBe(false);
    expect(sealed.includes(Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64'))).toBe(false);
    expect(sealed.toString('latin1')).not.toContain(endpoint.secret.slice('whsec_'.length));
    expect(t.app.secretBox.open(sealed)).toBe(endpoint.secret);
    expect(stored.previous_secret).toBeNull();
  });

  it('never shows the secret again: not in GET, not in the list', async () => {
    const endpoint = await create();
    const one = await get(`/v1/webhook_endpoints/${endpoint.id}`);
    expect(one.json()).not.toHaveProperty('secret');
    expect(one.body).not.toContain(endpoint.secret);
    const list = await get('/v1/webhook_endpoints');
    expect(list.body).not.toContain(endpoint.secret);
    expect(list.json().data.every((e: object) => !('secret' in e))).toBe(true);
  });

  it('starts from the club’s current signal sequence, so it receives only later signals', async () => {
    await newCustomer();
    await newCustomer();
    const { rows } = await t.pool.query('SELECT last_sequence::int AS n FROM signal_sequences WHERE club_id = $1', [club.id]);
    expect(rows[0].n).toBeGreaterThanOrEqual(2);
    const endpoint = await create();
    expect(Number((await row(endpoint.id)).from_sequence)).toBe(rows[0].n);
    // A club that never emitted a signal starts at 0.
    const fresh = await create({}, otherAuth);
    expect(Number((await row(fresh.id)).from_sequence)).toBe(0);
  });

  it('removes duplicate signal types and scopes, and keeps the scopes asked for', async () => {
    const endpoint = await create({
      signal_types: ['customer.created', 'customer.created', 'customer.updated'],
      scopes: ['customers:read', 'customers:read'],
    });
    expect(endpoint.signal_types).toEqual(['customer.created', 'customer.updated']);
    expect(endpoint.scopes).toEqual(['customers:read']);
    expect((await create({ signal_types: ['*', '*'] })).signal_types).toEqual(['*']);
    const stored = await row(endpoint.id);
    expect(stored.signal_types).toEqual(['customer.created', 'customer.updated']);
    expect(stored.scopes).toEqual(['customers:read']);
  });

  it('defaults scopes to the key’s scopes that signals require, never more', async () => {
    expect((await create({}, auth)).scopes).toEqual(SIGNAL_SCOPES);
    expect((await create({}, narrow)).scopes).toEqual(['customers:read']);
  });

  it('refuses scopes beyond the key, scopes no signal requires, and an empty list', async () => {
    const beyond = expectError(await post('/v1/webhook_endpoints', { url: 'https://example.com', signal_types: ['*'], scopes: ['bookings:read'] }, narrow), 400, 'parameter_invalid', 'scopes');
    expect(beyond.message).toMatch(/lacks bookings:read/);
    for (const scope of ['schedule:read', 'signals:read', 'nonsense']) {
      const error = expectError(await post('/v1/webhook_endpoints', { url: 'https://example.com', signal_types: ['*'], scopes: [scope] }), 400, 'parameter_invalid', 'scopes');
      expect(error.message).toContain(`'${scope}' is not a scope any signal requires`);
      expect(error.message).toContain([...SIGNAL_SCOPES.slice(0, 3), 'orders:read', 'transactions:read'].join(', '));
      expect(error.message).toContain('club:read, webhook_endpoints:write');
    }
    expectError(await post('/v1/webhook_endpoints', { url: 'https://example.com', signal_types: ['*'], scopes: [] }), 400, 'parameter_invalid', 'scopes');
  });

  it('refuses a key that holds no scope signals require, since the endpoint would receive nothing', async () => {
    const writeOnly = await bearer(t.pool, club.id, { scopes: ['schedule:read', 'webhook_endpoints:write'] });
    const error = expectError(await post('/v1/webhook_endpoints', { url: 'https://example.com', signal_types: ['*'] }, writeOnly), 400, 'parameter_invalid', 'scopes');
    expect(error.message).toMatch(/none of the scopes/);
  });

  it('refuses signal types the endpoint’s scopes could never receive', async () => {
    const error = expectError(
      await post('/v1/webhook_endpoints', { url: 'https://example.com', signal_types: ['booking.created'] }, narrow),
      400,
      'parameter_invalid',
      'signal_types',
    );
    expect(error.message).toContain('booking.created signals require bookings:read');
    expectError(
      await post('/v1/webhook_endpoints', { url: 'https://example.com', signal_types: ['event.updated'], scopes: ['customers:read'] }),
      400,
      'parameter_invalid',
      'signal_types',
    );
  });

  it('refuses unknown signal types, "*" mixed with types, and empty or missing lists', async () => {
    const unknown = expectError(await post('/v1/webhook_endpoints', { url: 'https://example.com', signal_types: ['customer.created', 'customer.deleted'] }), 400, 'parameter_invalid', 'signal_types');
    expect(unknown.message).toContain("'customer.deleted' is not a signal type");
    const mixed = expectError(await post('/v1/webhook_endpoints', { url: 'https://example.com', signal_types: ['*', 'customer.created'] }), 400, 'parameter_invalid', 'signal_types');
    expect(mixed.message).toContain('only entry');
    expectError(await post('/v1/webhook_endpoints', { url: 'https://example.com', signal_types: [] }), 400, 'parameter_invalid', 'signal_types');
    expectError(await post('/v1/webhook_endpoints', { url: 'https://example.com', signal_types: 'customer.created' }), 400, 'parameter_invalid', 'signal_types');
    expectError(await post('/v1/webhook_endpoints', { url: 'https://example.com' }), 400, 'parameter_missing', 'signal_types');
    expectError(await post('/v1/webhook_endpoints', { signal_types: ['*'] }), 400, 'parameter_missing', 'url');
    expectError(await post('/v1/webhook_endpoints'), 400, 'parameter_missing', 'url');
  });

  it('refuses unknown body fields, naming the field', async () => {
    const error = expectError(
      await post('/v1/webhook_endpoints', { url: 'https://example.com', signal_types: ['*'], enabled_events: ['*'] }),
      400,
      'parameter_unknown',
      'enabled_events',
    );
    expect(error.message).toMatch(/field/);
    expectError(await post('/v1/webhook_endpoints?x=1', { url: 'https://example.com', signal_types: ['*'] }), 400, 'parameter_unknown', 'x');
  });

  it('refuses a description over 500 characters', async () => {
    expect((await create({ description: 'd'.repeat(500) })).description).toHaveLength(500);
    expectError(await post('/v1/webhook_endpoints', { url: 'https://example.com', signal_types: ['*'], description: 'd'.repeat(501) }), 400, 'parameter_invalid', 'description');
  });

  it('refuses URLs that are not absolute https without credentials or fragment', async () => {
    const cases: [string, RegExp][] = [
      ['ftp://example.com/hooks', /https/],
      ['/hooks', /absolute/],
      ['example.com/hooks', /absolute/],
      ['https:example.com/hooks', /absolute/],
      ['https://user:pass@example.com/hooks', /credentials/],
      ['https://user@example.com/hooks', /credentials/],
      ['https://:@example.com/hooks', /credentials/],
      ['https://example.com/hooks#part', /fragment/],
      ['https://example.com/hooks#', /fragment/],
      ['https://example.com/my hooks', /spaces/],
      [' https://example.com/hooks', /spaces/],
      [`https://example.com/${'a'.repeat(2030)}`, /2048/],
    ];
    for (const [url, message] of cases) {
      const error = expectError(await post('/v1/webhook_endpoints', { url, signal_types: ['*'] }), 400, 'parameter_invalid', 'url');
      expect(error.message, url).toMatch(message);
    }
    expect((await create({ url: `https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}` })).url).toHaveLength(2048);
    expect((await create({ url: 'https://hooks.example.com:8443/in?x=1' })).url).toBe('https://hooks.example.com:8443/in?x=1');
  });

  it('refuses plain http outside development mode, loopback included', async () => {
    expect(t.app.config.environment).toBe('production'); // testConfig's default
    for (const url of ['http://example.com/hooks', 'http://localhost:3000/hooks', 'http://127.0.0.1/hooks']) {
      const error = expectError(await post('/v1/webhook_endpoints', { url, signal_types: ['*'] }), 400, 'parameter_invalid', 'url');
      expect(error.message).toMatch(/https/);
    }
  });

  it('refuses, outside development mode, a host that is not public or does not resolve, on create and update', async () => {
    const cases: [string, RegExp][] = [
      ['https://10.0.0.1/hooks', /10\.0\.0\.1 is not a public address/],
      ['https://[::1]/hooks', /::1 is not a public address/],
      ['https://169.254.169.254/latest/meta-data', /169\.254\.169\.254 is not a public address/],
      ['https://[::ffff:127.0.0.1]/hooks', /::ffff:7f00:1 is not a public address/],
      ['https://0.0.0.0/hooks', /0\.0\.0\.0 is not a public address/],
      ['https://100.64.0.1/hooks', /100\.64\.0\.1 is not a public address/],
      ['https://[fe80::1]/hooks', /fe80::1 is not a public address/],
      ['https://224.0.0.1/hooks', /224\.0\.0\.1 is not a public address/],
      ['https://localhost/hooks', /localhost is a loopback host/],
      ['https://LOCALHOST./hooks', /loopback host/],
      ['https://hooks.localhost:8443/in', /hooks\.localhost is a loopback host/],
      ['https://private.example.com/hooks', /^Invalid url: the host private\.example\.com resolves to a non-public address; only public addresses/],
      ['https://mixed.example.com/hooks', /mixed\.example\.com resolves to a non-public address/],
      ['https://ula.example.com/hooks', /ula\.example\.com resolves to a non-public address/],
      ['https://metadata.example.com/hooks', /metadata\.example\.com resolves to a non-public address/],
      ['https://nonexistent.invalid/hooks', /nonexistent\.invalid could not be resolved/],
    ];
    const endpoint = await create();
    for (const [url, message] of cases) {
      const created = expectError(await post('/v1/webhook_endpoints', { url, signal_types: ['*'] }), 400, 'parameter_invalid', 'url');
      expect(created.message, url).toMatch(message);
      // What a name resolves to is never told; an address the client wrote itself may be.
      for (const address of Object.values(DNS).flat()) if (!url.includes(address)) expect(created.message, url).not.toContain(address);
      const updated = expectError(await post(`/v1/webhook_endpoints/${endpoint.id}`, { url }), 400, 'parameter_invalid', 'url');
      expect(updated.message, url).toMatch(message);
    }
    expect((await get(`/v1/webhook_endpoints/${endpoint.id}`)).json().url).toBe(endpoint.url);
    // Public hosts pass, literal addresses included.
    for (const url of [`https://${PUBLIC_ADDRESS}/in`, 'https://[2606:4700:4700::1111]/in', 'https://hooks.example.com/in']) {
      expect((await create({ url })).url).toBe(url);
    }
  });

  it('answers 503 host_lookup_unavailable with Retry-After when our DNS fails for now, logged as a warning without a stack', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    const logged = await buildTestApp({}, t.app.secretBox, logger);
    try {
      const endpoint = await create();
      const url = 'https://dns-down.example.com/hooks';
      const answers: [string, Awaited<ReturnType<typeof post>>][] = [
        ['/v1/webhook_endpoints', await send('POST', '/v1/webhook_endpoints', { url, signal_types: ['*'] }, auth, logged)],
        ['/v1/webhook_endpoints/{id}', await send('POST', `/v1/webhook_endpoints/${endpoint.id}`, { url }, auth, logged)],
      ];
      for (const [route, res] of answers) {
        expect(res.statusCode, route).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json().error).toMatchObject({ type: 'api_error', code: 'host_lookup_unavailable' });
        expect(res.json().error.message).toMatch(/dns-down\.example\.com failed on our side \(EAI_AGAIN\)/);
        expectOpenApi(logged, route, 'POST', 503, res.json());
      }
      expect((await get(`/v1/webhook_endpoints/${endpoint.id}`)).json().url).toBe(endpoint.url);
      const warnings = lines.filter((line) => line.code === 'host_lookup_unavailable');
      expect(warnings).toHaveLength(2);
      for (const line of warnings) expect(line).toMatchObject({ level: 40 });
      const requestLines = lines.filter((line) => line.msg === 'request' && line.status === 503);
      expect(requestLines.map((line) => line.level)).toEqual([40, 40]);
      expect(lines.filter((line) => 'err' in line || 'stack' in line || (line.level as number) >= 50)).toEqual([]);
    } finally {
      await logged.close();
    }
  });

  it('in development mode registers https to any host without asking DNS', async () => {
    for (const url of ['https://10.0.0.1/hooks', 'https://localhost/hooks', 'https://private.example.com/', 'https://nonexistent.invalid/']) {
      const res = await send('POST', '/v1/webhook_endpoints', { url, signal_types: ['*'] }, auth, dev);
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('in development mode accepts plain http for loopback hosts only', async () => {
    for (const url of ['http://localhost:3000/hooks', 'http://127.0.0.1/hooks', 'http://127.8.9.10:8080/', 'http://[::1]:4000/in']) {
      const res = await send('POST', '/v1/webhook_endpoints', { url, signal_types: ['*'] }, auth, dev);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().url).toBe(url);
    }
    for (const url of ['http://example.com/hooks', 'http://10.0.0.1/hooks', 'http://192.168.1.2/', 'http://localhost.example.com/']) {
      const res = await send('POST', '/v1/webhook_endpoints', { url, signal_types: ['*'] }, auth, dev);
      const error = expectError(res, 400, 'parameter_invalid', 'url');
      expect(error.message, url).toMatch(/loopback/);
    }
    expect((await send('POST', '/v1/webhook_endpoints', { url: 'https://example.com', signal_types: ['*'] }, auth, dev)).statusCode).toBe(200);
  });

  it('never writes the secrets to the log', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildTestApp({}, t.app.secretBox, pino({ level: 'trace' }, sink));
    try {
      const created = await send('POST', '/v1/webhook_endpoints', { url: 'https://example.com', signal_types: ['*'] }, auth, logged);
      const rotated = await send('POST', `/v1/webhook_endpoints/${created.json().id}/rotate_secret`, undefined, auth, logged);
      const v1a = await send('POST', `/v1/webhook_endpoints/${created.json().id}/rotate_secret`, { signature_scheme: 'v1a' }, auth, logged);
      expect(v1a.statusCode).toBe(200);
      await send('POST', '/v1/webhook_endpoints', { url: 'ftp://x', signal_types: ['*'] }, auth, logged);
      expect(lines.length).toBeGreaterThan(0);
      const log = lines.join('');
      for (const secret of [created.json().secret, rotated.json().secret]) {
        expect(secret).toMatch(/^whsec_/);
        expect(log).not.toContain(secret);
        expect(log).not.toContain(secret.slice('whsec_'.length));
      }
      // Nor the signing key of a v1a endpoint, which no answer shows either.
      const signingKey = t.app.secretBox.open((await row(created.json().id)).secret);
      expect(log).not.toContain(signingKey.slice('whsk_'.length));
    } finally {
      await logged.close();
    }
  });
});

describe('scope webhook_endpoints:write', () => {
  it('is required by every route: 403 insufficient_scope otherwise', async () => {
    const readOnly = await bearer(t.pool, club.id, { scopes: [...DEFAULT_SCOPES, 'signals:read'] });
    const endpoint = await create();
    const calls: [string, 'GET' | 'POST' | 'DELETE', unknown?][] = [
      ['/v1/webhook_endpoints', 'POST', { url: 'https://example.com', signal_types: ['*'] }],
      ['/v1/webhook_endpoints', 'GET'],
      [`/v1/webhook_endpoints/${endpoint.id}`, 'GET'],
      [`/v1/webhook_endpoints/${endpoint.id}`, 'POST', { description: 'x' }],
      [`/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, 'POST'],
      [`/v1/webhook_endpoints/${endpoint.id}`, 'DELETE'],
      [`/v1/webhook_endpoints/${endpoint.id}/attempts`, 'GET'],
      [`/v1/webhook_endpoints/${endpoint.id}/recover`, 'POST', { since: new Date().toISOString() }],
    ];
    for (const [url, method, body] of calls) {
      const res = await send(method, url, body, readOnly);
      const error = expectError(res, 403, 'insufficient_scope');
      expect(error.message, `${method} ${url}`).toContain('webhook_endpoints:write');
    }
    expect((await get(`/v1/webhook_endpoints/${endpoint.id}`)).json().description).toBe('');
    expect((await row(endpoint.id)).deleted_at).toBeNull();
  });
});

describe('GET /v1/webhook_endpoints', () => {
  it('lists every live endpoint of the club oldest first, unpaginated, in the list envelope', async () => {
    const listClub = await insertClub(t.pool);
    const key = await bearer(t.pool, listClub.id, { scopes: ['customers:read', 'webhook_endpoints:write'] });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await create({ description: `n${i}` }, key)).id);
    await del(`/v1/webhook_endpoints/${ids[3]}`, key);
    const res = await get('/v1/webhook_endpoints', key);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/webhook_endpoints', 'GET', 200, body);
    expect(body).toMatchObject({ object: 'list', has_more: false, url: '/v1/webhook_endpoints' });
    expect(body.data.map((e: { id: string }) => e.id)).toEqual(ids.filter((_, i) => i !== 3));
    // Another club's endpoints never appear.
    const otherIds = (await get('/v1/webhook_endpoints', otherAuth)).json().data.map((e: { id: string }) => e.id);
    expect(otherIds.some((id: string) => ids.includes(id))).toBe(false);
  });

  it('takes no parameters, pagination included', async () => {
    expectError(await get('/v1/webhook_endpoints?limit=10'), 400, 'parameter_unknown', 'limit');
    expectError(await get('/v1/webhook_endpoints?starting_after=we_x'), 400, 'parameter_unknown', 'starting_after');
  });
});

describe('GET /v1/webhook_endpoints/{id}', () => {
  it('returns the endpoint as the list shows it', async () => {
    const endpoint = await create({ description: 'one' });
    const res = await get(`/v1/webhook_endpoints/${endpoint.id}`);
    expect(res.statusCode).toBe(200);
    expectOpenApi(t.app, '/v1/webhook_endpoints/{id}', 'GET', 200, res.json());
    const { secret: _secret, ...withoutSecret } = endpoint;
    expect(res.json()).toEqual(withoutSecret);
    const listed = (await get('/v1/webhook_endpoints')).json().data.find((e: { id: string }) => e.id === endpoint.id);
    expect(listed).toEqual(res.json());
  });

  it('gives the same 404 for an unknown id and another club’s endpoint', async () => {
    const mine = await create();
    const unknown = await get('/v1/webhook_endpoints/we_nope');
    expectError(unknown, 404, 'resource_missing', 'id');
    expectOpenApi(t.app, '/v1/webhook_endpoints/{id}', 'GET', 404, unknown.json());
    expectError(await get(`/v1/webhook_endpoints/${mine.id}`, otherAuth), 404, 'resource_missing', 'id');
    expectError(await get(`/v1/webhook_endpoints/${mine.id}?expand=x`), 400, 'parameter_unknown', 'expand');
  });
});

describe('POST /v1/webhook_endpoints/{id}', () => {
  it('updates url, signal types, scopes and description, checked as on creation', async () => {
    const endpoint = await create({ signal_types: ['customer.created'] });
    const res = await post(`/v1/webhook_endpoints/${endpoint.id}`, {
      url: 'https://new.example.com/in',
      signal_types: ['booking.created', 'booking.created', 'event.updated'],
      scopes: ['bookings:read', 'events:read'],
      description: 'moved',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/webhook_endpoints/{id}', 'POST', 200, body);
    expect(body).not.toHaveProperty('secret');
    expect(body).toMatchObject({
      id: endpoint.id,
      url: 'https://new.example.com/in',
      signal_types: ['booking.created', 'event.updated'],
      scopes: ['bookings:read', 'events:read'],
      description: 'moved',
      status: 'active',
      created_at: endpoint.created_at,
    });
    expect((await get(`/v1/webhook_endpoints/${endpoint.id}`)).json()).toEqual(body);
    // One field alone leaves the others as they are.
    const described = (await post(`/v1/webhook_endpoints/${endpoint.id}`, { description: '' })).json();
    expect(described).toEqual({ ...body, description: '' });
  });

  it('refuses what creation refuses', async () => {
    const endpoint = await create();
    const path = `/v1/webhook_endpoints/${endpoint.id}`;
    expectError(await post(path, { url: 'http://example.com' }), 400, 'parameter_invalid', 'url');
    expectError(await post(path, { url: 'https://a:b@example.com' }), 400, 'parameter_invalid', 'url');
    expectError(await post(path, { signal_types: ['nope'] }), 400, 'parameter_invalid', 'signal_types');
    expectError(await post(path, { signal_types: ['*', 'customer.created'] }), 400, 'parameter_invalid', 'signal_types');
    expectError(await post(path, { scopes: ['schedule:read'] }), 400, 'parameter_invalid', 'scopes');
    expectError(await post(path, { status: 'paused' }), 400, 'parameter_invalid', 'status');
    expectError(await post(path, { description: 'x'.repeat(501) }), 400, 'parameter_invalid', 'description');
    const unknown = expectError(await post(path, { secret: 'whsec_x' }), 400, 'parameter_unknown', 'secret');
    expect(unknown.message).toMatch(/field/);
    expect((await get(path)).json()).toMatchObject({ url: endpoint.url, signal_types: ['*'], scopes: SIGNAL_SCOPES });
  });

  it('refuses an empty update, saying there is nothing to update and naming the body', async () => {
    const endpoint = await create();
    for (const body of [{}, undefined]) {
      const error = expectError(await post(`/v1/webhook_endpoints/${endpoint.id}`, body), 400, 'parameter_missing', 'body');
      expect(error.message).toMatch(/Nothing to update/);
    }
  });

  it('keeps scopes within the key and signal types within the scopes', async () => {
    const endpoint = await create({ signal_types: ['customer.created'], scopes: ['customers:read'] }, narrow);
    const path = `/v1/webhook_endpoints/${endpoint.id}`;
    expectError(await post(path, { scopes: ['customers:read', 'bookings:read'] }, narrow), 400, 'parameter_invalid', 'scopes');
    expectError(await post(path, { signal_types: ['booking.created'] }, narrow), 400, 'parameter_invalid', 'signal_types');
    // Narrowing the scopes below the subscribed types is named on scopes.
    const full = await create({ signal_types: ['customer.created', 'booking.created'] });
    const error = expectError(await post(`/v1/webhook_endpoints/${full.id}`, { scopes: ['customers:read'] }), 400, 'parameter_invalid', 'scopes');
    expect(error.message).toContain('booking.created signals require bookings:read');
    expect((await post(`/v1/webhook_endpoints/${full.id}`, { signal_types: ['customer.created'], scopes: ['customers:read'] })).statusCode).toBe(200);
  });

  it('disables with reason requested and cancels pending deliveries; re-enabling clears the reason and the failure clock', async () => {
    const endpoint = await create({ signal_types: ['customer.created'] });
    const customer = await newCustomer();
    const [signal] = await signalsOf(customer);
    await insertDelivery(endpoint.id, signal!, 'pending', 2);
    await t.pool.query(`UPDATE webhook_endpoints SET failing_since = now() - interval '1 day' WHERE id = $1`, [endpoint.id]);

    const disabled = await post(`/v1/webhook_endpoints/${endpoint.id}`, { status: 'disabled' });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ status: 'disabled', disabled_reason: 'requested' });
    expectOpenApi(t.app, '/v1/webhook_endpoints/{id}', 'POST', 200, disabled.json());
    const [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ status: 'canceled' });
    expect(delivery!.completed_at).not.toBeNull();

    const enabled = await post(`/v1/webhook_endpoints/${endpoint.id}`, { status: 'active' });
    expect(enabled.json()).toMatchObject({ status: 'active', disabled_reason: null });
    const stored = await row(endpoint.id);
    expect(stored).toMatchObject({ status: 'active', disabled_reason: null, failing_since: null });
  });

  it('keeps the reason of an endpoint the pipeline disabled when it is disabled again, and re-enables it', async () => {
    const endpoint = await create();
    await t.pool.query(
      `UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = 'failing', failing_since = now() - interval '6 days' WHERE id = $1`,
      [endpoint.id],
    );
    expect((await post(`/v1/webhook_endpoints/${endpoint.id}`, { status: 'disabled' })).json().disabled_reason).toBe('failing');
    const enabled = (await post(`/v1/webhook_endpoints/${endpoint.id}`, { status: 'active' })).json();
    expect(enabled).toMatchObject({ status: 'active', disabled_reason: null });
    expect((await row(endpoint.id)).failing_since).toBeNull();
  });

  it('gives 404 for an unknown id or another club’s endpoint, after checking the body', async () => {
    const endpoint = await create();
    expectError(await post('/v1/webhook_endpoints/we_nope', { description: 'x' }), 404, 'resource_missing');
    expectError(await post(`/v1/webhook_endpoints/${endpoint.id}`, { description: 'x' }, otherAuth), 404, 'resource_missing');
    expectError(await post('/v1/webhook_endpoints/we_nope', { url: 'ftp://x' }), 400, 'parameter_invalid', 'url');
    expect((await get(`/v1/webhook_endpoints/${endpoint.id}`)).json().description).toBe('');
  });
});

describe('an endpoint signing with v1a (ed25519)', () => {
  it('is created with a public key and no secret to show; its signing key is sealed, and GET shows the public key', async () => {
    const res = await post('/v1/webhook_endpoints', { url: 'https://example.com/hooks', signal_types: ['*'], signature_scheme: 'v1a' });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    expectOpenApi(t.app, '/v1/webhook_endpoints', 'POST', 200, created);
    expect(created).toMatchObject({ signature_scheme: 'v1a', secret: null });
    expect(created.public_key).toMatch(/^whpk_[A-Za-z0-9+/]{43}=$/);
    const signingKey = t.app.secretBox.open((await row(created.id)).secret);
    expect(signingKey).toMatch(/^whsk_/);
    expect(publicKeyOf(signingKey)).toBe(created.public_key);
    const read = (await get(`/v1/webhook_endpoints/${created.id}`)).json();
    expect(read).toMatchObject({ signature_scheme: 'v1a', public_key: created.public_key });
    expect(JSON.stringify(read)).not.toContain(signingKey.slice('whsk_'.length));
    // A v1 endpoint has no public key.
    expect(await create()).toMatchObject({ signature_scheme: 'v1', public_key: null });
  });

  it('refuses another scheme, and a scheme change by update (rotate_secret switches it)', async () => {
    expectError(await post('/v1/webhook_endpoints', { url: 'https://example.com', signal_types: ['*'], signature_scheme: 'v2' }), 400, 'parameter_invalid', 'signature_scheme');
    const endpoint = await create();
    expectError(await post(`/v1/webhook_endpoints/${endpoint.id}`, { signature_scheme: 'v1a' }), 400, 'parameter_unknown', 'signature_scheme');
  });
});

describe('POST /v1/webhook_endpoints/{id}/rotate_secret', () => {
  it('returns a new secret; the old one keeps signing for 24 hours', async () => {
    const endpoint = await create();
    const res = await post(`/v1/webhook_endpoints/${endpoint.id}/rotate_secret`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/webhook_endpoints/{id}/rotate_secret', 'POST', 200, body);
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(body.secret).not.toBe(endpoint.secret);
    const { secret: _old, ...rest } = endpoint;
    expect(body).toEqual({ ...rest, secret: body.secret });
    const { rows } = await t.pool.query(
      `SELECT secret, previous_secret, extract(epoch FROM previous_secret_until - now()) AS left_s FROM webhook_endpoints WHERE id = $1`,
      [endpoint.id],
    );
    expect(t.app.secretBox.open(rows[0].secret)).toBe(body.secret);
    expect(t.app.secretBox.open(rows[0].previous_secret)).toBe(endpoint.secret);
    expect(Number(rows[0].left_s)).toBeGreaterThan(24 * 3600 - 60);
    expect(Number(rows[0].left_s)).toBeLessThanOrEqual(24 * 3600);
  });

  it('takes no body, an empty JSON object or an empty JSON body, and nothing else', async () => {
    const endpoint = await create();
    const path = `/v1/webhook_endpoints/${endpoint.id}/rotate_secret`;
    expect((await post(path, {})).statusCode).toBe(200);
    const empty = await t.app.inject({ method: 'POST', url: path, headers: { authorization: auth, 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode, empty.body).toBe(200);
    // The latest rotation replaces the previous secret with the one it retired.
    const before = empty.json().secret;
    const last = (await post(path)).json();
    expect(t.app.secretBox.open((await row(endpoint.id)).previous_secret)).toBe(before);
    expect(last.secret).not.toBe(before);
    expectError(await post(path, { expires_in: 60 }), 400, 'parameter_unknown', 'expires_in');
    expectError(await post(path, { signature_scheme: 'v2' }), 400, 'parameter_invalid', 'signature_scheme');
    const broken = await t.app.inject({ method: 'POST', url: path, headers: { authorization: auth, 'content-type': 'application/json' }, payload: '{' });
    expect(broken.statusCode).toBe(400);
    // A body that is no JSON object is refused before any route sees it (plugins/input-guard.ts).
    expectError(await post(path, [1]), 400, 'body_invalid', 'body');
    // The document does not call for a body either: signature_scheme is all it may hold.
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, { requestBody?: { required: boolean } }>> };
    expect(doc.paths['/v1/webhook_endpoints/{id}/rotate_secret']!.post!.requestBody!.required).toBe(false);
  });

  it('switches the scheme when asked: v1 to v1a keeps the v1 secret signing for 24 hours, and back shows a new whsec_', async () => {
    const endpoint = await create();
    const path = `/v1/webhook_endpoints/${endpoint.id}/rotate_secret`;
    const toV1a = await post(path, { signature_scheme: 'v1a' });
    expect(toV1a.statusCode, toV1a.body).toBe(200);
    expectOpenApi(t.app, '/v1/webhook_endpoints/{id}/rotate_secret', 'POST', 200, toV1a.json());
    expect(toV1a.json()).toMatchObject({ signature_scheme: 'v1a', secret: null });
    const publicKey = toV1a.json().public_key as string;
    const stored = await row(endpoint.id);
    const signingKey = t.app.secretBox.open(stored.secret);
    expect(publicKeyOf(signingKey)).toBe(publicKey);
    expect(t.app.secretBox.open(stored.previous_secret)).toBe(endpoint.secret);
    // A rotation without a scheme keeps the endpoint's own.
    const again = (await post(path)).json();
    expect(again).toMatchObject({ signature_scheme: 'v1a', secret: null });
    expect(again.public_key).not.toBe(publicKey);
    expect(t.app.secretBox.open((await row(endpoint.id)).previous_secret)).toBe(signingKey);
    const back = (await post(path, { signature_scheme: 'v1' })).json();
    expect(back).toMatchObject({ signature_scheme: 'v1', public_key: null });
    expect(back.secret).toMatch(/^whsec_/);
  });

  it('gives 404 for an unknown id or another club’s endpoint', async () => {
    const endpoint = await create();
    expectError(await post('/v1/webhook_endpoints/we_nope/rotate_secret'), 404, 'resource_missing');
    expectError(await post(`/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, undefined, otherAuth), 404, 'resource_missing');
    expect((await row(endpoint.id)).previous_secret).toBeNull();
  });
});

describe('DELETE /v1/webhook_endpoints/{id}', () => {
  it('deletes softly, cancels pending deliveries, keeps the history, and 404s afterwards', async () => {
    const endpoint = await create({ signal_types: ['customer.created', 'customer.updated'], scopes: ['customers:read'] });
    const bystander = await create({ signal_types: ['customer.created'], scopes: ['customers:read'] });
    const customer = await newCustomer();
    await t.pool.query(`UPDATE customers SET first_name = 'Zoe' WHERE club_id = $1 AND id = $2`, [club.id, customer]);
    const [created, updated] = await signalsOf(customer);
    await insertDelivery(endpoint.id, created!, 'succeeded');
    await insertDelivery(endpoint.id, updated!, 'pending', 3);
    await insertDelivery(bystander.id, created!, 'pending');
    await t.pool.query(
      `INSERT INTO delivery_attempts (club_id, endpoint_id, signal_id, signal_sequence, attempt_number, attempted_at, status_code, duration_ms)
       VALUES ($1, $2, $3, $4, 1, now(), 500, 12)`,
      [club.id, endpoint.id, updated!.id, updated!.sequence],
    );

    const res = await del(`/v1/webhook_endpoints/${endpoint.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: endpoint.id, object: 'webhook_endpoint', deleted: true });
    expectOpenApi(t.app, '/v1/webhook_endpoints/{id}', 'DELETE', 200, res.json());

    expect((await row(endpoint.id)).deleted_at).not.toBeNull();
    const rows = await deliveries(endpoint.id);
    expect(rows.map((d) => d.status)).toEqual(['succeeded', 'canceled']);
    expect(rows[1]!.completed_at).not.toBeNull();
    expect((await deliveries(bystander.id)).map((d) => d.status)).toEqual(['pending']);
    const attempts = await t.pool.query('SELECT count(*)::int AS n FROM delivery_attempts WHERE endpoint_id = $1', [endpoint.id]);
    expect(attempts.rows[0].n).toBe(1);

    const path = `/v1/webhook_endpoints/${endpoint.id}`;
    expectError(await get(path), 404, 'resource_missing');
    expectError(await del(path), 404, 'resource_missing');
    expectError(await post(path, { description: 'x' }), 404, 'resource_missing');
    expectError(await post(`${path}/rotate_secret`), 404, 'resource_missing');
    expectError(await get(`${path}/attempts`), 404, 'resource_missing');
    expectError(await post(`${path}/recover`, { since: new Date(Date.now() - 3600_000).toISOString() }), 404, 'resource_missing');
    const listed = (await get('/v1/webhook_endpoints')).json().data.map((e: { id: string }) => e.id);
    expect(listed).not.toContain(endpoint.id);
    expect(listed).toContain(bystander.id);
  });

  it('gives 404 for an unknown id or another club’s endpoint, and deletes nothing', async () => {
    const endpoint = await create();
    expectError(await del('/v1/webhook_endpoints/we_nope'), 404, 'resource_missing');
    expectError(await del(`/v1/webhook_endpoints/${endpoint.id}`, otherAuth), 404, 'resource_missing');
    expect((await row(endpoint.id)).deleted_at).toBeNull();
  });
});

describe('an endpoint\'s health', () => {
  it('shows failing_since and disable_at once failing, the last success, the pending and given-up deliveries; re-enabling renews the window', async () => {
    const hc = await insertClub(t.pool);
    const hcAuth = await bearer(t.pool, hc.id, { scopes: [...DEFAULT_SCOPES, 'webhook_endpoints:write'] });
    const endpoint = await create({ scopes: ['customers:read'] }, hcAuth);
    expect(endpoint.health).toEqual({ failing_since: null, disable_at: null, last_success_at: null, pending_deliveries: 0, given_up_deliveries: 0 });
    const signals = [];
    for (let i = 0; i < 5; i++) signals.push((await signalsOf(await newCustomer(hc.id)))[0]!);
    await insertDelivery(endpoint.id, signals[0]!, 'succeeded', 1, hc.id);
    await insertDelivery(endpoint.id, signals[1]!, 'failed', 8, hc.id);
    await insertDelivery(endpoint.id, signals[2]!, 'pending', 2, hc.id);
    await insertDelivery(endpoint.id, signals[3]!, 'pending', 1, hc.id);
    await insertDelivery(endpoint.id, signals[4]!, 'canceled', 1, hc.id);
    const attempt = (signal: { id: string; sequence: number }, at: string, status: number) => insertAttempt(hc.id, endpoint.id, signal, { at, status });
    await attempt(signals[0]!, '2026-05-01T10:00:00Z', 200);
    await attempt(signals[0]!, '2026-05-01T09:00:00Z', 204);
    // Not failing: the newest attempt, a success, is the last success.
    expect((await get(`/v1/webhook_endpoints/${endpoint.id}`, hcAuth)).json().health.last_success_at).toBe('2026-05-01T10:00:00.000Z');
    await attempt(signals[2]!, '2026-05-01T11:00:00Z', 500);
    // As the worker leaves an endpoint whose streak began with that failure (cd_record_attempts),
    // keeping the success before it, after `failed` attempts.
    const streak = (failed: number) =>
      t.pool.query(
        `UPDATE webhook_endpoints SET failing_since = '2026-05-01T11:00:00Z', disable_at = '2026-05-06T11:00:00Z',
                                      last_success_at = '2026-05-01T10:00:00Z', failed_attempts = $3
          WHERE club_id = $1 AND id = $2`,
        [hc.id, endpoint.id, failed],
      );
    const read = async () => {
      const res = await get(`/v1/webhook_endpoints/${endpoint.id}`, hcAuth);
      expectOpenApi(t.app, '/v1/webhook_endpoints/{id}', 'GET', 200, res.json());
      return res.json().health;
    };
    // Three failures in a row are not failing yet (cd_endpoint_failing): nothing to show.
    await streak(3);
    expect(await read()).toMatchObject({ failing_since: null, disable_at: null, last_success_at: '2026-05-01T10:00:00.000Z' });
    await streak(4);
    expect(await read()).toEqual({
      failing_since: '2026-05-01T11:00:00.000Z',
      disable_at: '2026-05-06T11:00:00.000Z',
      last_success_at: '2026-05-01T10:00:00.000Z',
      pending_deliveries: 2,
      given_up_deliveries: 1,
    });
    const listed = (await get('/v1/webhook_endpoints', hcAuth)).json().data.find((e: { id: string }) => e.id === endpoint.id);
    expect(listed.health.disable_at).toBe('2026-05-06T11:00:00.000Z');

    // Disabled: no time to be disabled at any more; the streak and the counts stay to be seen.
    const disabled = (await post(`/v1/webhook_endpoints/${endpoint.id}`, { status: 'disabled' }, hcAuth)).json();
    expect(disabled.health).toMatchObject({ failing_since: '2026-05-01T11:00:00.000Z', disable_at: null });
    // Enabled again: the run goes on until a success, with its whole window (5 days) from now.
    const before = Date.now();
    const enabled = (await post(`/v1/webhook_endpoints/${endpoint.id}`, { status: 'active' }, hcAuth)).json();
    expect(enabled.health).toMatchObject({ failing_since: '2026-05-01T11:00:00.000Z', last_success_at: '2026-05-01T10:00:00.000Z' });
    const window = 5 * 24 * 3600_000;
    expect(Date.parse(enabled.health.disable_at)).toBeGreaterThanOrEqual(before + window - 1000);
    expect(Date.parse(enabled.health.disable_at)).toBeLessThanOrEqual(Date.now() + window + 1000);
  });
});

describe('GET /v1/webhook_endpoints/{id}/attempts', () => {
  let endpoint: { id: string };
  let neighbour: { id: string };
  const attemptIds: string[] = []; // newest first

  beforeAll(async () => {
    endpoint = await create();
    neighbour = await create();
    const insert = (endpointId: string, id: string, at: string, status: number | null, error: string | null) =>
      t.pool.query(
        `INSERT INTO delivery_attempts (club_id, id, endpoint_id, signal_id, signal_sequence, attempt_number, attempted_at,
                                        status_code, error, duration_ms, response_excerpt)
         VALUES ($1, $2, $3, 'sig_abc', 7, 1, $4, $5, $6, 42, 'nope')`,
        [club.id, id, endpointId, at, status, error],
      );
    // Two at the same instant: the id breaks the tie, descending too.
    const rows: [string, string, number | null, string | null][] = [
      ['atmpt_e', '2026-05-01T10:00:04.500Z', 200, null],
      ['atmpt_d2', '2026-05-01T10:00:03Z', 503, 'HTTP 503'],
      ['atmpt_d1', '2026-05-01T10:00:03Z', 503, 'HTTP 503'],
      ['atmpt_b', '2026-05-01T10:00:02Z', null, 'timeout after 15000 ms'],
      ['atmpt_a', '2026-05-01T10:00:01Z', 500, 'HTTP 500'],
    ];
    for (const [id, at, status, error] of rows) {
      await insert(endpoint.id, `${id}_${uid()}`, at, status, error);
    }
    const { rows: stored } = await t.pool.query(
      'SELECT id FROM delivery_attempts WHERE endpoint_id = $1 ORDER BY attempted_at DESC, id DESC',
      [endpoint.id],
    );
    attemptIds.push(...stored.map((r) => r.id));
    await insert(neighbour.id, `atmpt_n_${uid()}`, '2026-05-01T10:00:05Z', 200, null);
  });

  it('lists the endpoint’s attempts newest first, every field rendered', async () => {
    const res = await get(`/v1/webhook_endpoints/${endpoint.id}/attempts`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/webhook_endpoints/{id}/attempts', 'GET', 200, body);
    expect(body).toMatchObject({ object: 'list', has_more: false, url: `/v1/webhook_endpoints/${endpoint.id}/attempts` });
    expect(body.data.map((a: { id: string }) => a.id)).toEqual(attemptIds);
    expect(attemptIds[1]! > attemptIds[2]!).toBe(true);
    expect(body.data[0]).toEqual({
      id: attemptIds[0],
      object: 'webhook_attempt',
      endpoint_id: endpoint.id,
      signal_id: 'sig_abc',
      attempt_number: 1,
      outcome: 'succeeded',
      attempted_at: '2026-05-01T10:00:04.500Z',
      status_code: 200,
      error: null,
      duration_ms: 42,
      response_excerpt: 'nope',
    });
    expect(body.data[3]).toMatchObject({ status_code: null, error: 'timeout after 15000 ms', outcome: 'failed' });
    expect(body.data.map((a: { outcome: string }) => a.outcome)).toEqual(['succeeded', 'failed', 'failed', 'failed', 'failed']);
  });

  it('filters by outcome, by the signal’s type and by when the attempt was made, and pages within the filter', async () => {
    const path = `/v1/webhook_endpoints/${endpoint.id}/attempts`;
    const ids = async (query: string) => {
      const res = await get(`${path}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expectOpenApi(t.app, '/v1/webhook_endpoints/{id}/attempts', 'GET', 200, res.json());
      return res.json().data.map((a: { id: string }) => a.id);
    };
    expect(await ids('outcome=succeeded')).toEqual(attemptIds.slice(0, 1));
    expect(await ids('outcome=failed')).toEqual(attemptIds.slice(1));
    expect(await ids('outcome=failed&limit=2')).toEqual(attemptIds.slice(1, 3));
    const next = await get(`${path}?outcome=failed&limit=2&starting_after=${attemptIds[2]}`);
    expect(next.json().data.map((a: { id: string }) => a.id)).toEqual(attemptIds.slice(3, 5));
    // Both bounds inclusive, to the millisecond.
    expect(await ids('created_after=2026-05-01T10:00:02Z&created_before=2026-05-01T10:00:03Z')).toEqual(attemptIds.slice(1, 4));
    expect(await ids('created_after=2026-05-01T10:00:04.501Z')).toEqual([]);
    expect(await ids('created_before=2026-05-01T10:00:01Z&outcome=failed')).toEqual(attemptIds.slice(4));

    // The signal's type, read from the stored signal: none of these attempts' signals exists.
    expect(await ids('signal_type=customer.created')).toEqual([]);
    const customer = await newCustomer();
    await t.pool.query(`UPDATE customers SET first_name = 'Eva' WHERE club_id = $1 AND id = $2`, [club.id, customer]);
    const [created, updated] = await signalsOf(customer);
    const typed = await create();
    for (const [signal, at] of [[created!, '2026-05-02T10:00:00Z'], [updated!, '2026-05-02T10:00:01Z']] as const) {
      await insertAttempt(club.id, typed.id, signal, { at, status: 200, number: 2 });
    }
    const byType = async (type: string) =>
      (await get(`/v1/webhook_endpoints/${typed.id}/attempts?signal_type=${type}`)).json().data.map((a: { signal_id: string }) => a.signal_id);
    expect(await byType('customer.updated')).toEqual([updated!.id]);
    expect(await byType('customer.created')).toEqual([created!.id]);
    expect(await byType('booking.created')).toEqual([]);
  });

  it('refuses an unknown outcome or signal type and a window that ends before it starts', async () => {
    const path = `/v1/webhook_endpoints/${endpoint.id}/attempts`;
    expectError(await get(`${path}?outcome=pending`), 400, 'parameter_invalid', 'outcome');
    expectError(await get(`${path}?signal_type=customer.exploded`), 400, 'parameter_invalid', 'signal_type');
    expectError(await get(`${path}?created_after=yesterday`), 400, 'parameter_invalid', 'created_after');
    expectError(await get(`${path}?created_after=2026-05-02T00:00:00Z&created_before=2026-05-01T00:00:00Z`), 400, 'parameter_invalid');
  });

  it('pages with limit and starting_after', async () => {
    const path = `/v1/webhook_endpoints/${endpoint.id}/attempts`;
    const first = (await get(`${path}?limit=2`)).json();
    expect(first.has_more).toBe(true);
    expect(first.data.map((a: { id: string }) => a.id)).toEqual(attemptIds.slice(0, 2));
    const second = (await get(`${path}?limit=2&starting_after=${first.data[1].id}`)).json();
    expectOpenApi(t.app, '/v1/webhook_endpoints/{id}/attempts', 'GET', 200, second);
    expect(second.has_more).toBe(true);
    expect(second.data.map((a: { id: string }) => a.id)).toEqual(attemptIds.slice(2, 4));
    const third = (await get(`${path}?limit=2&starting_after=${second.data[1].id}`)).json();
    expect(third.has_more).toBe(false);
    expect(third.data.map((a: { id: string }) => a.id)).toEqual(attemptIds.slice(4));
  });

  it('refuses a cursor that is not an attempt of this endpoint, bad limits and unknown parameters', async () => {
    const path = `/v1/webhook_endpoints/${endpoint.id}/attempts`;
    const { rows } = await t.pool.query('SELECT id FROM delivery_attempts WHERE endpoint_id = $1', [neighbour.id]);
    expectError(await get(`${path}?starting_after=${rows[0].id}`), 400, 'parameter_invalid', 'starting_after');
    expectError(await get(`${path}?starting_after=atmpt_nope`), 400, 'parameter_invalid', 'starting_after');
    expectError(await get(`${path}?limit=0`), 400, 'parameter_invalid', 'limit');
    expectError(await get(`${path}?limit=101`), 400, 'parameter_invalid', 'limit');
    expectError(await get(`${path}?order=asc`), 400, 'parameter_unknown', 'order');
  });

  it('gives 404 for an unknown endpoint or another club’s, and an empty list for one never attempted', async () => {
    const unknown = await get('/v1/webhook_endpoints/we_nope/attempts');
    expectError(unknown, 404, 'resource_missing');
    expectOpenApi(t.app, '/v1/webhook_endpoints/{id}/attempts', 'GET', 404, unknown.json());
    expectError(await get(`/v1/webhook_endpoints/${endpoint.id}/attempts`, otherAuth), 404, 'resource_missing');
    const fresh = await create();
    expect((await get(`/v1/webhook_endpoints/${fresh.id}/attempts`)).json().data).toEqual([]);
  });
});

describe('GET /v1/signals/{id}/attempts', () => {
  // A club of its own: its endpoints and attempts are this test's alone.
  let sc: { id: string };
  let scAuth: string;
  let customerSignal: { id: string; sequence: number };
  let bookingSignal: { id: string; sequence: number };
  let customersOnly: { id: string };
  let wide: { id: string };
  const expected: string[] = []; // the customer signal's attempts shown to a key holding every scope, newest first
  const attempt = (endpointId: string, signal: { id: string; sequence: number }, number: number, at: string, status: number | null) =>
    insertAttempt(sc.id, endpointId, signal, { at, status, number });

  beforeAll(async () => {
    sc = await insertClub(t.pool);
    scAuth = await bearer(t.pool, sc.id, { scopes: [...DEFAULT_SCOPES, 'webhook_endpoints:write'] });
    const customer = await newCustomer(sc.id);
    const booking = await insertBooking(t.pool, sc.id, {
      customerId: customer,
      businessDate: '2026-07-01',
      start: '2026-07-01T14:00:00Z',
      end: '2026-07-01T15:30:00Z',
    });
    customerSignal = (await signalsOf(customer))[0]!;
    bookingSignal = (await signalsOf(booking))[0]!;
    customersOnly = await create({ scopes: ['customers:read'] }, scAuth);
    wide = await create({ scopes: ['customers:read', 'bookings:read'] }, scAuth);
    const deleted = await create({ scopes: ['customers:read'] }, scAuth);
    const first = await attempt(customersOnly.id, customerSignal, 1, '2026-06-01T10:00:00Z', 500);
    const second = await attempt(customersOnly.id, customerSignal, 2, '2026-06-01T10:00:05Z', 200);
    const toWide = await attempt(wide.id, customerSignal, 1, '2026-06-01T10:00:01Z', 200);
    await attempt(deleted.id, customerSignal, 1, '2026-06-01T10:00:02Z', 200);
    await attempt(customersOnly.id, bookingSignal, 1, '2026-06-01T10:00:03Z', 200);
    expect((await del(`/v1/webhook_endpoints/${deleted.id}`, scAuth)).statusCode).toBe(200);
    expected.push(second, toWide, first);
  });

  it('lists the signal’s attempts to every endpoint the key may see, newest first, and pages them', async () => {
    const res = await get(`/v1/signals/${customerSignal.id}/attempts`, scAuth);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/signals/{id}/attempts', 'GET', 200, body);
    expect(body).toMatchObject({ object: 'list', has_more: false, url: `/v1/signals/${customerSignal.id}/attempts` });
    expect(body.data.map((a: { id: string }) => a.id)).toEqual(expected);
    expect(body.data.map((a: { endpoint_id: string; attempt_number: number; outcome: string }) => [a.endpoint_id, a.attempt_number, a.outcome])).toEqual([
      [customersOnly.id, 2, 'succeeded'],
      [wide.id, 1, 'succeeded'],
      [customersOnly.id, 1, 'failed'],
    ]);
    expect(body.data.every((a: { signal_id: string }) => a.signal_id === customerSignal.id)).toBe(true);

    const page = (await get(`/v1/signals/${customerSignal.id}/attempts?limit=2`, scAuth)).json();
    expect(page.has_more).toBe(true);
    const rest = (await get(`/v1/signals/${customerSignal.id}/attempts?limit=2&starting_after=${page.data[1].id}`, scAuth)).json();
    expect([...page.data, ...rest.data].map((a: { id: string }) => a.id)).toEqual(expected);
    expect(rest.has_more).toBe(false);
    const failed = (await get(`/v1/signals/${customerSignal.id}/attempts?outcome=failed`, scAuth)).json();
    expect(failed.data.map((a: { id: string }) => a.id)).toEqual(expected.slice(2));
  });

  it('shows a key only the endpoints whose every scope it holds, and no signal it may not read', async () => {
    const customersKey = await bearer(t.pool, sc.id, { scopes: ['customers:read', 'webhook_endpoints:write'] });
    const mine = (await get(`/v1/signals/${customerSignal.id}/attempts`, customersKey)).json();
    expect(mine.data.map((a: { endpoint_id: string }) => a.endpoint_id)).toEqual([customersOnly.id, customersOnly.id]);
    expectError(await get(`/v1/signals/${bookingSignal.id}/attempts`, customersKey), 404, 'resource_missing');
    // An attempt to an endpoint the key may not see is no cursor for it either.
    const toWide = (await get(`/v1/signals/${customerSignal.id}/attempts`, scAuth)).json().data.find((a: { endpoint_id: string }) => a.endpoint_id === wide.id);
    expectError(await get(`/v1/signals/${customerSignal.id}/attempts?starting_after=${toWide.id}`, customersKey), 400, 'parameter_invalid', 'starting_after');
    const bookings = (await get(`/v1/signals/${bookingSignal.id}/attempts`, scAuth)).json();
    expect(bookings.data.map((a: { endpoint_id: string }) => a.endpoint_id)).toEqual([customersOnly.id]);
  });

  it('gives 404 for an unknown signal or another club’s, 403 without webhook_endpoints:write, 400 for a foreign cursor', async () => {
    expectError(await get('/v1/signals/sig_nope/attempts', scAuth), 404, 'resource_missing');
    expectError(await get(`/v1/signals/${customerSignal.id}/attempts`, otherAuth), 404, 'resource_missing');
    const reader = await bearer(t.pool, sc.id, { scopes: [...DEFAULT_SCOPES] });
    const refused = await get(`/v1/signals/${customerSignal.id}/attempts`, reader);
    expect(refused.statusCode).toBe(403);
    const { rows } = await t.pool.query('SELECT id FROM delivery_attempts WHERE signal_id = $1', [bookingSignal.id]);
    expectError(await get(`/v1/signals/${customerSignal.id}/attempts?starting_after=${rows[0].id}`, scAuth), 400, 'parameter_invalid', 'starting_after');
    expectError(await get(`/v1/signals/${customerSignal.id}/attempts?outcome=maybe`, scAuth), 400, 'parameter_invalid', 'outcome');
  });
});

describe('POST /v1/webhook_endpoints/{id}/resend', () => {
  let rs: { id: string };
  let rsAuth: string;
  const resend = (id: string, body: unknown, authorization = rsAuth) => post(`/v1/webhook_endpoints/${id}/resend`, body, authorization);

  beforeAll(async () => {
    rs = await insertClub(t.pool);
    rsAuth = await bearer(t.pool, rs.id, { scopes: [...DEFAULT_SCOPES, 'webhook_endpoints:write'] });
  });

  it('queues the signal again from the first attempt, whether its delivery succeeded, gave up, waits for a retry or was never made', async () => {
    const customers = [];
    for (let i = 0; i < 5; i++) customers.push(await newCustomer(rs.id));
    const signals = [];
    for (const customer of customers) signals.push((await signalsOf(customer))[0]!);
    const endpoint = await create({ signal_types: ['customer.created'], scopes: ['customers:read'] }, rsAuth);
    await insertDelivery(endpoint.id, signals[0]!, 'succeeded', 1, rs.id);
    await insertDelivery(endpoint.id, signals[1]!, 'failed', 8, rs.id);
    await insertDelivery(endpoint.id, signals[2]!, 'pending', 3, rs.id); // its retry is due in an hour
    // signals[3]: no delivery (the endpoint was created after it)
    await insertDelivery(endpoint.id, signals[4]!, 'canceled', 2, rs.id);

    for (const signal of signals) {
      const res = await resend(endpoint.id, { signal_id: signal.id });
      expect(res.statusCode, res.body).toBe(202);
      expectOpenApi(t.app, '/v1/webhook_endpoints/{id}/resend', 'POST', 202, res.json());
      expect(res.json()).toEqual({ object: 'resend', endpoint_id: endpoint.id, signal_id: signal.id, queued: true });
    }
    const rows = await deliveries(endpoint.id);
    expect(rows.map((r) => r.sequence)).toEqual(signals.map((s) => s.sequence));
    for (const r of rows) expect(r).toMatchObject({ status: 'pending', attempts: 0, completed_at: null, due: true });
    const { rows: made } = await t.pool.query('SELECT signal_id, resource_id FROM deliveries WHERE endpoint_id = $1 AND signal_sequence = $2', [
      endpoint.id,
      signals[3]!.sequence,
    ]);
    expect(made[0]).toEqual({ signal_id: signals[3]!.id, resource_id: customers[3] });

    // Due already, so under way: left to that attempt, and the answer says so.
    const again = await resend(endpoint.id, { signal_id: signals[0]!.id });
    expect(again.statusCode).toBe(202);
    expect(again.json().queued).toBe(false);
  });

  it('refuses a signal the endpoint does not receive, one the key may not read or that does not exist, and a disabled endpoint', async () => {
    const customer = await newCustomer(rs.id);
    const booking = await insertBooking(t.pool, rs.id, {
      customerId: customer,
      businessDate: '2026-07-01',
      start: '2026-07-01T14:00:00Z',
      end: '2026-07-01T15:30:00Z',
    });
    const created = (await signalsOf(customer))[0]!;
    const bookingSignal = (await signalsOf(booking))[0]!;
    const endpoint = await create({ signal_types: ['customer.updated'], scopes: ['customers:read'] }, rsAuth);
    const notReceived = expectError(await resend(endpoint.id, { signal_id: created.id }), 400, 'parameter_invalid', 'signal_id');
    expect(notReceived.message).toContain('customer.created');
    // A key without bookings:read learns nothing of a booking signal, not even its type.
    const customersKey = await bearer(t.pool, rs.id, { scopes: ['customers:read', 'webhook_endpoints:write'] });
    const hidden = expectError(await resend(endpoint.id, { signal_id: bookingSignal.id }, customersKey), 404, 'resource_missing', 'signal_id');
    expect(hidden.message).not.toContain('booking');
    expectError(await resend(endpoint.id, { signal_id: 'sig_nope' }), 404, 'resource_missing', 'signal_id');
    expectError(await resend('we_nope', { signal_id: created.id }), 404, 'resource_missing', 'id');
    expect((await deliveries(endpoint.id))).toEqual([]);

    const bookingsOnly = await create({ signal_types: ['*'], scopes: ['bookings:read'] }, rsAuth);
    const refused = await resend(bookingsOnly.id, { signal_id: bookingSignal.id }, customersKey);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('insufficient_scope');

    expect((await post(`/v1/webhook_endpoints/${endpoint.id}`, { status: 'disabled' }, rsAuth)).statusCode).toBe(200);
    expectError(await resend(endpoint.id, { signal_id: created.id }), 400, 'endpoint_disabled', 'id');
  });

  it('refuses a body without signal_id, with other fields, or with a signal_id that is no string', async () => {
    const endpoint = await create({}, rsAuth);
    expectError(await resend(endpoint.id, {}), 400, 'parameter_missing', 'signal_id');
    expectError(await resend(endpoint.id, { signal_id: 'sig_x', since: 'now' }), 400, 'parameter_unknown', 'since');
    expectError(await resend(endpoint.id, { signal_id: 42 }), 400, 'parameter_invalid', 'signal_id');
    expectError(await resend(endpoint.id, { signal_id: '' }), 400, 'parameter_invalid', 'signal_id');
    const nul = await resend(endpoint.id, { signal_id: 'sig_\u0000' });
    expect(nul.statusCode).toBe(400);
  });
});

describe('POST /v1/webhook_endpoints/{id}/recover', () => {
  // A club of its own, so that no other test's signals fall into the windows below.
  let rc: { id: string };
  let rcAuth: string;
  const recover = (id: string, body: unknown, authorization = rcAuth) => post(`/v1/webhook_endpoints/${id}/recover`, body, authorization);
  const make = (body: Record<string, unknown> = {}) => create(body, rcAuth);
  const iso = (ms: number) => new Date(ms).toISOString();

  beforeAll(async () => {
    rc = await insertClub(t.pool);
    rcAuth = await bearer(t.pool, rc.id, { scopes: [...DEFAULT_SCOPES, 'webhook_endpoints:write'] });
  });

  it('queues every matching signal of the window without a succeeded delivery, and leaves the rest alone', async () => {
    const customers: string[] = [];
    for (let i = 0; i < 5; i++) customers.push(await newCustomer(rc.id));
    const receiver = await make({ signal_types: ['customer.created', 'customer.updated'], scopes: ['customers:read'] });
    const everything = await make({ signal_types: ['*'], scopes: ['customers:read'] });
    await t.pool.query(`UPDATE customers SET archived_at = now() WHERE club_id = $1 AND id = $2`, [rc.id, customers[4]]);
    await t.pool.query(`UPDATE customers SET first_name = 'Eva' WHERE club_id = $1 AND id = $2`, [rc.id, customers[3]]);
    const booking = await insertBooking(t.pool, rc.id, {
      customerId: customers[0]!,
      businessDate: '2026-07-01',
      start: '2026-07-01T14:00:00Z',
      end: '2026-07-01T15:30:00Z',
    });
    const created = [];
    for (const c of customers) created.push((await signalsOf(c))[0]!);
    const renamed = (await signalsOf(customers[3]!)).find((s) => s.type === 'customer.updated')!;
    const archived = (await signalsOf(customers[4]!)).find((s) => s.type === 'customer.archived')!;
    const booked = (await signalsOf(booking))[0]!;
    expect([renamed?.type, archived?.type, booked?.type]).toEqual(['customer.updated', 'customer.archived', 'booking.created']);

    await insertDelivery(receiver.id, created[0]!, 'succeeded', 1, rc.id);
    await insertDelivery(receiver.id, created[1]!, 'failed', 8, rc.id);
    await insertDelivery(receiver.id, created[2]!, 'canceled', 2, rc.id);
    // Waiting for a retry an hour from now: sent now.
    await insertDelivery(receiver.id, created[3]!, 'pending', 3, rc.id);
    // Due already (its third attempt under way, or about to be): left to that attempt, whose
    // record settles it on its own schedule.
    await insertDelivery(receiver.id, renamed, 'pending', 2, rc.id);
    await t.pool.query(`UPDATE deliveries SET next_attempt_at = now() - interval '1 second' WHERE endpoint_id = $1 AND signal_sequence = $2`, [
      receiver.id,
      renamed.sequence,
    ]);
    await insertDelivery(everything.id, created[1]!, 'failed', 8, rc.id);

    const since = created[0]!.created;
    const res = await recover(receiver.id, { since });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json();
    expectOpenApi(t.app, '/v1/webhook_endpoints/{id}/recover', 'POST', 202, body);
    // Created 1-4 (not 0: it succeeded; not the rename: due already); neither the archive (type
    // not subscribed) nor the booking.
    expect(body).toMatchObject({ object: 'recovery', endpoint_id: receiver.id, since, queued: 4 });
    expect(Date.parse(body.until)).toBeGreaterThanOrEqual(Date.parse(booked.created));
    expect(Date.parse(body.until)).toBeLessThanOrEqual(Date.now());

    const rows = await deliveries(receiver.id);
    const bySequence = new Map(rows.map((r) => [r.sequence, r]));
    expect(bySequence.get(created[0]!.sequence)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(bySequence.get(renamed.sequence)).toMatchObject({ status: 'pending', attempts: 2, due: true });
    for (const signal of [created[1]!, created[2]!, created[3]!, created[4]!]) {
      expect(bySequence.get(signal.sequence), signal.type).toMatchObject({
        status: 'pending',
        attempts: 0,
        completed_at: null,
        due: true,
      });
    }
    expect(bySequence.has(archived.sequence)).toBe(false);
    expect(bySequence.has(booked.sequence)).toBe(false);
    expect(rows).toHaveLength(6);
    // Another endpoint's deliveries are untouched.
    expect((await deliveries(everything.id)).map((d) => d.status)).toEqual(['failed']);

    // The wildcard endpoint takes every customer signal but not the booking: its scopes lack bookings:read.
    expect((await recover(everything.id, { since })).json().queued).toBe(7); // five created, the rename, the archive
    const types = await t.pool.query(
      `SELECT s.type FROM deliveries d JOIN signals s ON s.club_id = d.club_id AND s.sequence = d.signal_sequence
        WHERE d.endpoint_id = $1 AND d.status = 'pending'`,
      [everything.id],
    );
    expect(types.rows.map((r) => r.type).sort()).toEqual([...Array(5).fill('customer.created'), 'customer.archived', 'customer.updated'].sort());

    // Recovering again at once queues nothing more: the same signals are pending and due already,
    // about to be sent.
    expect((await recover(receiver.id, { since })).json().queued).toBe(0);
  });

  it('applies both bounds inclusively to the emit time', async () => {
    const endpoint = await make({ signal_types: ['customer.created'], scopes: ['customers:read'] });
    const signals = [];
    for (let i = 0; i < 3; i++) {
      signals.push((await signalsOf(await newCustomer(rc.id)))[0]!);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const res = await recover(endpoint.id, { since: signals[1]!.created, until: signals[1]!.created });
    expect(res.json()).toMatchObject({ since: signals[1]!.created, until: signals[1]!.created, queued: 1 });
    expect((await deliveries(endpoint.id)).map((d) => d.sequence)).toEqual([signals[1]!.sequence]);
    const wider = await recover(endpoint.id, { since: signals[0]!.created, until: signals[1]!.created });
    // The first is queued; the second is pending and due already, from the recovery before.
    expect(wider.json().queued).toBe(1);
    expect((await deliveries(endpoint.id)).map((d) => d.sequence)).toEqual([signals[0]!.sequence, signals[1]!.sequence]);
  });

  it('covers signals emitted before the endpoint existed, within the retention', async () => {
    const before = (await signalsOf(await newCustomer(rc.id)))[0]!;
    const endpoint = await make({ signal_types: ['customer.created'], scopes: ['customers:read'] });
    expect(Number((await row(endpoint.id)).from_sequence)).toBeGreaterThanOrEqual(before.sequence);
    const res = await recover(endpoint.id, { since: before.created, until: before.created });
    expect(res.json().queued).toBe(1);
  });

  it('refuses since older than the signal retention, and windows that end before they start', async () => {
    const endpoint = await make();
    const day = 24 * 3600 * 1000;
    const old = expectError(await recover(endpoint.id, { since: iso(Date.now() - 31 * day) }), 400, 'parameter_invalid', 'since');
    expect(old.message).toContain('30 days');
    expect((await recover(endpoint.id, { since: iso(Date.now() - 29 * day) })).statusCode).toBe(202);
    expectError(await recover(endpoint.id, { since: iso(Date.now() - day), until: iso(Date.now() - 2 * day) }), 400, 'parameter_invalid', 'until');
    expectError(await recover(endpoint.id, { since: iso(Date.now() + day) }), 400, 'parameter_invalid', 'since');
    expectError(await recover(endpoint.id, { since: 'yesterday' }), 400, 'parameter_invalid', 'since');
    expectError(await recover(endpoint.id, { since: '2026-05-01T10:00:00' }), 400, 'parameter_invalid', 'since');
    expectError(await recover(endpoint.id, {}), 400, 'parameter_missing', 'since');
    expectError(await recover(endpoint.id, undefined), 400, 'parameter_missing', 'since');
    expectError(await recover(endpoint.id, { since: iso(Date.now() - day), limit: 5 }), 400, 'parameter_unknown', 'limit');
  });

  it('reads the retention from the configuration', async () => {
    const short = await buildTestApp({ signalRetentionDays: 2 });
    try {
      const endpoint = await make();
      const day = 24 * 3600 * 1000;
      const res = await send('POST', `/v1/webhook_endpoints/${endpoint.id}/recover`, { since: iso(Date.now() - 3 * day) }, rcAuth, short);
      expect(expectError(res, 400, 'parameter_invalid', 'since').message).toContain('2 days');
    } finally {
      await short.close();
    }
  });

  it('refuses a disabled endpoint until it is re-enabled', async () => {
    const endpoint = await make({ signal_types: ['customer.created'], scopes: ['customers:read'] });
    const signal = (await signalsOf(await newCustomer(rc.id)))[0]!;
    await post(`/v1/webhook_endpoints/${endpoint.id}`, { status: 'disabled' }, rcAuth);
    const error = expectError(await recover(endpoint.id, { since: signal.created }), 400, 'endpoint_disabled', 'id');
    expect(error.message).toMatch(/re-enable/);
    expect(await deliveries(endpoint.id)).toEqual([]);
    await post(`/v1/webhook_endpoints/${endpoint.id}`, { status: 'active' }, rcAuth);
    expect((await recover(endpoint.id, { since: signal.created })).json().queued).toBe(1);
  });

  it('gives 404 for an unknown id or another club’s endpoint', async () => {
    const endpoint = await make();
    const since = iso(Date.now() - 3600_000);
    expectError(await recover('we_nope', { since }), 404, 'resource_missing');
    expectError(await recover(endpoint.id, { since }, otherAuth), 404, 'resource_missing');
  });
});

describe('cd_endpoint_matches', () => {
  it('matches a type the endpoint names or "*", only when its scopes hold the type’s scope, never a signal about itself', async () => {
    const cases: [string[], string[], string, string, boolean][] = [
      [['customer.created'], ['customers:read'], 'customer.created', 'cus_1', true],
      [['customer.created'], ['customers:read'], 'customer.updated', 'cus_1', false],
      [['*'], ['customers:read'], 'subscription.renewed', 'sub_1', true],
      [['*'], ['customers:read'], 'booking.created', 'bkg_1', false],
      [['booking.created'], ['customers:read'], 'booking.created', 'bkg_1', false],
      [['*'], ['events:read'], 'participant.joined', 'par_1', true],
      [['*'], ['events:read'], 'unknown.type', 'x_1', false],
      [['*'], ['customers:read'], 'webhook_endpoint.failing', 'we_other', false],
      [['*'], ['webhook_endpoints:write'], 'webhook_endpoint.failing', 'we_other', true],
      [['webhook_endpoint.failing'], ['webhook_endpoints:write'], 'webhook_endpoint.failing', 'we_x', false],
    ];
    for (const [types, scopes, type, resource, expected] of cases) {
      const { rows } = await t.pool.query(
        `SELECT cd_endpoint_matches(jsonb_populate_record(NULL::webhook_endpoints,
                  jsonb_build_object('club_id', 'c', 'id', 'we_x', 'signal_types', $1::text[], 'scopes', $2::text[])), $3, $4) AS m`,
        [types, scopes, type, resource],
      );
      expect(rows[0].m, `${types.join(',')} ${scopes.join(',')} ${type} ${resource}`).toBe(expected);
    }
  });
});
