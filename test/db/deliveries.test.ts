// The delivery worker's statements (src/db/deliveries.ts, migrations/0009_delivery_batches.sql)
// called as the worker calls them, many at once, so that they share batches: each caller must
// get its own answer, and a delivery must never be claimed twice.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  claimDelivery,
  fanOutSignal,
  recordAttempt,
  type DeliveryKey,
} from '../../src/db/deliveries.ts';
import type { Pool } from '../../src/db/pool.ts';
import { updateEndpoint } from '../../src/db/webhook-endpoints.ts';
import { createTestDatabase, insertClub, testSecretBox } from '../helper.ts';
import { insertCustomer, insertEndpoint } from '../workers/pipeline-helper.ts';

let pool: Pool;
let clubId: string;
const secretBox = testSecretBox();
const LEASE_MS = 30_000;

beforeAll(async () => {
  ({ pool } = await createTestDatabase());
  clubId = (await insertClub(pool)).id;
});

/** Endpoints, then customers whose signals they receive; the signals' sequences. */
async function signalsFor(endpoints: number, customers: number) {
  const made = [];
  for (let i = 0; i < endpoints; i++) made.push(await insertEndpoint(pool, secretBox, clubId, 'http://127.0.0.1:9'));
  const { rows: before } = await pool.query('SELECT coalesce(max(sequence), 0)::int AS last FROM signals WHERE club_id = $1', [clubId]);
  for (let i = 0; i < customers; i++) await insertCustomer(pool, clubId);
  const { rows } = await pool.query<{ sequence: number }>(
    'SELECT sequence::int FROM signals WHERE club_id = $1 AND sequence > $2 ORDER BY sequence',
    [clubId, before[0].last],
  );
  return { endpoints: made, sequences: rows.map((r) => r.sequence) };
}

const success = (attemptNumber: number) => ({
  attemptNumber,
  attemptedAt: new Date(),
  statusCode: 200,
  error: null,
  durationMs: 3,
  responseExcerpt: 'ok',
});
const decided = { succeeded: true, gone: false, retryDelayMs: null, disableAfterMs: 1_000_000 };

describe('fanOutSignal', () => {
  it('gives each of many simultaneous callers the pending deliveries of its own signal, once', async () => {
    const { endpoints, sequences } = await signalsFor(3, 6);
    const results = await Promise.all(sequences.map((sequence) => fanOutSignal(pool, clubId, sequence)));
    for (const pending of results) {
      expect(pending.map((d) => d.endpointId).sort()).toEqual(endpoints.map((e) => e.id).sort());
      expect(new Set(pending.map((d) => d.signalId)).size).toBe(1);
    }
    expect(new Set(results.map((pending) => pending[0]!.signalId)).size).toBe(sequences.length);
    // Again (an interrupted run redone): the same deliveries, still pending, and no new rows.
    const again = await Promise.all(sequences.map((sequence) => fanOutSignal(pool, clubId, sequence)));
    expect(again.map((p) => p.map((d) => d.endpointId).sort())).toEqual(results.map((p) => p.map((d) => d.endpointId).sort()));
    const { rows } = await pool.query(
      'SELECT count(*)::int AS n FROM deliveries WHERE club_id = $1 AND signal_sequence = ANY ($2::bigint[])',
      [clubId, sequences],
    );
    expect(rows[0].n).toBe(sequences.length * endpoints.length);
    const { rows: fanouts } = await pool.query(
      'SELECT count(*)::int AS n FROM signal_fanouts WHERE club_id = $1 AND signal_sequence = ANY ($2::bigint[])',
      [clubId, sequences],
    );
    expect(fanouts[0].n).toBe(sequences.length);
  });

  it('returns only the deliveries still pending, and none for endpoints that do not match', async () => {
    // Earlier tests' endpoints, disabled as the API does it.
    const { rows: earlier } = await pool.query<{ id: string }>('SELECT id FROM webhook_endpoints WHERE club_id = $1', [clubId]);
    for (const { id } of earlier) await updateEndpoint(pool, clubId, id, () => ({ status: 'disabled' }));
    await insertEndpoint(pool, secretBox, clubId, 'http://127.0.0.1:9', { signalTypes: ['booking.created'] }); // not for customers
    const { endpoints, sequences } = await signalsFor(2, 1);
    const [sequence] = sequences as [number];
    const first = await fanOutSignal(pool, clubId, sequence);
    expect(first).toHaveLength(2);
    const key: DeliveryKey = { clubId, endpointId: endpoints[0]!.id, sequence };
    const claim = await claimDelivery(pool, key, LEASE_MS);
    expect(claim.state).toBe('claimed');
    await recordAttempt(pool, key, first[0]!.signalId, success(1), decided);
    const again = await fanOutSignal(pool, clubId, sequence);
    expect(again.map((d) => d.endpointId)).toEqual([endpoints[1]!.id]);
  });
});

describe('claimDelivery', () => {
  it('claims a delivery once when many callers ask for it at the same moment', async () => {
    const { endpoints, sequences } = await signalsFor(1, 1);
    const [sequence] = sequences as [number];
    await fanOutSignal(pool, clubId, sequence);
    const key: DeliveryKey = { clubId, endpointId: endpoints[0]!.id, sequence };
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimDelivery(pool, key, LEASE_MS)));
    const claimed = claims.filter((c) => c.state === 'claimed');
    expect(claimed).toHaveLength(1);
    expect(claims.filter((c) => c.state === 'later')).toHaveLength(4);
    const { rows } = await pool.query(
      'SELECT attempts, leased_until > now() AS leased FROM deliveries WHERE club_id = $1 AND endpoint_id = $2 AND signal_sequence = $3',
      [clubId, key.endpointId, sequence],
    );
    expect(rows[0]).toEqual({ attempts: 1, leased: true });
  });

  it('brings the endpoint and the stored signal with a claim', async () => {
    const { endpoints, sequences } = await signalsFor(1, 1);
    const [sequence] = sequences as [number];
    await fanOutSignal(pool, clubId, sequence);
    const claim = await claimDelivery(pool, { clubId, endpointId: endpoints[0]!.id, sequence }, LEASE_MS);
    if (claim.state !== 'claimed') throw new Error(`expected a claim, got ${claim.state}`);
    const { rows } = await pool.query('SELECT id, body FROM signals WHERE club_id = $1 AND sequence = $2', [clubId, sequence]);
    expect(claim.attempt).toBe(1);
    expect(claim.target).toMatchObject({ url: `http://127.0.0.1:9${endpoints[0]!.path}`, active: true, previousSecret: null });
    expect(claim.target!.signalId).toBe(rows[0].id);
    expect(claim.target!.body).toBe(rows[0].body);
    expect(secretBox.open(claim.target!.secret)).toBe(endpoints[0]!.secret);
  });

  it('answers later for a delivery not due yet, and done for a finished or unknown one', async () => {
    const { endpoints, sequences } = await signalsFor(2, 1);
    const [sequence] = sequences as [number];
    const [pending] = await fanOutSignal(pool, clubId, sequence);
    const notDue: DeliveryKey = { clubId, endpointId: endpoints[0]!.id, sequence };
    await pool.query(
      `UPDATE deliveries SET next_attempt_at = now() + interval '1 minute'
        WHERE club_id = $1 AND endpoint_id = $2 AND signal_sequence = $3`,
      [clubId, notDue.endpointId, sequence],
    );
    const finished: DeliveryKey = { clubId, endpointId: endpoints[1]!.id, sequence };
    expect((await claimDelivery(pool, finished, LEASE_MS)).state).toBe('claimed');
    await recordAttempt(pool, finished, pending!.signalId, success(1), decided);

    const [later, done, unknown] = await Promise.all([
      claimDelivery(pool, notDue, LEASE_MS),
      claimDelivery(pool, finished, LEASE_MS),
      claimDelivery(pool, { clubId, endpointId: 'we_unknown', sequence }, LEASE_MS),
    ]);
    expect(later.state).toBe('later');
    if (later.state === 'later') expect(later.inMs).toBeGreaterThan(55_000);
    expect(done).toEqual({ state: 'done' });
    expect(unknown).toEqual({ state: 'done' });
  });
});

describe('recordAttempt', () => {
  it('records many simultaneous successes, each with its own attempt row, and clears failing streaks', async () => {
    const { endpoints, sequences: [failing, ...sequences] } = await signalsFor(2, 6);
    // A failed attempt of another signal starts the first endpoint's failing streak.
    const [failed] = await fanOutSignal(pool, clubId, failing!);
    const failedKey: DeliveryKey = { clubId, endpointId: failed!.endpointId, sequence: failing! };
    expect((await claimDelivery(pool, failedKey, LEASE_MS)).state).toBe('claimed');
    const failure = { ...success(1), statusCode: 500, error: 'HTTP 500 Internal Server Error' };
    const retry = await recordAttempt(pool, failedKey, failed!.signalId, failure, { ...decided, succeeded: false, retryDelayMs: 60_000 });
    expect(retry).toEqual({ outcome: 'retry', delayMs: 60_000 });
    const failingSince = async (endpointId: string) =>
      (await pool.query('SELECT failing_since FROM webhook_endpoints WHERE club_id = $1 AND id = $2', [clubId, endpointId])).rows[0].failing_since;
    expect(await failingSince(failed!.endpointId)).not.toBeNull();
    const keys: { key: DeliveryKey; signalId: string }[] = [];
    for (const sequence of sequences) {
      for (const d of await fanOutSignal(pool, clubId, sequence)) keys.push({ key: { clubId, endpointId: d.endpointId, sequence }, signalId: d.signalId });
    }
    const claims = await Promise.all(keys.map(({ key }) => claimDelivery(pool, key, LEASE_MS)));
    expect(claims.every((c) => c.state === 'claimed')).toBe(true);
    const results = await Promise.all(keys.map(({ key, signalId }) => recordAttempt(pool, key, signalId, success(1), decided)));
    expect(results.every((r) => r.outcome === 'succeeded')).toBe(true);

    const { rows } = await pool.query(
      `SELECT d.status, d.leased_until, d.completed_at IS NOT NULL AS completed,
              (SELECT count(*)::int FROM delivery_attempts a
                WHERE a.club_id = d.club_id AND a.endpoint_id = d.endpoint_id AND a.signal_sequence = d.signal_sequence) AS attempts
         FROM deliveries d WHERE d.club_id = $1 AND d.signal_sequence = ANY ($2::bigint[])`,
      [clubId, sequences],
    );
    expect(rows).toHaveLength(keys.length);
    for (const row of rows) expect(row).toEqual({ status: 'succeeded', leased_until: null, completed: true, attempts: 1 });
    for (const endpoint of endpoints) expect(await failingSince(endpoint.id)).toBeNull();
  });
});
