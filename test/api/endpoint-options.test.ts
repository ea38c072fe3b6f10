// An endpoint's delivery options and pace through the API (docs/webhooks.md "Order and pace"):
// ordering, max_in_flight and rate_limit on create and update (null back to the default,
// ordering never null), every bad value refused in the envelope naming its field, and the pace
// the delivery worker keeps in endpoint_lanes shown on every rendering of the endpoint.
import { describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';
import { insertCustomer } from '../fixtures.ts';
import { bearer, setupClubApi } from '../helper.ts';
import { expectOpenApi } from '../openapi.ts';

// Development mode: any https host is registered without asking DNS (no network in tests).
const api = await setupClubApi({ config: { environment: 'development', rateLimit: { perSecond: 100_000, burst: 200_000 } }, scopes: ALL_SCOPES });

type Endpoint = { id: string; ordering: string; max_in_flight: number | null; rate_limit: number | null; pace: unknown; [k: string]: unknown };
type ErrorBody = { type: string; code: string; message: string; param?: string };

const post = (url: string, body?: unknown, authorization = api.auth) =>
  api.app.inject({ method: 'POST', url, headers: { authorization }, ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
/** A body sent as written: JSON that JavaScript cannot write (1e400, NaN). */
const postRaw = (url: string, payload: string) =>
  api.app.inject({ method: 'POST', url, headers: { authorization: api.auth, 'content-type': 'application/json' }, payload });
const CREATE = { url: 'https://example.com/hooks', signal_types: ['*'] };

async function create(options: Record<string, unknown> = {}): Promise<Endpoint> {
  const res = await post('/v1/webhook_endpoints', { ...CREATE, ...options });
  expect(res.statusCode, res.body).toBe(200);
  expectOpenApi(api.app, '/v1/webhook_endpoints', 'POST', 200, res.json());
  return res.json<Endpoint>();
}

async function update(id: string, body: Record<string, unknown>): Promise<Endpoint> {
  const res = await post(`/v1/webhook_endpoints/${id}`, body);
  expect(res.statusCode, res.body).toBe(200);
  expectOpenApi(api.app, '/v1/webhook_endpoints/{id}', 'POST', 200, res.json());
  return res.json<Endpoint>();
}

async function retrieve(id: string): Promise<Endpoint> {
  const res = await api.get(`/v1/webhook_endpoints/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  expectOpenApi(api.app, '/v1/webhook_endpoints/{id}', 'GET', 200, res.json());
  return res.json<Endpoint>();
}

async function stored(id: string) {
  const { rows } = await api.pool.query<{ ordering: string; max_in_flight: number | null; rate_limit: number | null; updated_at: Date }>(
    'SELECT ordering, max_in_flight, rate_limit, updated_at FROM webhook_endpoints WHERE id = $1',
    [id],
  );
  return rows[0]!;
}

function expectInvalid(res: { statusCode: number; body: string; json: () => unknown }, param: string, label: string): ErrorBody {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
  const { error } = res.json() as { error: ErrorBody };
  expect(error, label).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid', param });
  return error;
}

/** The pace the worker keeps for an endpoint, written as it writes it: one row of endpoint_lanes. */
async function setPace(id: string, pace: { effectiveRate: number | null; pausedFor: string | null }) {
  await api.pool.query(
    `INSERT INTO endpoint_lanes (club_id, endpoint_id, effective_rate, paused_until)
     VALUES ($1, $2, $3, now() + $4::interval)
     ON CONFLICT (club_id, endpoint_id) DO UPDATE SET effective_rate = EXCLUDED.effective_rate, paused_until = EXCLUDED.paused_until`,
    [api.club.id, id, pace.effectiveRate, pace.pausedFor],
  );
}

const NO_PACE = { effective_rate: null, paused_until: null };

describe('creating an endpoint', () => {
  it('without options: ordering none, max_in_flight and rate_limit null (the defaults), no pace', async () => {
    const endpoint = await create();
    expect(endpoint).toMatchObject({ ordering: 'none', max_in_flight: null, rate_limit: null, pace: NO_PACE });
    expect(await stored(endpoint.id)).toMatchObject({ ordering: 'none', max_in_flight: null, rate_limit: null });
    // Null says the same as leaving a field out.
    expect(await create({ max_in_flight: null, rate_limit: null })).toMatchObject({ max_in_flight: null, rate_limit: null });
  });

  it('with options: stored and shown as given, fractions of a rate included, the bounds themselves accepted', async () => {
    const endpoint = await create({ ordering: 'per_resource', max_in_flight: 2, rate_limit: 0.5 });
    expect(endpoint).toMatchObject({ ordering: 'per_resource', max_in_flight: 2, rate_limit: 0.5, pace: NO_PACE });
    expect(await stored(endpoint.id)).toMatchObject({ ordering: 'per_resource', max_in_flight: 2, rate_limit: 0.5 });
    const { secret: _secret, ...shown } = endpoint;
    expect(await retrieve(endpoint.id)).toEqual(shown);
    for (const [max, rate] of [[1, 10_000], [50, 12.25], [7, 0.01]] as const) {
      expect(await create({ max_in_flight: max, rate_limit: rate })).toMatchObject({ max_in_flight: max, rate_limit: rate });
    }
  });
});

describe('updating an endpoint', () => {
  it('changes each option alone and keeps the others; null sets max_in_flight and rate_limit back to the default', async () => {
    const { id } = await create();
    expect(await update(id, { ordering: 'per_resource' })).toMatchObject({ ordering: 'per_resource', max_in_flight: null, rate_limit: null });
    expect(await update(id, { max_in_flight: 3 })).toMatchObject({ ordering: 'per_resource', max_in_flight: 3, rate_limit: null });
    expect(await update(id, { rate_limit: 25 })).toMatchObject({ ordering: 'per_resource', max_in_flight: 3, rate_limit: 25 });
    // Another field alone leaves the options as they are.
    expect(await update(id, { description: 'kept' })).toMatchObject({ ordering: 'per_resource', max_in_flight: 3, rate_limit: 25 });
    expect(await update(id, { max_in_flight: null })).toMatchObject({ ordering: 'per_resource', max_in_flight: null, rate_limit: 25 });
    expect(await update(id, { rate_limit: null, ordering: 'none' })).toMatchObject({ ordering: 'none', max_in_flight: null, rate_limit: null });
    expect(await stored(id)).toMatchObject({ ordering: 'none', max_in_flight: null, rate_limit: null });
    const all = await update(id, { ordering: 'per_resource', max_in_flight: 50, rate_limit: 10_000 });
    expect(all).toMatchObject({ ordering: 'per_resource', max_in_flight: 50, rate_limit: 10_000, description: 'kept' });
    expect(await retrieve(id)).toEqual(all);
  });

  it('is a change of the endpoint: its updated_at moves, and the empty-body message names the options', async () => {
    const { id } = await create();
    const before = (await stored(id)).updated_at;
    await update(id, { rate_limit: 5 });
    expect((await stored(id)).updated_at.getTime()).toBeGreaterThan(before.getTime());
    const { error } = (await post(`/v1/webhook_endpoints/${id}`, {})).json<{ error: ErrorBody }>();
    expect(error).toMatchObject({ code: 'parameter_missing', param: 'body' });
    expect(error.message).toContain('ordering, max_in_flight, rate_limit');
  });
});

describe('bad values', () => {
  const MAX_IN_FLIGHT = 'Invalid max_in_flight: must be an integer from 1 to 50, as a JSON number, or null.';
  const RATE_LIMIT = 'Invalid rate_limit: must be a JSON number at least 0.01 and at most 10000, or null.';
  const ORDERING = 'Invalid ordering: must be one of none, per_resource.';
  const cases: [string, unknown, string][] = [
    ['max_in_flight', 0, MAX_IN_FLIGHT],
    ['max_in_flight', 51, MAX_IN_FLIGHT],
    ['max_in_flight', -1, MAX_IN_FLIGHT],
    ['max_in_flight', 2.5, MAX_IN_FLIGHT],
    ['max_in_flight', '5', MAX_IN_FLIGHT],
    ['max_in_flight', true, MAX_IN_FLIGHT],
    ['max_in_flight', [5], MAX_IN_FLIGHT],
    ['max_in_flight', 2 ** 53, MAX_IN_FLIGHT],
    ['rate_limit', 0, RATE_LIMIT],
    ['rate_limit', -1, RATE_LIMIT],
    ['rate_limit', -0.5, RATE_LIMIT],
    ['rate_limit', 0.001, RATE_LIMIT],
    ['rate_limit', 1e9, RATE_LIMIT],
    ['rate_limit', 10_000.5, RATE_LIMIT],
    ['rate_limit', 'NaN', RATE_LIMIT],
    ['rate_limit', 'Infinity', RATE_LIMIT],
    ['rate_limit', '5', RATE_LIMIT],
    ['rate_limit', { per_second: 5 }, RATE_LIMIT],
    ['ordering', 'fifo', ORDERING],
    ['ordering', 'PER_RESOURCE', ORDERING],
    ['ordering', '', ORDERING],
    ['ordering', null, ORDERING],
    ['ordering', 1, ORDERING],
  ];

  it('are 400 parameter_invalid naming the field with its whole rule, on create', async () => {
    for (const [field, value, message] of cases) {
      const label = `${field}=${JSON.stringify(value)}`;
      const res = await post('/v1/webhook_endpoints', { ...CREATE, [field]: value });
      expect(expectInvalid(res, field, label).message, label).toBe(message);
      expectOpenApi(api.app, '/v1/webhook_endpoints', 'POST', 400, res.json());
    }
  });

  it('are 400 on update too, and change nothing', async () => {
    const endpoint = await create({ ordering: 'per_resource', max_in_flight: 4, rate_limit: 8 });
    const before = await stored(endpoint.id);
    for (const [field, value, message] of cases) {
      const label = `${field}=${JSON.stringify(value)}`;
      // Beside a valid change, which is not made either.
      const res = await post(`/v1/webhook_endpoints/${endpoint.id}`, { description: 'not this', [field]: value });
      expect(expectInvalid(res, field, label).message, label).toBe(message);
    }
    expect(await stored(endpoint.id)).toEqual(before);
    expect((await retrieve(endpoint.id)).description).toBe('');
  });

  it('that JSON cannot hold as a number are refused too: 1e400 overflows to Infinity, NaN is no JSON', async () => {
    for (const [field, raw] of [['rate_limit', '1e400'], ['rate_limit', '-1e400'], ['max_in_flight', '1e400']] as const) {
      const res = await postRaw('/v1/webhook_endpoints', `{"url":"https://example.com/hooks","signal_types":["*"],"${field}":${raw}}`);
      expectInvalid(res, field, `${field}=${raw}`);
    }
    for (const raw of ['NaN', 'Infinity', '0x10']) {
      const res = await postRaw('/v1/webhook_endpoints', `{"url":"https://example.com/hooks","signal_types":["*"],"rate_limit":${raw}}`);
      expect([res.statusCode, res.json().error.code, res.json().error.param], raw).toEqual([400, 'body_invalid', 'body']);
    }
    // Written with an exponent, a number is still a number.
    const res = await postRaw('/v1/webhook_endpoints', '{"url":"https://example.com/hooks","signal_types":["*"],"rate_limit":1E4,"max_in_flight":5e0}');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rate_limit: 10_000, max_in_flight: 5 });
  });

  it('are checked before the endpoint is looked up, as every field is', async () => {
    const res = await post('/v1/webhook_endpoints/we_nope', { max_in_flight: 0 });
    expectInvalid(res, 'max_in_flight', 'unknown endpoint');
  });
});

describe('pace', () => {
  it('shows what the worker keeps in endpoint_lanes: the effective rate, and paused_until while it is ahead', async () => {
    const endpoint = await create({ rate_limit: 40 });
    const other = await create();
    await setPace(endpoint.id, { effectiveRate: 12.5, pausedFor: '1 hour' });
    const paused = await retrieve(endpoint.id);
    expect(paused.pace).toEqual({ effective_rate: 12.5, paused_until: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
    const until = Date.parse((paused.pace as { paused_until: string }).paused_until);
    expect(until).toBeGreaterThan(Date.now() + 30 * 60_000);
    // The options are the endpoint's own, apart from its pace.
    expect(paused).toMatchObject({ rate_limit: 40, max_in_flight: null });
    // Every rendering shows it: the list, an update's answer, a rotation's.
    const listed = (await api.get('/v1/webhook_endpoints')).json<{ data: Endpoint[] }>().data;
    expect(listed.find((e) => e.id === endpoint.id)!.pace).toEqual(paused.pace);
    expect((await update(endpoint.id, { description: 'paused' })).pace).toEqual(paused.pace);
    const rotated = await post(`/v1/webhook_endpoints/${endpoint.id}/rotate_secret`);
    expect(rotated.json().pace).toEqual(paused.pace);
    expectOpenApi(api.app, '/v1/webhook_endpoints/{id}/rotate_secret', 'POST', 200, rotated.json());
    // Another endpoint's row is its own.
    expect((await retrieve(other.id)).pace).toEqual(NO_PACE);

    // A pause that is over is no pause; an endpoint no longer slowed has no effective rate.
    await setPace(endpoint.id, { effectiveRate: 12.5, pausedFor: '-1 second' });
    expect((await retrieve(endpoint.id)).pace).toEqual({ effective_rate: 12.5, paused_until: null });
    await setPace(endpoint.id, { effectiveRate: null, pausedFor: null });
    expect((await retrieve(endpoint.id)).pace).toEqual(NO_PACE);
    // Paused without being slowed.
    await setPace(endpoint.id, { effectiveRate: null, pausedFor: '20 seconds' });
    expect((await retrieve(endpoint.id)).pace).toMatchObject({ effective_rate: null, paused_until: expect.any(String) });
  });

  it('is set by no request: pace is not a field of create or update', async () => {
    const endpoint = await create();
    for (const res of [
      await post('/v1/webhook_endpoints', { ...CREATE, pace: { effective_rate: 1 } }),
      await post(`/v1/webhook_endpoints/${endpoint.id}`, { pace: NO_PACE }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'parameter_unknown', param: 'pace' });
    }
  });

  it('changing neither the endpoint’s row nor its updated_at, and emitting no signal', async () => {
    const endpoint = await create();
    await insertCustomer(api.pool, api.club.id, { firstName: 'Ana', lastName: 'Lopez' });
    const signals = async () =>
      (await api.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM signals WHERE club_id = $1', [api.club.id])).rows[0]!.n;
    const before = { row: await stored(endpoint.id), signals: await signals() };
    await setPace(endpoint.id, { effectiveRate: 3, pausedFor: '10 minutes' });
    await setPace(endpoint.id, { effectiveRate: 3.15, pausedFor: null });
    expect(await stored(endpoint.id)).toEqual(before.row);
    expect(await signals()).toBe(before.signals);
  });
});

describe('who may set the options', () => {
  it('any key with webhook_endpoints:write on create; on update, only a key holding every scope of the endpoint', async () => {
    const narrow = await bearer(api.pool, api.club.id, { scopes: ['bookings:read', 'webhook_endpoints:write'] });
    const res = await post('/v1/webhook_endpoints', { ...CREATE, max_in_flight: 1 }, narrow);
    expect(res.statusCode, res.body).toBe(200);
    const endpoint = await create();
    const before = await stored(endpoint.id);
    for (const body of [{ ordering: 'per_resource' }, { max_in_flight: 1 }, { rate_limit: 1 }, { rate_limit: null }]) {
      const refused = await post(`/v1/webhook_endpoints/${endpoint.id}`, body, narrow);
      expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      expect(refused.json().error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope' });
    }
    expect(await stored(endpoint.id)).toEqual(before);
    const readOnly = await bearer(api.pool, api.club.id, { scopes: ['customers:read', 'bookings:read', 'events:read'] });
    expect((await post(`/v1/webhook_endpoints/${endpoint.id}`, { rate_limit: 1 }, readOnly)).statusCode).toBe(403);
  });
});
