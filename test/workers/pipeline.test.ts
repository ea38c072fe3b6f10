// The delivery pipeline end to end, in process: SQL writes -> signals -> relay -> fan-out ->
// signed POSTs to a real receiver on loopback, on both queue backends. What a user does to an
// endpoint (delete, rotate its secret) goes through the real API. More rules, each on a pipeline
// configured for it, are in delivery-rules.test.ts.
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '@clubdata/sdk';
import { createTestDatabase, insertClub } from '../helper.ts';
import { shardOf } from '../../src/queue/queues.ts';
import {
  eventually,
  insertCustomer,
  insertEndpoint,
  runPipeline,
  startClubApi,
  type ClubApi,
  type EndpointFixture,
  type RunningPipeline,
} from './pipeline-helper.ts';
import { TestReceiver, type ReceivedRequest } from './receiver.ts';
import type { Pool } from '../../src/db/pool.ts';
import { signalSchemaErrors } from '../signal-schema.ts';

/** Verifies with the standardwebhooks and svix libraries, and with our SDK (the secret alone). */
function verifyWithBothLibraries(request: ReceivedRequest, secret: string): void {
  expect(verifyWebhook(request.body, request.headers, secret)).toEqual(JSON.parse(request.body));
  const headers = {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
  new StandardWebhook(secret).verify(request.body, headers);
  new SvixWebhook(secret).verify(request.body, {
    'svix-id': headers['webhook-id'],
    'svix-timestamp': headers['webhook-timestamp'],
    'svix-signature': headers['webhook-signature'],
  });
}

async function attemptsOf(pool: Pool, endpointId: string) {
  const { rows } = await pool.query(
    'SELECT attempt_number, status_code, error FROM delivery_attempts WHERE endpoint_id = $1 ORDER BY attempted_at, attempt_number',
    [endpointId],
  );
  return rows;
}

/** How many lanes the pipeline has run (clubdata_lane_runs_total). */
async function laneRuns(running: RunningPipeline): Promise<number> {
  return (await running.metrics.laneRuns.get()).values[0]?.value ?? 0;
}

/** How many shard jobs the pipeline has started to serve (clubdata_shard_runs_total). */
async function shardRuns(running: RunningPipeline): Promise<number> {
  return (await running.metrics.shardRuns.get()).values[0]?.value ?? 0;
}

/** Lanes running in the pipeline's process now (clubdata_lanes). */
async function lanesRunning(running: RunningPipeline): Promise<number> {
  return (await running.metrics.lanes.get()).values.find((value) => value.labels.state === 'running')?.value ?? 0;
}

/**
 * Signals one at a time, each committed once the one before was delivered (and, with
 * `laneEnded`, once no lane runs): how many lane runs carried them.
 */
async function trickle(
  pool: Pool,
  running: RunningPipeline,
  receiver: TestReceiver,
  clubId: string,
  endpoint: EndpointFixture,
  count: number,
  { laneEnded = false } = {},
) {
  const runsBefore = await laneRuns(running);
  const before = receiver.at(endpoint.path).length;
  for (let i = 1; i <= count; i++) {
    await insertCustomer(pool, clubId);
    await eventually(`delivery ${i}`, async () => receiver.at(endpoint.path).length >= before + i);
    if (laneEnded) await eventually(`the lane of delivery ${i} ended`, async () => (await lanesRunning(running)) === 0);
  }
  return (await laneRuns(running)) - runsBefore;
}

for (const backend of ['redis', 'postgres'] as const) {
  describe(`pipeline on the ${backend} backend`, () => {
    let pool: Pool;
    let running: RunningPipeline;
    let receiver: TestReceiver;
    let club: { id: string };
    let api: ClubApi;
    /** Every secret each endpoint path has signed with, to verify every delivery at the end. */
    const secretsByPath = new Map<string, string[]>();
    const endpointFor = async (fields: Parameters<typeof insertEndpoint>[4] = {}): Promise<EndpointFixture> => {
      const endpoint = await insertEndpoint(pool, running.secretBox, club.id, receiver.url, fields);
      secretsByPath.set(endpoint.path, [endpoint.secret]);
      return endpoint;
    };

    // Its pipeline is given back when this backend's tests end, not when the file does.
    afterAll(() => running?.close());
    beforeAll(async () => {
      const db = await createTestDatabase();
      pool = db.pool;
      running = await runPipeline(pool, db.url, { backend });
      receiver = await new TestReceiver().start();
      club = await insertClub(pool);
      api = await startClubApi(pool, running, club.id);
    });
    afterAll(async () => {
      // Every delivery these tests received verifies with both libraries under its endpoint's secret.
      expect(receiver.received.length).toBeGreaterThan(20);
      for (const request of receiver.received) {
        const secrets = secretsByPath.get(request.path)!;
        expect(secrets, request.path).toBeDefined();
        const verifiedBy = secrets.filter((secret) => {
          try {
            verifyWithBothLibraries(request, secret);
            return true;
          } catch {
            return false;
          }
        });
        expect(verifiedBy.length, `delivery to ${request.path} verified`).toBe(secrets.length);
      }
      await receiver.stop();
    });

    it('delivers each signal once to every matching endpoint, signed, with the stored bytes', async () => {
      const all = await endpointFor();
      const bookingsOnly = await endpointFor({ signalTypes: ['booking.created'] });
      const noScope = await endpointFor({ scopes: ['bookings:read'] });
      const customer = await insertCustomer(pool, club.id);
      await receiver.waitFor(() => receiver.at(all.path).length >= 1, 45_000, 'delivery');
      const [request] = receiver.at(all.path);
      const { rows } = await pool.query('SELECT id, body FROM signals WHERE club_id = $1 AND resource_id = $2', [club.id, customer]);
      expect(request!.body).toBe(rows[0].body);
      expect(signalSchemaErrors(JSON.parse(request!.body))).toEqual([]);
      expect(request!.headers['webhook-id']).toBe(rows[0].id);
      expect(request!.headers['content-type']).toBe('application/json');
      verifyWithBothLibraries(request!, all.secret);
      await new Promise((r) => setTimeout(r, 500));
      expect(receiver.at(all.path)).toHaveLength(1);
      expect(receiver.at(bookingsOnly.path)).toHaveLength(0);
      expect(receiver.at(noScope.path)).toHaveLength(0);
      const delivery = async () => (await pool.query('SELECT status, attempts FROM deliveries WHERE endpoint_id = $1', [all.id])).rows;
      await eventually('the delivery recorded', async () => (await delivery())[0]?.status !== 'pending');
      expect(await delivery()).toEqual([{ status: 'succeeded', attempts: 1 }]);
    });

    it('is verified by the SDK, which says why it refuses a delivery it must not trust', async () => {
      const endpoint = await endpointFor({ signalTypes: ['customer.created'] });
      const customer = await insertCustomer(pool, club.id);
      await receiver.waitFor(() => receiver.at(endpoint.path).length >= 1, 45_000, 'delivery');
      const [request] = receiver.at(endpoint.path);
      const signal = verifyWebhook(Buffer.from(request!.body), new Headers(request!.headers as Record<string, string>), endpoint.secret);
      expect(signal).toMatchObject({ type: 'customer.created', data: { object: { id: customer } } });
      const refusal = (body: string, headers: Record<string, unknown>, secret = endpoint.secret) => {
        try {
          verifyWebhook(body, headers as Record<string, string>, secret);
          return 'verified';
        } catch (error) {
          expect(error).toBeInstanceOf(WebhookVerificationError);
          return (error as WebhookVerificationError).code;
        }
      };
      const { headers, body } = request!;
      expect(refusal(body, headers, `whsec_${Buffer.alloc(24, 7).toString('base64')}`)).toBe('signature_mismatch');
      expect(refusal(body.replace(customer, 'cus_forged'), headers)).toBe('signature_mismatch');
      expect(refusal(body, { ...headers, 'webhook-signature': undefined })).toBe('headers_missing');
      expect(refusal(body, { ...headers, 'webhook-timestamp': 'soon' })).toBe('timestamp_invalid');
      vi.useFakeTimers({ now: Date.now() + 6 * 60_000, toFake: ['Date'] });
      try {
        expect(refusal(body, headers)).toBe('timestamp_too_old');
      } finally {
        vi.useRealTimers();
      }
      expect(refusal(body, headers)).toBe('verified');
      // Deleted, so that the lanes the later tests count are their own.
      expect((await api.call('DELETE', `/v1/webhook_endpoints/${endpoint.id}`)).statusCode).toBe(200);
    });

    it('retries a failing receiver on the schedule and records every attempt', async () => {
      const endpoint = await endpointFor();
      let calls = 0;
      const previous = receiver.respond;
      receiver.respond = (r) => (r.path === endpoint.path && ++calls <= 2 ? { status: 500, body: 'down' } : previous(r));
      await insertCustomer(pool, club.id);
      await receiver.waitFor(() => receiver.at(endpoint.path).length >= 3, 45_000, 'third attempt');
      const times = receiver.at(endpoint.path).map((r) => r.at);
      // Schedule 100 ms then 200 ms, each ±10 %.
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(85);
      expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(175);
      expect(new Set(receiver.at(endpoint.path).map((r) => r.headers['webhook-id'])).size).toBe(1);
      await eventually('the third attempt recorded', async () => (await attemptsOf(pool, endpoint.id)).length === 3);
      const attempts = await attemptsOf(pool, endpoint.id);
      expect(attempts.map((a) => a.status_code)).toEqual([500, 500, 200]);
      expect(attempts[0].error).toMatch(/500/);
      receiver.respond = previous;
    });

    it('gives up after the last attempt of the schedule and marks the delivery failed', async () => {
      const endpoint = await endpointFor();
      const previous = receiver.respond;
      receiver.respond = (r) => (r.path === endpoint.path ? { status: 302, headers: { location: 'https://example.com/' } } : previous(r));
      await insertCustomer(pool, club.id);
      await receiver.waitFor(() => receiver.at(endpoint.path).length >= 4, 45_000, 'four attempts');
      const delivery = async () => (await pool.query('SELECT status, attempts FROM deliveries WHERE endpoint_id = $1', [endpoint.id])).rows;
      await eventually('the delivery given up', async () => (await delivery())[0]?.status === 'failed');
      expect(await delivery()).toEqual([{ status: 'failed', attempts: 4 }]);
      // And nothing more is sent.
      await new Promise((r) => setTimeout(r, 800));
      expect(receiver.at(endpoint.path)).toHaveLength(4);
      const attempts = await attemptsOf(pool, endpoint.id);
      expect(attempts.every((a) => a.status_code === 302 && /redirect/.test(a.error))).toBe(true);
      receiver.respond = previous;
    });

    it('disables an endpoint at once on 410 Gone', async () => {
      const endpoint = await endpointFor();
      const previous = receiver.respond;
      receiver.respond = (r) => (r.path === endpoint.path ? { status: 410 } : previous(r));
      await insertCustomer(pool, club.id);
      await receiver.waitFor(() => receiver.at(endpoint.path).length >= 1, 45_000, 'first attempt');
      // The attempt is recorded once the answer is in, a moment later (longer on a loaded machine).
      await eventually('the attempt recorded', async () => (await attemptsOf(pool, endpoint.id)).length === 1);
      const { rows } = await pool.query('SELECT status, disabled_reason FROM webhook_endpoints WHERE id = $1', [endpoint.id]);
      expect(rows[0]).toEqual({ status: 'disabled', disabled_reason: 'gone' });
      await insertCustomer(pool, club.id);
      await new Promise((r) => setTimeout(r, 800));
      expect(receiver.at(endpoint.path)).toHaveLength(1);
      const { rows: deliveries } = await pool.query('SELECT status FROM deliveries WHERE endpoint_id = $1', [endpoint.id]);
      expect(deliveries).toEqual([{ status: 'failed' }]); // none made for the signal after
      receiver.respond = previous;
    });

    it('waits at least as long as a 429 Retry-After asks', async () => {
      const endpoint = await endpointFor();
      let calls = 0;
      const previous = receiver.respond;
      receiver.respond = (r) =>
        r.path === endpoint.path && ++calls === 1 ? { status: 429, headers: { 'retry-after': '2' } } : previous(r);
      await insertCustomer(pool, club.id);
      await receiver.waitFor(() => receiver.at(endpoint.path).length >= 2, 45_000, 'retry after 429');
      const [first, second] = receiver.at(endpoint.path);
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(1950);
      receiver.respond = previous;
    });

    it('never posts again to an endpoint deleted through the API while a retry is scheduled', async () => {
      const endpoint = await endpointFor();
      const previous = receiver.respond;
      // Retry-After keeps the retry two seconds off, so no attempt is under way when the deletion
      // commits. (An attempt claimed before it may still arrive: delivery is at least once, and a
      // request cannot be called back. With the schedule's 100 ms this test once saw such an
      // attempt, claimed just before its deletion, arrive just after.)
      receiver.respond = (r) => (r.path === endpoint.path ? { status: 503, headers: { 'retry-after': '2' } } : previous(r));
      await insertCustomer(pool, club.id);
      await eventually('the first attempt recorded', async () => (await attemptsOf(pool, endpoint.id)).length === 1);
      const deleted = await api.call('DELETE', `/v1/webhook_endpoints/${endpoint.id}`);
      expect(deleted.statusCode).toBe(200);
      await insertCustomer(pool, club.id); // and no delivery at all for a signal emitted after
      await new Promise((r) => setTimeout(r, 3000));
      expect(receiver.at(endpoint.path)).toHaveLength(1);
      const { rows } = await pool.query('SELECT status FROM deliveries WHERE endpoint_id = $1', [endpoint.id]);
      expect(rows).toEqual([{ status: 'canceled' }]);
      receiver.respond = previous;
    });

    it('retries a receiver that hangs past the timeout, recording each timeout', async () => {
      const endpoint = await endpointFor();
      let calls = 0;
      const previous = receiver.respond;
      receiver.respond = (r) => (r.path === endpoint.path && ++calls <= 2 ? 'hang' : previous(r));
      await insertCustomer(pool, club.id);
      await receiver.waitFor(() => receiver.deliveredIds(endpoint.path).size === 1, 45_000, 'delivery after two timeouts');
      await eventually('the third attempt recorded', async () => (await attemptsOf(pool, endpoint.id)).length === 3);
      const attempts = await attemptsOf(pool, endpoint.id);
      expect(attempts.map((a) => a.status_code)).toEqual([null, null, 200]);
      expect(attempts[0].error).toMatch(/timed out after 1000 ms/);
      receiver.respond = previous;
    });

    it('signs with both secrets after a rotation through the API', async () => {
      const endpoint = await endpointFor();
      const rotated = await api.call('POST', `/v1/webhook_endpoints/${endpoint.id}/rotate_secret`);
      expect(rotated.statusCode).toBe(200);
      const next = rotated.json<{ secret: string }>().secret;
      secretsByPath.get(endpoint.path)!.push(next);
      await insertCustomer(pool, club.id);
      await receiver.waitFor(() => receiver.at(endpoint.path).length >= 1, 45_000, 'delivery');
      const [request] = receiver.at(endpoint.path);
      expect(String(request!.headers['webhook-signature']).split(' ')).toHaveLength(2);
      verifyWithBothLibraries(request!, next);
      verifyWithBothLibraries(request!, endpoint.secret);
    });



    it('never failed a lane job: a lane waits for its next due time in the queue, on either backend', async () => {
      // A lane that cannot be put back fails its job, and the reconciler brings it back seconds
      // later: retries come late and nothing else shows it (a fractional due time did so on the
      // PostgreSQL backend, which takes whole milliseconds only).
      expect(await running.pipeline.queues.delivery.getJobCounts('failed')).toEqual({ failed: 0 });
    });
  });
}

describe('outbound address guard outside development', () => {
  it('refuses a receiver on a loopback address without connecting, and records why', async () => {
    const db = await createTestDatabase();
    const running = await runPipeline(db.pool, db.url, { backend: 'redis', environment: 'production', delivery: { retrySchedule: [60_000] } });
    const receiver = await new TestReceiver().start();
    try {
      const club = await insertClub(db.pool);
      const endpoint = await insertEndpoint(db.pool, running.secretBox, club.id, receiver.url);
      await insertCustomer(db.pool, club.id);
      const attempts = async () =>
        (await db.pool.query<{ error: string | null; status_code: number | null }>('SELECT error, status_code FROM delivery_attempts WHERE endpoint_id = $1', [endpoint.id])).rows;
      await eventually('the attempt recorded', async () => (await attempts()).length > 0);
      const recorded = await attempts();
      expect(recorded).toHaveLength(1);
      expect(recorded[0]!.status_code).toBeNull();
      expect(recorded[0]!.error).toMatch(/127\.0\.0\.1.*not public/);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.stop();
      await running.close();
    }
  });
});

// Lanes linger for a minute here, not 250 ms: longer than any test, so that whether a lane is
// still there for the next signal depends on the rule, not on how fast the machine is.
describe.each(['redis', 'postgres'] as const)('lingering lanes, %s backend', (backend) => {
  it('keeps one lane running while signals trickle in: the relay of its own process wakes it', async () => {
    const db = await createTestDatabase();
    const running = await runPipeline(db.pool, db.url, { backend, delivery: { laneLingerMs: 60_000 } });
    const receiver = await new TestReceiver().start();
    try {
      const club = await insertClub(db.pool);
      const endpoint = await insertEndpoint(db.pool, running.secretBox, club.id, receiver.url);
      // A lane that ended after each delivery would be a new run for each of the ten. A lingering
      // lane that the relay did not wake directly would deliver nothing for a minute.
      expect(await trickle(db.pool, running, receiver, club.id, endpoint, 10)).toBe(1);
    } finally {
      await receiver.stop();
      await running.close();
    }
  });

  it('with a single lane slot, a lane does not linger: it ends when it has nothing due, and each trickled signal starts one', async () => {
    const db = await createTestDatabase();
    const running = await runPipeline(db.pool, db.url, { backend, delivery: { concurrency: 1, laneLingerMs: 60_000 } });
    const receiver = await new TestReceiver().start();
    try {
      const club = await insertClub(db.pool);
      const endpoint = await insertEndpoint(db.pool, running.secretBox, club.id, receiver.url);
      // A lane that lingered would hold the one slot for a minute: its end is waited for.
      expect(await trickle(db.pool, running, receiver, club.id, endpoint, 6, { laneEnded: true })).toBe(6);
    } finally {
      await receiver.stop();
      await running.close();
    }
  });

  it('serves the trickle of many endpoints without the queue: each shard job starts once, and its lanes run in the process', async () => {
    const db = await createTestDatabase();
    const running = await runPipeline(db.pool, db.url, { backend, delivery: { shardLingerMs: 60_000 } });
    const receiver = await new TestReceiver().start();
    try {
      const clubs = await Promise.all(Array.from({ length: 8 }, () => insertClub(db.pool)));
      const endpoints = [];
      for (const club of clubs) {
        for (let i = 0; i < 3; i++) endpoints.push({ clubId: club.id, endpoint: await insertEndpoint(db.pool, running.secretBox, club.id, receiver.url) });
      }
      const shards = new Set(endpoints.map(({ endpoint }) => shardOf(endpoint.id)));
      // Three rounds of a signal per club, one at a time, each once the one before was delivered:
      // each delivery is a lane run of its own (lanes linger 250 ms), and a shard that went
      // through the queue for each would start again and again.
      for (let round = 1; round <= 3; round++) {
        for (const club of clubs) {
          await insertCustomer(db.pool, club.id);
          const mine = endpoints.filter((e) => e.clubId === club.id);
          await eventually(`round ${round} at ${club.id}`, async () => mine.every(({ endpoint }) => receiver.at(endpoint.path).length >= round));
        }
      }
      expect(await shardRuns(running)).toBe(shards.size);
      expect(await running.pipeline.queues.delivery.getActiveCount()).toBe(shards.size);
      // Bull Board shows each running shard's lanes in its job's progress.
      await eventually('every running shard shows its lanes', async () =>
        (await running.pipeline.queues.delivery.getActive()).every((job) => typeof job.progress === 'object' && 'lanes' in job.progress && 'parked' in job.progress),
      );
    } finally {
      await receiver.stop();
      await running.close();
    }
  });
});
