// GET /v1/webhook_endpoints/{id}/health (docs/webhooks.md, "Health and sync"): the last 24
// hours' attempts, and how far the endpoint's copy of the club's history is behind: pending,
// given up, and missed while it was disabled, with the sequence it has everything through and
// the `since` that sends every unsent signal again. The real pipeline delivers to a real
// receiver; everything a user does goes through the real API. Also GET …/attempts/{attempt_id},
// and a test signal (POST …/test).
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Pool } from '../../src/db/pool.ts';
import { pruneSignals } from '../../src/db/signals.ts';
import { expectOpenApi } from '../openapi.ts';
import { bearer, cleanUp, createTestDatabase, insertClub, testConfig, testSecretBox } from '../helper.ts';
import { eventually, insertCustomer, runPipeline, startClubApi, type ClubApi, type EndpointFixture } from './pipeline-helper.ts';
import { TestReceiver } from './receiver.ts';

interface Health {
  object: string;
  endpoint_id: string;
  attempts_24h: { attempted: number; succeeded: number; failed: number; success_rate: number | null };
  sync: { latest_sequence: number; received_through: number; behind: number; pending: number; unsent: number; unsent_since: string | null };
}

/** A database of its own with the real pipeline delivering to a receiver, one club, and the API as that club's user. */
async function pipelineClub(): Promise<{ pool: Pool; receiver: TestReceiver; clubId: string; api: ClubApi }> {
  const { pool, url } = await createTestDatabase();
  const running = await runPipeline(pool, url, { backend: 'postgres' });
  const receiver = await new TestReceiver().start();
  cleanUp(() => receiver.stop());
  const clubId = (await insertClub(pool)).id;
  return { pool, receiver, clubId, api: await startClubApi(pool, running, clubId) };
}

describe('an endpoint’s health and sync', () => {
  let pool: Pool;
  let receiver: TestReceiver;
  let clubId: string;
  let api: ClubApi;
  let endpoint: EndpointFixture;
  let broken = true;

  beforeAll(async () => {
    ({ pool, receiver, clubId, api } = await pipelineClub());
    receiver.respond = () => (broken ? { status: 500, body: 'down' } : { status: 204 });
    endpoint = await api.createEndpoint(receiver.url, { signalTypes: ['customer.created'], scopes: ['customers:read'] });
  });

  const health = async (): Promise<Health> => {
    const res = await api.call('GET', `/v1/webhook_endpoints/${endpoint.id}/health`);
    expect(res.statusCode, res.body).toBe(200);
    expectOpenApi(api.app, '/v1/webhook_endpoints/{id}/health', 'GET', 200, res.json());
    return res.json<Health>();
  };
  const latestSequence = async () => Number((await pool.query('SELECT max(sequence) AS s FROM signals WHERE club_id = $1', [clubId])).rows[0].s);
  const sequenceOf = async (customerId: string) =>
    Number((await pool.query('SELECT sequence FROM signals WHERE club_id = $1 AND resource_id = $2', [clubId, customerId])).rows[0].sequence);

  it('is in sync with nothing emitted, and counts what the receiver answered', async () => {
    expect(await health()).toMatchObject({
      object: 'webhook_endpoint_health',
      endpoint_id: endpoint.id,
      attempts_24h: { attempted: 0, succeeded: 0, failed: 0, success_rate: null },
      sync: { behind: 0, pending: 0, unsent: 0, unsent_since: null },
    });
  });

  it('counts given-up deliveries as unsent, from the first one on, with the since that sends them again', async () => {
    const first = await insertCustomer(pool, clubId);
    await insertCustomer(pool, clubId);
    await eventually('both deliveries given up', async () => (await health()).sync.unsent === 2);
    const firstSequence = await sequenceOf(first);
    const h = await health();
    expect(h.sync).toMatchObject({ received_through: firstSequence - 1, behind: 2, pending: 0, unsent: 2 });
    expect(h.sync.latest_sequence).toBe(await latestSequence());
    const created = (await pool.query('SELECT created_at FROM signals WHERE club_id = $1 AND sequence = $2', [clubId, firstSequence])).rows[0].created_at as Date;
    expect(Date.parse(h.sync.unsent_since!)).toBe(created.getTime());
    // Four attempts each (the retry schedule has three retries), none succeeded.
    expect(h.attempts_24h).toMatchObject({ attempted: 8, succeeded: 0, failed: 8, success_rate: 0 });
  });

  it('counts signals emitted while the endpoint was disabled, which no delivery was made for', async () => {
    expect((await api.call('POST', `/v1/webhook_endpoints/${endpoint.id}`, { status: 'disabled' })).statusCode).toBe(200);
    await insertCustomer(pool, clubId);
    await insertCustomer(pool, clubId);
    // Fanned out while the endpoint is disabled: the relay's mark past the club's latest signal.
    const latest = await latestSequence();
    await eventually('the relay past the two signals', async () => {
      const { rows } = await pool.query('SELECT relayed_sequence FROM signal_relay WHERE club_id = $1', [clubId]);
      return Number(rows[0]?.relayed_sequence ?? 0) >= latest;
    });
    expect((await api.call('POST', `/v1/webhook_endpoints/${endpoint.id}`, { status: 'active' })).statusCode).toBe(200);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM deliveries WHERE club_id = $1 AND endpoint_id = $2', [clubId, endpoint.id]);
    expect(rows[0].n).toBe(2); // none made while disabled
    expect((await health()).sync).toMatchObject({ behind: 4, unsent: 4, pending: 0 });
  });

  it('catches up when the unsent signals are sent again from unsent_since', async () => {
    broken = false;
    const since = (await health()).sync.unsent_since!;
    const recovered = await api.call('POST', `/v1/webhook_endpoints/${endpoint.id}/recover`, { since });
    expect(recovered.json()).toMatchObject({ queued: 4 });
    await eventually('the endpoint in sync', async () => (await health()).sync.behind === 0);
    const h = await health();
    expect(h.sync).toMatchObject({ received_through: await latestSequence(), pending: 0, unsent: 0, unsent_since: null });
    expect(h.attempts_24h).toMatchObject({ attempted: 12, succeeded: 4, failed: 8 });
    expect(h.attempts_24h.success_rate).toBeCloseTo(4 / 12, 4);
  });

  it('shows one attempt in full, to a key holding every scope of the endpoint', async () => {
    const list = (await api.call('GET', `/v1/webhook_endpoints/${endpoint.id}/attempts?limit=1`)).json<{ data: { id: string }[] }>();
    const attemptId = list.data[0]!.id;
    const res = await api.call('GET', `/v1/webhook_endpoints/${endpoint.id}/attempts/${attemptId}`);
    expect(res.statusCode, res.body).toBe(200);
    expectOpenApi(api.app, '/v1/webhook_endpoints/{id}/attempts/{attempt_id}', 'GET', 200, res.json());
    expect(res.json()).toEqual(list.data[0]);

    const other = await api.createEndpoint(receiver.url, { signalTypes: ['customer.created'], scopes: ['customers:read'] });
    expect((await api.call('GET', `/v1/webhook_endpoints/${other.id}/attempts/${attemptId}`)).json()).toMatchObject({
      error: { code: 'resource_missing', message: `No such attempt: '${attemptId}'.` },
    });
    const narrow = await bearer(pool, clubId, { scopes: ['bookings:read', 'webhook_endpoints:write'] });
    const refused = await api.app.inject({ method: 'GET', url: `/v1/webhook_endpoints/${endpoint.id}/attempts/${attemptId}`, headers: { authorization: narrow } });
    expect(refused.json()).toMatchObject({ error: { code: 'insufficient_scope' } });
    // Health shows counts, no signal: any key that manages endpoints reads it.
    const counts = await api.app.inject({ method: 'GET', url: `/v1/webhook_endpoints/${endpoint.id}/health`, headers: { authorization: narrow } });
    expect(counts.statusCode).toBe(200);
  });
});

describe('a test signal: POST /v1/webhook_endpoints/{id}/test', () => {
  let pool: Pool;
  let receiver: TestReceiver;
  let clubId: string;
  let api: ClubApi;

  beforeAll(async () => {
    ({ pool, receiver, clubId, api } = await pipelineClub());
  });

  interface TestAnswer {
    object: string;
    signal: { id: string; type: string; sequence: number; data: { object: { id: string } } };
    attempt: { id: string; signal_id: string; outcome: string; status_code: number | null };
  }

  it('posts one signed signal of its own to the endpoint now, and logs its attempt, in no history', async () => {
    const endpoint = await api.createEndpoint(receiver.url, { signalTypes: ['customer.created'], scopes: ['customers:read'] });
    const res = await api.call('POST', `/v1/webhook_endpoints/${endpoint.id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expectOpenApi(api.app, '/v1/webhook_endpoints/{id}/test', 'POST', 200, res.json());
    const answer = res.json<TestAnswer>();
    expect(answer).toMatchObject({ object: 'webhook_test', signal: { type: 'webhook_endpoint.test', sequence: 0, data: { object: { id: endpoint.id } } } });
    expect(answer.signal.id).toMatch(/^sig_test_[0-9a-f]{24}$/);
    expect(answer.attempt).toMatchObject({ signal_id: answer.signal.id, outcome: 'succeeded', status_code: 200 });

    // Received once, byte for byte the answer's signal, verified with the endpoint's secret.
    const got = receiver.at(endpoint.path);
    expect(got).toHaveLength(1);
    const headers = Object.fromEntries(Object.entries(got[0]!.headers).map(([k, v]) => [k, String(v)]));
    expect(new StandardWebhook(endpoint.secret).verify(got[0]!.body, headers)).toEqual(answer.signal);
    expect(headers['webhook-id']).toBe(answer.signal.id);

    const log = (await api.call('GET', `/v1/webhook_endpoints/${endpoint.id}/attempts`)).json<{ data: { id: string }[] }>();
    expect(log.data.map((a) => a.id)).toEqual([answer.attempt.id]);
    const history = await pool.query('SELECT count(*)::int AS n FROM signals WHERE club_id = $1', [clubId]);
    const deliveries = await pool.query('SELECT count(*)::int AS n FROM deliveries WHERE club_id = $1', [clubId]);
    expect([history.rows[0].n, deliveries.rows[0].n]).toEqual([0, 0]);
  });

  it('signs with both secrets during a rotation, tests a disabled endpoint, and changes no health state', async () => {
    const endpoint = await api.createEndpoint(receiver.url, { signalTypes: ['customer.created'], scopes: ['customers:read'] });
    receiver.respond = (request) => (request.path === endpoint.path ? { status: 503, body: 'later' } : { status: 200 });
    await api.call('POST', `/v1/webhook_endpoints/${endpoint.id}/rotate_secret`);
    await api.call('POST', `/v1/webhook_endpoints/${endpoint.id}`, { status: 'disabled' });
    const before = (await api.call('GET', `/v1/webhook_endpoints/${endpoint.id}`)).json<{ health: unknown; status: string }>();
    for (let i = 0; i < 5; i += 1) {
      const answer = (await api.call('POST', `/v1/webhook_endpoints/${endpoint.id}/test`, {})).json<TestAnswer>();
      expect(answer.attempt).toMatchObject({ outcome: 'failed', status_code: 503 });
    }
    const got = receiver.at(endpoint.path);
    expect(got).toHaveLength(5);
    // The secret shown at creation still verifies: the previous secret signs beside the new one.
    const headers = Object.fromEntries(Object.entries(got[0]!.headers).map(([k, v]) => [k, String(v)]));
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => new StandardWebhook(endpoint.secret).verify(got[0]!.body, headers)).not.toThrow();
    // Five failures in a row, yet not failing: a test is no delivery.
    expect((await api.call('GET', `/v1/webhook_endpoints/${endpoint.id}`)).json()).toEqual(before);
    receiver.respond = () => ({ status: 200 });
  });

  it('needs a key holding every scope of the endpoint, and an endpoint of the key’s club', async () => {
    const endpoint = await api.createEndpoint(receiver.url, { signalTypes: ['customer.created'], scopes: ['customers:read'] });
    const narrow = await bearer(pool, clubId, { scopes: ['bookings:read', 'webhook_endpoints:write'] });
    const refused = await api.app.inject({ method: 'POST', url: `/v1/webhook_endpoints/${endpoint.id}/test`, headers: { authorization: narrow } });
    expect(refused.json()).toMatchObject({ error: { code: 'insufficient_scope' } });
    const other = await insertClub(pool);
    const stranger = await bearer(pool, other.id, { scopes: ['customers:read', 'webhook_endpoints:write'] });
    const missing = await api.app.inject({ method: 'POST', url: `/v1/webhook_endpoints/${endpoint.id}/test`, headers: { authorization: stranger } });
    expect(missing.statusCode).toBe(404);
    expect(receiver.at(endpoint.path)).toHaveLength(0);
  });
});

describe('sync, at its edges', () => {
  let pool: Pool;
  let receiver: TestReceiver;
  let clubId: string;
  let api: ClubApi;

  beforeAll(async () => {
    ({ pool, receiver, clubId, api } = await pipelineClub());
  });

  const health = async (id: string) => (await api.call('GET', `/v1/webhook_endpoints/${id}/health`)).json<Health>();
  const settled = (id: string) => eventually('nothing pending', async () => (await health(id)).sync.pending === 0);

  it('counts as unsent only what recovery can send: not a given-up signal of a type the endpoint no longer receives', async () => {
    const endpoint = await api.createEndpoint(receiver.url, { signalTypes: ['customer.created', 'customer.updated'], scopes: ['customers:read'] });
    receiver.respond = (request) => (request.path === endpoint.path ? { status: 500 } : { status: 200 });
    await insertCustomer(pool, clubId);
    await eventually('given up', async () => (await health(endpoint.id)).sync.unsent === 1);
    await api.call('POST', `/v1/webhook_endpoints/${endpoint.id}`, { signal_types: ['customer.updated'] });
    expect((await health(endpoint.id)).sync).toMatchObject({ behind: 0, unsent: 0, unsent_since: null });
    receiver.respond = () => ({ status: 200 });
  });

  it('counts what an endpoint disabled beyond retention misses, though its disabled signal is gone', async () => {
    const endpoint = await api.createEndpoint(receiver.url, { signalTypes: ['customer.created'], scopes: ['customers:read'] });
    await api.call('POST', `/v1/webhook_endpoints/${endpoint.id}`, { status: 'disabled' });
    await pruneSignals(pool, 0); // retention runs: every signal so far is removed, the disabling's too
    await insertCustomer(pool, clubId);
    await insertCustomer(pool, clubId);
    const latest = Number((await pool.query('SELECT max(sequence) AS s FROM signals WHERE club_id = $1', [clubId])).rows[0].s);
    await eventually('the relay past them', async () => {
      const { rows } = await pool.query('SELECT relayed_sequence FROM signal_relay WHERE club_id = $1', [clubId]);
      return Number(rows[0]?.relayed_sequence ?? 0) >= latest;
    });
    expect((await health(endpoint.id)).sync).toMatchObject({ behind: 2, unsent: 2, received_through: latest - 2 });
    // Enabled again: its .enabled signal is kept, its .disabled one is not; what it missed still counts.
    await api.call('POST', `/v1/webhook_endpoints/${endpoint.id}`, { status: 'active' });
    expect((await health(endpoint.id)).sync).toMatchObject({ unsent: 2, received_through: latest - 2 });
  });

  it('a test signal changes no last success: neither a failed one after a success, nor a successful one', async () => {
    const endpoint = await api.createEndpoint(receiver.url, { signalTypes: ['customer.created'], scopes: ['customers:read'] });
    const fresh = await api.createEndpoint(receiver.url, { signalTypes: ['customer.created'], scopes: ['customers:read'] });
    await api.call('POST', `/v1/webhook_endpoints/${fresh.id}`, { status: 'disabled' }); // no delivery for it
    await insertCustomer(pool, clubId);
    await eventually('delivered', async () => receiver.at(endpoint.path).length === 1);
    await settled(endpoint.id);
    const lastSuccess = async (id: string) => (await api.call('GET', `/v1/webhook_endpoints/${id}`)).json<{ health: { last_success_at: string | null } }>().health.last_success_at;
    const before = await lastSuccess(endpoint.id);
    expect(before).not.toBeNull();
    receiver.respond = (request) => (request.path === endpoint.path ? { status: 500 } : { status: 200 });
    expect((await api.call('POST', `/v1/webhook_endpoints/${endpoint.id}/test`)).json()).toMatchObject({ attempt: { outcome: 'failed' } });
    expect(await lastSuccess(endpoint.id)).toBe(before);
    receiver.respond = () => ({ status: 200 });
    expect((await api.call('POST', `/v1/webhook_endpoints/${fresh.id}/test`)).json()).toMatchObject({ attempt: { outcome: 'succeeded' } });
    expect(await lastSuccess(fresh.id)).toBeNull();
  });
});

describe('sync while the relay is behind', () => {
  it('counts a committed signal not fanned out yet as pending, not as received', async () => {
    // No pipeline: the signal is committed and stays unrelayed.
    const { pool } = await createTestDatabase();
    const app = await buildApp({ config: testConfig({ environment: 'development' }), pool, secretBox: testSecretBox() });
    cleanUp(() => app.close());
    const club = (await insertClub(pool)).id;
    const authorization = await bearer(pool, club, { scopes: ['customers:read', 'webhook_endpoints:write'] });
    const made = await app.inject({
      method: 'POST',
      url: '/v1/webhook_endpoints',
      headers: { authorization },
      payload: { url: 'http://127.0.0.1:9/hook', signal_types: ['customer.created'] },
    });
    const id = made.json<{ id: string }>().id;
    await insertCustomer(pool, club);
    const { rows } = await pool.query('SELECT max(sequence) AS s FROM signals WHERE club_id = $1', [club]);
    const latest = Number(rows[0].s);
    const health = async () => (await app.inject({ method: 'GET', url: `/v1/webhook_endpoints/${id}/health`, headers: { authorization } })).json<Health>();
    expect((await health()).sync).toMatchObject({ latest_sequence: latest, received_through: latest - 1, behind: 1, pending: 1, unsent: 0 });
    // Disabled and enabled again while the relay is still behind: the signal emitted meanwhile
    // is fanned out to the endpoint active again, so it is pending, not also unsent.
    const change = (status: string) => app.inject({ method: 'POST', url: `/v1/webhook_endpoints/${id}`, headers: { authorization }, payload: { status } });
    expect((await change('disabled')).statusCode).toBe(200);
    await insertCustomer(pool, club);
    expect((await change('active')).statusCode).toBe(200);
    expect((await health()).sync).toMatchObject({ received_through: latest - 1, behind: 2, pending: 2, unsent: 0 });
  });
});
