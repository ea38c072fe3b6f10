// Delivery rules of docs/webhooks.md that need a pipeline of their own or the API in the story:
// deleting or disabling an endpoint stops what is already queued for it, the failure clock,
// the end of a rotation, and recovery. Everything a user does goes through the real API; the
// worker is the real one (startPipeline) posting to a real receiver on loopback.
import { createPublicKey, verify } from 'node:crypto';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../sdk/src/webhooks.ts';
import type { Pool } from '../../src/db/pool.ts';
import { cleanUp, createTestDatabase, insertClub } from '../helper.ts';
import {
  deliveriesCounted,
  eventually,
  insertCustomer,
  runPipeline,
  startClubApi,
  type ClubApi,
  type RunningPipeline,
} from './pipeline-helper.ts';
import { TestReceiver, type ReceivedRequest } from './receiver.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The statuses of an endpoint's deliveries, sorted. */
async function deliveryStatuses(pool: Pool, endpointId: string): Promise<string[]> {
  const { rows } = await pool.query<{ status: string }>('SELECT status FROM deliveries WHERE endpoint_id = $1 ORDER BY status', [endpointId]);
  return rows.map((r) => r.status);
}

/** An endpoint as GET /v1/webhook_endpoints/{id} shows it. */
async function endpointState(api: ClubApi, id: string): Promise<{ status: string; disabled_reason: string | null }> {
  return (await api.call('GET', `/v1/webhook_endpoints/${id}`)).json();
}

/** A pipeline on a database of its own (a pipeline serves every club of its database), a receiver, a club and its API. */
async function setUp(delivery: Parameters<typeof runPipeline>[2]['delivery'] = {}, log?: Logger) {
  const { pool, url } = await createTestDatabase();
  const running = await runPipeline(pool, url, { backend: 'redis', delivery, log });
  const receiver = await new TestReceiver().start();
  cleanUp(() => receiver.stop());
  const club = await insertClub(pool);
  const api = await startClubApi(pool, running, club.id);
  return { pool, url, running, receiver, club, api };
}

describe('endpoint changes the worker must honour at once: deletion, a 410, the end of a rotation', () => {
  let pool: Pool;
  let url: string;
  let running: RunningPipeline;
  let receiver: TestReceiver;
  let club: { id: string };
  let api: ClubApi;

  beforeAll(async () => {
    ({ pool, url, running, receiver, club, api } = await setUp());
  });

  /** Sessions of this database waiting for a lock. */
  const lockWaiters = async () =>
    Number((await pool.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0].n);

  it('the worker cancels, and never posts, a delivery the fan-out made while the endpoint was being deleted', async () => {
    const endpoint = await api.createEndpoint(receiver.url);
    receiver.respond = () => ({ status: 200 });
    const canceledBefore = await deliveriesCounted(running, 'canceled');
    // The race: a fan-out reads the endpoint as live and makes its delivery, the deletion commits
    // and cancels the endpoint's pending deliveries (not that one, uncommitted), then the fan-out
    // commits it, pending. Only the worker's own check of the endpoint stops that delivery. To
    // make the race happen in this order, a transaction of the test takes the signal's fan-out
    // mark first (signal_fanouts, which the fan-out writes after the deliveries): the fan-out
    // makes the delivery and waits for the mark while the deletion commits.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(
        `INSERT INTO signal_fanouts (club_id, signal_sequence)
         SELECT $1, coalesce((SELECT last_sequence FROM signal_sequences WHERE club_id = $1), 0) + 1`,
        [club.id],
      );
      await insertCustomer(pool, club.id);
      await eventually('the fan-out waiting for the signal\'s mark', async () => (await lockWaiters()) === 1);
      expect((await api.call('DELETE', `/v1/webhook_endpoints/${endpoint.id}`)).statusCode).toBe(200);
      await holder.query('ROLLBACK');
    } finally {
      await holder.end();
    }
    await eventually('the delivery settled', async () => {
      const statuses = await deliveryStatuses(pool, endpoint.id);
      return statuses.length === 1 && statuses[0] !== 'pending';
    });
    expect(await deliveryStatuses(pool, endpoint.id)).toEqual(['canceled']);
    expect(await deliveriesCounted(running, 'canceled')).toBe(canceledBefore + 1);
    await sleep(300);
    expect(receiver.at(endpoint.path)).toHaveLength(0);
  });

  it('after a 410 disables an endpoint, the worker cancels its other pending deliveries and posts none of them', async () => {
    const endpoint = await api.createEndpoint(receiver.url);
    const canceledBefore = await deliveriesCounted(running, 'canceled');
    // The first signal's first attempt gets a 500 and its retry the 410. The others' first
    // attempts are answered (500) only once the endpoint is disabled: they are pending then.
    const firstSeen = new Set<string>();
    let disabled!: () => void;
    const whenDisabled = new Promise<void>((resolve) => (disabled = resolve));
    receiver.respond = (r) => {
      if (r.path !== endpoint.path) return { status: 200 };
      const id = String(r.headers['webhook-id']);
      if (firstSeen.has(id)) return { status: 410 };
      firstSeen.add(id);
      return firstSeen.size === 1 ? { status: 500 } : { status: 500, until: whenDisabled };
    };
    for (let i = 0; i < 3; i++) await insertCustomer(pool, club.id);
    await eventually('the endpoint disabled', async () => (await endpointState(api, endpoint.id)).status === 'disabled');
    disabled();
    expect((await endpointState(api, endpoint.id)).disabled_reason).toBe('gone');
    await eventually('the other two deliveries settled', async () => !(await deliveryStatuses(pool, endpoint.id)).includes('pending'));
    expect(await deliveryStatuses(pool, endpoint.id)).toEqual(['canceled', 'canceled', 'failed']);
    expect(await deliveriesCounted(running, 'canceled')).toBe(canceledBefore + 2);
    await sleep(300);
    expect(receiver.at(endpoint.path)).toHaveLength(4);
  });

  it('stops signing with the previous secret once the 24 hours after a rotation have passed', async () => {
    const endpoint = await api.createEndpoint(receiver.url);
    receiver.respond = () => ({ status: 200 });
    const rotated = await api.call('POST', `/v1/webhook_endpoints/${endpoint.id}/rotate_secret`);
    const next = rotated.json<{ secret: string }>().secret;
    // The 24 hours, passed: the previous secret's end moved to now (the only clock this test moves).
    await pool.query('UPDATE webhook_endpoints SET previous_secret_until = now() WHERE club_id = $1 AND id = $2', [club.id, endpoint.id]);
    await insertCustomer(pool, club.id);
    await receiver.waitFor(() => receiver.at(endpoint.path).length >= 1, 45_000, 'delivery');
    const [request] = receiver.at(endpoint.path) as [ReceivedRequest];
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(1);
    const headers = {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    };
    expect(() => new StandardWebhook(next).verify(request.body, headers)).not.toThrow();
    expect(() => new StandardWebhook(endpoint.secret).verify(request.body, headers)).toThrow();
  });

  it('switched to v1a, signs with ed25519 (verified by node:crypto and the SDK with the public key alone) beside the v1 secret for 24 hours', async () => {
    const endpoint = await api.createEndpoint(receiver.url);
    receiver.respond = () => ({ status: 200 });
    const switched = (await api.call('POST', `/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, { signature_scheme: 'v1a' })).json<{ public_key: string }>();
    await insertCustomer(pool, club.id);
    await receiver.waitFor(() => receiver.at(endpoint.path).length >= 1, 45_000, 'delivery');
    const [request] = receiver.at(endpoint.path) as [ReceivedRequest];
    const headers = {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    };
    const [ed25519, hmac] = headers['webhook-signature'].split(' ');
    expect(ed25519).toMatch(/^v1a,/);
    const raw = Buffer.from(switched.public_key.slice('whpk_'.length), 'base64');
    const key = createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]), format: 'der', type: 'spki' });
    const content = Buffer.from(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${request.body}`, 'utf8');
    expect(verify(null, content, key, Buffer.from(ed25519!.slice('v1a,'.length), 'base64'))).toBe(true);
    expect(verifyWebhook(request.body, headers, switched.public_key)).toMatchObject({ id: headers['webhook-id'] });
    // The receiver still holding the v1 secret verifies too, until the 24 hours are over.
    expect(hmac).toMatch(/^v1,/);
    expect(() => new StandardWebhook(endpoint.secret).verify(request.body, headers)).not.toThrow();
  });
});

// ENDPOINT_DISABLE_AFTER of 700 ms and eight attempts 200 ms apart: a signal failing every
// attempt crosses the window before its schedule ends.
describe('the failure clock', () => {
  let pool: Pool;
  let receiver: TestReceiver;
  let club: { id: string };
  let api: ClubApi;

  beforeAll(async () => {
    // A window of 2 s: a streak of two failures (about 200 ms apart) stays well inside it even on
    // a loaded machine, and twenty retries 200 ms apart outlast it.
    ({ pool, receiver, club, api } = await setUp({ retrySchedule: Array<number>(20).fill(200), disableAfterMs: 2000 }));
  });

  it('disables an endpoint failing for ENDPOINT_DISABLE_AFTER, with reason failing, and sends it nothing more', async () => {
    const endpoint = await api.createEndpoint(receiver.url);
    receiver.respond = (r) => (r.path === endpoint.path ? { status: 500 } : { status: 200 });
    await insertCustomer(pool, club.id);
    await eventually('the delivery settled', async () => {
      const statuses = await deliveryStatuses(pool, endpoint.id);
      return statuses.length === 1 && statuses[0] !== 'pending';
    });
    expect(await endpointState(api, endpoint.id)).toMatchObject({ status: 'disabled', disabled_reason: 'failing' });
    // Disabled before the schedule ran out: the attempt that found 2 s of failure was the last.
    const posts = receiver.at(endpoint.path).length;
    expect(posts).toBeGreaterThanOrEqual(2);
    expect(posts).toBeLessThan(21);
    await insertCustomer(pool, club.id);
    await sleep(800);
    expect(receiver.at(endpoint.path)).toHaveLength(posts);
  });

  it('a success restarts the clock: two failing streaks, further apart than the window, disable nothing', async () => {
    const endpoint = await api.createEndpoint(receiver.url);
    // Each signal fails once, then succeeds: a streak that lasts no time, however slow the machine.
    const attempts = new Map<string, number>();
    receiver.respond = (r) => {
      if (r.path !== endpoint.path) return { status: 200 };
      const id = String(r.headers['webhook-id']);
      attempts.set(id, (attempts.get(id) ?? 0) + 1);
      return { status: attempts.get(id)! <= 1 ? 500 : 200 };
    };
    await insertCustomer(pool, club.id);
    await receiver.waitFor(() => receiver.deliveredIds(endpoint.path).size === 1, 45_000, 'the first signal delivered');
    await sleep(2100); // the first streak began more than the window ago
    await insertCustomer(pool, club.id);
    await receiver.waitFor(() => receiver.deliveredIds(endpoint.path).size === 2, 45_000, 'the second signal delivered');
    expect(await endpointState(api, endpoint.id)).toMatchObject({ status: 'active', disabled_reason: null });
    expect(receiver.at(endpoint.path)).toHaveLength(4);
  });
});

// A retry schedule of one minute, so that only the recovery can bring a failed or waiting
// delivery back within the test.
describe('recovery through the API', () => {
  let pool: Pool;
  let receiver: TestReceiver;
  let club: { id: string };
  let api: ClubApi;

  beforeAll(async () => {
    ({ pool, receiver, club, api } = await setUp({ retrySchedule: [60_000] }));
  });

  /** The id, sequence and emit time of the club's latest signal. */
  const latestSignal = async () =>
    (
      await pool.query<{ id: string; sequence: number; created: string }>(
        'SELECT id, sequence::int, cd_utc(created_at) AS created FROM signals WHERE club_id = $1 ORDER BY sequence DESC LIMIT 1',
        [club.id],
      )
    ).rows[0]!;

  /** Whether the relay's mark has passed the signal: its fan-out is done (the signal_relay table of migrations/0011_baseline.sql). */
  const fannedOut = async (signal: { sequence: number }) =>
    (await pool.query('SELECT 1 FROM signal_relay WHERE club_id = $1 AND relayed_sequence >= $2', [club.id, signal.sequence])).rowCount === 1;

  it('re-sends every signal of the window never delivered: from before the endpoint, failed, missed while disabled, waiting for a retry', async () => {
    await insertCustomer(pool, club.id);
    const beforeEndpoint = await latestSignal();
    const endpoint = await api.createEndpoint(receiver.url);
    const path = `/v1/webhook_endpoints/${endpoint.id}`;
    let answer = 410;
    receiver.respond = () => ({ status: answer });

    await insertCustomer(pool, club.id); // its only attempt gets the 410: failed, endpoint disabled
    const failed = await latestSignal();
    await eventually('the endpoint disabled', async () => (await endpointState(api, endpoint.id)).status === 'disabled');
    await insertCustomer(pool, club.id); // missed while disabled
    const missed = await latestSignal();
    // Re-enabled only once this signal was fanned out: a fan-out after it would deliver it.
    await eventually('the missed signal fanned out', () => fannedOut(missed));
    expect((await api.call('POST', path, { status: 'active' })).statusCode).toBe(200);
    answer = 503;
    await insertCustomer(pool, club.id); // fails once, its retry a minute away
    const waiting = await latestSignal();
    await eventually('the failed attempt of the waiting signal recorded', async () =>
      (await api.call('GET', `${path}/attempts`)).json<{ data: unknown[] }>().data.length === 2,
    );

    answer = 200;
    const recovery = await api.call('POST', `${path}/recover`, { since: beforeEndpoint.created });
    expect(recovery.statusCode).toBe(202);
    expect(recovery.json()).toMatchObject({ object: 'recovery', endpoint_id: endpoint.id, queued: 4 });
    const wanted = [beforeEndpoint.id, failed.id, missed.id, waiting.id];
    await receiver.waitFor(() => receiver.deliveredIds(endpoint.path).size === wanted.length, 30_000, 'every recovered signal');
    expect([...receiver.deliveredIds(endpoint.path)].sort()).toEqual([...wanted].sort());
  }, 60_000);

  it('shows the endpoint\'s health as its attempts fail and then succeed', async () => {
    const endpoint = await api.createEndpoint(receiver.url);
    let answer = 503;
    receiver.respond = () => ({ status: answer });
    const health = async () =>
      (await api.call('GET', `/v1/webhook_endpoints/${endpoint.id}`)).json<{
        health: { failing_since: string | null; disable_at: string | null; last_success_at: string | null; pending_deliveries: number; given_up_deliveries: number };
      }>().health;
    // Each fails once, its retry a minute away: four failed attempts in a row make it failing.
    for (let i = 0; i < 4; i++) await insertCustomer(pool, club.id);
    await eventually('the failures recorded', async () => (await health()).failing_since !== null);
    const failing = await health();
    // The pipeline's ENDPOINT_DISABLE_AFTER here is a minute (test/workers/pipeline-helper.ts).
    expect(Date.parse(failing.disable_at!) - Date.parse(failing.failing_since!)).toBe(60_000);
    expect(failing).toMatchObject({ last_success_at: null, pending_deliveries: 4, given_up_deliveries: 0 });

    answer = 200;
    await insertCustomer(pool, club.id);
    await eventually('the success recorded', async () => (await health()).last_success_at !== null);
    const recovered = await health();
    expect(recovered).toMatchObject({ failing_since: null, disable_at: null, pending_deliveries: 4, given_up_deliveries: 0 });
    expect(Date.parse(recovered.last_success_at!)).toBeGreaterThanOrEqual(Date.parse(failing.failing_since!));
  }, 60_000);

  it('sends one delivered signal again on resend, with the same webhook-id, and its attempts list shows both', async () => {
    const endpoint = await api.createEndpoint(receiver.url);
    const path = `/v1/webhook_endpoints/${endpoint.id}`;
    receiver.respond = () => ({ status: 200 });
    await insertCustomer(pool, club.id);
    const signal = await latestSignal();
    await receiver.waitFor(() => receiver.deliveredIds(endpoint.path).has(signal.id), 30_000, 'the first delivery');
    await eventually('the success recorded', async () => (await deliveryStatuses(pool, endpoint.id))[0] === 'succeeded');

    const resent = await api.call('POST', `${path}/resend`, { signal_id: signal.id });
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json()).toEqual({ object: 'resend', endpoint_id: endpoint.id, signal_id: signal.id, queued: true });
    await receiver.waitFor(() => receiver.at(endpoint.path).length === 2, 30_000, 'the signal sent again');
    const [first, second] = receiver.at(endpoint.path);
    expect(second!.headers['webhook-id']).toBe(signal.id);
    expect(second!.body).toBe(first!.body);
    await eventually('the second attempt recorded', async () =>
      (await api.call('GET', `/v1/signals/${signal.id}/attempts`)).json<{ data: unknown[] }>().data.length === 2,
    );
    const attempts = (await api.call('GET', `/v1/signals/${signal.id}/attempts`)).json<{ data: { endpoint_id: string; attempt_number: number; outcome: string }[] }>();
    expect(attempts.data.map((a) => [a.endpoint_id, a.attempt_number, a.outcome])).toEqual([
      [endpoint.id, 1, 'succeeded'],
      [endpoint.id, 1, 'succeeded'],
    ]);
  }, 60_000);
});

describe('what the log says of a failing endpoint', () => {
  it('one info line when it becomes failing and one when it recovers; each failed attempt only at debug', async () => {
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    const { pool, receiver, club, api } = await setUp({ retrySchedule: Array<number>(20).fill(100) }, log);
    const endpoint = await api.createEndpoint(receiver.url);
    let answer = 500;
    receiver.respond = () => ({ status: answer });
    for (let i = 0; i < 5; i++) await insertCustomer(pool, club.id);
    await receiver.waitFor(() => receiver.at(endpoint.path).length >= 15, 30_000, 'failed attempts and their retries');
    answer = 200;
    await receiver.waitFor(() => receiver.deliveredIds(endpoint.path).size === 5, 30_000, 'every signal delivered');
    await eventually('the recovery logged', async () => lines.some((line) => line.endpoint_id === endpoint.id && /^endpoint recovered/.test(String(line.msg))));
    const info = lines.filter((line) => line.endpoint_id === endpoint.id && line.level === 30).map((line) => line.msg);
    // One failing line and one recovered line. Requests in flight as the receiver changed its
    // answer may be answered out of the order they were made (later ones refused, an earlier one
    // taken): four such refusals in a row would make a failing run of their own, a pair more (the
    // five requests in flight allow one), never a line per attempt.
    const pair = ['endpoint failing: its fourth failed attempt in a row', 'endpoint recovered: an attempt succeeded after it was failing'];
    expect(info.length % 2).toBe(0);
    expect(info.length).toBeGreaterThanOrEqual(2);
    expect(info.length).toBeLessThanOrEqual(2 * 2);
    expect(info).toEqual(Array.from({ length: info.length / 2 }, () => pair).flat());
    expect(lines.filter((line) => line.endpoint_id === endpoint.id && Number(line.level) > 30)).toEqual([]);
  }, 60_000);
});

describe('an attempt that cannot be recorded', () => {
  it('fails its lane, visibly (an error in the log), and the delivery is sent again a lease later, then recorded', async () => {
    // A short timeout: the lease is DELIVERY_TIMEOUT + 10 s.
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    const { pool, receiver, club, api } = await setUp({ timeoutMs: 1000 }, log);
    const endpoint = await api.createEndpoint(receiver.url);
    // A real failure of the record's statement, for this endpoint only, until it is lifted.
    await pool.query(`CREATE FUNCTION test_refuse_attempt() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'attempt records are refused for this test'; END $$`);
    await pool.query(`CREATE TRIGGER test_refuse_attempt BEFORE INSERT ON delivery_attempts
      FOR EACH ROW WHEN (NEW.endpoint_id = '${endpoint.id}') EXECUTE FUNCTION test_refuse_attempt()`);
    await insertCustomer(pool, club.id);
    await receiver.waitFor(() => receiver.at(endpoint.path).length >= 1, 45_000, 'the first delivery');
    const failed = (line: Record<string, unknown>) =>
      line.msg === 'delivery lane failed recording an attempt; it runs again after the lease' && line.endpoint_id === endpoint.id;
    await eventually('the lane failed', async () => lines.some(failed));
    // Not sent again at once, which would repeat every second while records fail: after the lease.
    expect(lines.find(failed)).toMatchObject({ retry_in_ms: 11_000 });
    expect(receiver.at(endpoint.path)).toHaveLength(1);
    expect(lines.find((line) => line.endpoint_id === endpoint.id && line.level === 50)).toMatchObject({ err: { message: expect.stringMatching(/attempt records are refused/) as string } });
    expect(await deliveryStatuses(pool, endpoint.id)).toEqual(['pending']);
    await pool.query('DROP TRIGGER test_refuse_attempt ON delivery_attempts');
    await eventually('the delivery recorded once records are taken', async () => (await deliveryStatuses(pool, endpoint.id))[0] === 'succeeded', 30_000);
    expect(receiver.at(endpoint.path).length).toBeGreaterThanOrEqual(2);
  }, 60_000);
});
