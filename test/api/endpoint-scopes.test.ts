// Acting on an existing webhook endpoint needs a key holding every scope the endpoint holds
// (src/routes/webhook-endpoints/endpoint-access.ts): every write and the attempts log; reading
// the endpoint and the list do not. The issue this answers: a key without customers:read rotated
// the secret of an endpoint holding customers:read, and could then forge customer signals.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createTestDatabase, bearer, insertClub, testConfig, testSecretBox } from '../helper.ts';
import { insertCustomer } from '../fixtures.ts';
import type { Pool } from '../../src/db/pool.ts';

const FAST = { rateLimit: { perSecond: 100_000, burst: 200_000 } };
// Every name is public here: no test may ask real DNS.
const resolveHost = async () => ['93.184.215.14'];

let app: FastifyInstance;
let pool: Pool;
let full: string; // customers:read, bookings:read and webhook_endpoints:write: every scope of the endpoints below
let noCustomers: string; // bookings:read and webhook_endpoints:write, as in the issue
let signalId: string; // a customer signal of the club, for resend

beforeAll(async () => {
  ({ pool } = await createTestDatabase());
  app = await buildApp({ config: testConfig(FAST), pool, secretBox: testSecretBox(), resolveHost });
  await app.ready();
  const club = await insertClub(pool);
  full = await bearer(pool, club.id, { scopes: ['customers:read', 'bookings:read', 'webhook_endpoints:write'] });
  noCustomers = await bearer(pool, club.id, { scopes: ['bookings:read', 'webhook_endpoints:write'] });
  const customer = await insertCustomer(pool, club.id);
  const { rows } = await pool.query<{ id: string }>('SELECT id FROM signals WHERE club_id = $1 AND resource_id = $2', [club.id, customer]);
  signalId = rows[0]!.id;
});
afterAll(() => app?.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, authorization: string, body?: Record<string, unknown>) =>
  app.inject({ method, url, headers: { authorization }, ...(body === undefined ? {} : { payload: body }) });

async function createEndpoint(): Promise<{ id: string; url: string; secret: string }> {
  const res = await call('POST', '/v1/webhook_endpoints', full, { url: 'https://crm.example.com/in', signal_types: ['*'] });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().scopes).toEqual(['customers:read', 'bookings:read']);
  return res.json();
}

async function stored(id: string) {
  const { rows } = await pool.query(
    `SELECT url, description, signal_types, scopes, status, secret, previous_secret, deleted_at, ordering, max_in_flight, rate_limit
       FROM webhook_endpoints WHERE id = $1`,
    [id],
  );
  return rows[0];
}

const since = () => new Date(Date.now() - 60_000).toISOString();

// Every operation on an existing endpoint, with a body valid enough to reach the check. The
// first test proves this covers every such operation the API document lists, so a route added
// later without the rule fails here.
const ACTIONS: { operation: string; method: Method; path: string; body?: () => Record<string, unknown>; reached?: number }[] = [
  { operation: 'updateWebhookEndpoint url', method: 'POST', path: '', body: () => ({ url: 'https://attacker.example.com/in' }) },
  { operation: 'updateWebhookEndpoint description', method: 'POST', path: '', body: () => ({ description: 'mine now' }) },
  { operation: 'updateWebhookEndpoint status', method: 'POST', path: '', body: () => ({ status: 'disabled' }) },
  { operation: 'updateWebhookEndpoint signal_types', method: 'POST', path: '', body: () => ({ signal_types: ['booking.created'] }) },
  { operation: 'updateWebhookEndpoint scopes', method: 'POST', path: '', body: () => ({ scopes: ['bookings:read'] }) },
  { operation: 'updateWebhookEndpoint ordering', method: 'POST', path: '', body: () => ({ ordering: 'per_resource' }) },
  { operation: 'updateWebhookEndpoint max_in_flight', method: 'POST', path: '', body: () => ({ max_in_flight: 1 }) },
  { operation: 'updateWebhookEndpoint rate_limit', method: 'POST', path: '', body: () => ({ rate_limit: 0.1 }) },
  { operation: 'rotateWebhookEndpointSecret', method: 'POST', path: '/rotate_secret' },
  { operation: 'recoverWebhookEndpoint', method: 'POST', path: '/recover', body: () => ({ since: since() }) },
  { operation: 'resendWebhookEndpointSignal', method: 'POST', path: '/resend', body: () => ({ signal_id: signalId }) },
  { operation: 'testWebhookEndpoint', method: 'POST', path: '/test' },
  { operation: 'deleteWebhookEndpoint', method: 'DELETE', path: '' },
  { operation: 'listWebhookEndpointAttempts', method: 'GET', path: '/attempts' },
  // Refused before the attempt is looked up, so no attempt is needed; a key that may is told
  // there is no such attempt (404), past the scope check.
  { operation: 'retrieveWebhookEndpointAttempt', method: 'GET', path: '/attempts/atmpt_none', reached: 404 },
];
// Operations open to any webhook_endpoints:write key: they show no secret and no signal (the
// health shows counts).
const OPEN = ['retrieveWebhookEndpoint', 'retrieveWebhookEndpointHealth'];

describe('a key lacking a scope the endpoint holds', () => {
  it('covers every operation the API document lists on an existing endpoint', () => {
    const doc = app.swagger() as unknown as { paths: Record<string, Record<string, { operationId: string }>> };
    const listed = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/v1/webhook_endpoints/{id}'))
      .flatMap(([, operations]) => Object.values(operations).map((o) => o.operationId));
    const covered = new Set([...ACTIONS.map((a) => a.operation.split(' ')[0]!), ...OPEN]);
    expect(new Set(listed)).toEqual(covered);
  });

  it('is refused every write and the attempts log with 403 insufficient_scope naming what it lacks, and nothing changes', async () => {
    const endpoint = await createEndpoint();
    const before = await stored(endpoint.id);
    for (const action of ACTIONS) {
      const res = await call(action.method, `/v1/webhook_endpoints/${endpoint.id}${action.path}`, noCustomers, action.body?.());
      expect(res.statusCode, `${action.operation}: ${res.body}`).toBe(403);
      const { error } = res.json();
      expect(error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope' });
      expect(error.message, action.operation).toContain('lacks customers:read');
      expect(res.body).not.toMatch(/whsec_/);
    }
    expect(await stored(endpoint.id)).toEqual(before);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM deliveries WHERE endpoint_id = $1', [endpoint.id]);
    expect(rows[0].n).toBe(0);
  });

  it('may still read the endpoint and the list, which show no secret', async () => {
    const endpoint = await createEndpoint();
    const one = await call('GET', `/v1/webhook_endpoints/${endpoint.id}`, noCustomers);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: endpoint.id, scopes: ['customers:read', 'bookings:read'] });
    const list = await call('GET', '/v1/webhook_endpoints', noCustomers);
    expect(list.json().data.map((e: { id: string }) => e.id)).toContain(endpoint.id);
    expect(one.body + list.body).not.toMatch(/whsec_/);
  });

  it('gets 404, not 403, for an endpoint that does not exist', async () => {
    const res = await call('POST', '/v1/webhook_endpoints/we_nope/rotate_secret', noCustomers);
    expect(res.statusCode).toBe(404);
  });
});

describe('a key holding every scope the endpoint holds', () => {
  it('may do each of them (it need not hold the scopes the endpoint lacks, here events:read)', async () => {
    for (const action of ACTIONS) {
      const endpoint = await createEndpoint();
      const res = await call(action.method, `/v1/webhook_endpoints/${endpoint.id}${action.path}`, full, action.body?.());
      if (action.reached === undefined) expect(res.statusCode, `${action.operation}: ${res.body}`).toBeLessThan(300);
      else expect(res.statusCode, `${action.operation}: ${res.body}`).toBe(action.reached);
    }
  });
});
