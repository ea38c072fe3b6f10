// The delivery worker's statements (src/db/deliveries.ts, sql/5-delivery/) called as the worker
// calls them, many at once, so that they share batches: each caller must get its own answer, and
// a delivery must never be claimed twice. Also the one rule that cancels deliveries, which the
// endpoint's deletion and disabling (src/db/webhook-endpoints.ts) share with the worker's claim.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  claimLane,
  fanOutSignal,
  holdingsOf,
  laneNextDue,
  leaveLane,
  leaveShard,
  recordAttempt,
  type ClaimedDelivery,
  type DeliveryKey,
} from '../../src/db/deliveries.ts';
import { createPool, type Pool } from '../../src/db/pool.ts';
import { deleteEndpoint, updateEndpoint } from '../../src/db/webhook-endpoints.ts';
import { createTestDatabase, insertClub, testSecretBox } from '../helper.ts';
import { shardOf } from '../../src/queue/queues.ts';
import { endpointsWithSignals, insertCustomer, insertEndpoint } from '../workers/pipeline-helper.ts';

let pool: Pool;
let clubId: string;
const secretBox = testSecretBox();
const LEASE_MS = 30_000;

beforeAll(async () => {
  ({ pool } = await createTestDatabase());
  clubId = (await insertClub(pool)).id;
});

/** Endpoints, then customers whose signals they receive; the signals' sequences. */
const signalsFor = (endpoints: number, customers: number) => endpointsWithSignals(pool, secretBox, clubId, endpoints, customers);

const success = (attemptNumber: number) => ({
  attemptNumber,
  attemptedAt: new Date(),
  statusCode: 200,
  error: null,
  durationMs: 3,
  responseExcerpt: 'ok',
});
/** One lane run's name: every claim here is by the same run, so none finds the endpoint held. */
const HOLDER = 'lane-run-1';
const decided = { succeeded: true, gone: false, retryDelayMs: null, disableAfterMs: 1_000_000 };

/**
 * What each test lane run (holder and endpoint) holds, as lane-io.ts keeps it: claimed and not yet
 * let go. A claim skips these; recordAttempt here lets go of what it records.
 */
const holdings = new Map<string, Set<number>>();
const holdingOf = (holder: string, endpointId: string) => {
  const key = `${holder} ${endpointId}`;
  return holdings.get(key) ?? holdings.set(key, new Set()).get(key)!;
};

/** claimLane as a lane run calls it: with what the run holds, which the claimed join. */
async function claimHeld(
  pool: Pool,
  club: string,
  endpointId: string,
  batch: number,
  leaseMs: number,
  fromSequence: number,
  holder: string,
  ownRate?: number | null,
) {
  const holding = holdingOf(holder, endpointId);
  const claim = await claimLane(pool, club, endpointId, batch, leaseMs, fromSequence, holder, holding, ownRate);
  for (const c of claim.claimed) holding.add(c.key.sequence);
  return claim;
}

/** recordAttempt, and the lane run lets go of the delivery. */
async function recordHeld(...args: Parameters<typeof recordAttempt>) {
  const result = await recordAttempt(...args);
  for (const [key, holding] of holdings) if (key.endsWith(` ${args[1].endpointId}`)) holding.delete(args[1].sequence);
  return result;
}

/** Claims an endpoint's due deliveries as its lane does: the sequences claimed, in order. */
async function claimed(endpointId: string, batch = 100): Promise<number[]> {
  return (await claimHeld(pool, clubId, endpointId, batch, LEASE_MS, 0, HOLDER)).claimed.map((c) => c.key.sequence);
}

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
    expect(await claimed(key.endpointId)).toEqual([sequence]);
    await recordHeld(pool, key, first[0]!.signalId, success(1), decided);
    const again = await fanOutSignal(pool, clubId, sequence);
    expect(again.map((d) => d.endpointId)).toEqual([endpoints[1]!.id]);
  });
});

describe('claimLane', () => {
  it('claims a delivery once when the lanes of several processes claim it at the same moment', async () => {
    const { endpoints, sequences } = await signalsFor(1, 1);
    const [sequence] = sequences as [number];
    await fanOutSignal(pool, clubId, sequence);
    const endpointId = endpoints[0]!.id;
    const claims = await Promise.all(Array.from({ length: 5 }, (_, i) => claimHeld(pool, clubId, endpointId, 1, LEASE_MS, 0, `process-${i}`)));
    expect(claims.flatMap((c) => c.claimed.map((d) => d.key.sequence))).toEqual([sequence]);
    expect(claims.filter((c) => c.lane?.blocked?.reason === 'held')).toHaveLength(4);
    const { rows } = await pool.query('SELECT attempts FROM deliveries WHERE club_id = $1 AND endpoint_id = $2 AND signal_sequence = $3', [
      clubId,
      endpointId,
      sequence,
    ]);
    // Numbered 1, counted only by its record: a claim that is never answered used no attempt.
    expect(rows[0]).toEqual({ attempts: 0 });
    expect(claims.flatMap((c) => c.claimed.map((d) => d.attempt))).toEqual([1]);
    await pool.query(`UPDATE endpoint_lanes SET holder = NULL, held_until = NULL WHERE endpoint_id = $1`, [endpointId]);
  });

  it("counts an attempt by its record, not its claim: after its process's hold lapsed the delivery comes back with the same attempt number", async () => {
    const { endpoints, sequences } = await signalsFor(1, 1);
    const [sequence] = sequences as [number];
    await fanOutSignal(pool, clubId, sequence);
    const endpointId = endpoints[0]!.id;
    const [first] = (await claimHeld(pool, clubId, endpointId, 1, LEASE_MS, 0, 'died')).claimed;
    expect(first!.attempt).toBe(1);
    // Its process died before any answer: the hold lapses, and another process's lane claims it.
    await pool.query(`UPDATE endpoint_lanes SET held_until = now() - interval '1 second' WHERE endpoint_id = $1`, [endpointId]);
    const [again] = (await claimHeld(pool, clubId, endpointId, 1, LEASE_MS, 0, HOLDER)).claimed;
    expect(again!.attempt).toBe(1);
    await recordHeld(pool, again!.key, again!.target.signalId, { ...success(1), statusCode: 500 }, { ...decided, succeeded: false, retryDelayMs: 0 });
    const [third] = (await claimHeld(pool, clubId, endpointId, 1, LEASE_MS, 0, HOLDER)).claimed;
    expect(third!.attempt).toBe(2);
    const { rows } = await pool.query('SELECT attempts FROM deliveries WHERE club_id = $1 AND endpoint_id = $2', [clubId, endpointId]);
    expect(rows).toEqual([{ attempts: 1 }]);
  });

  it('claims in sequence order, at most a batch, and brings the endpoint and the stored signal', async () => {
    const { endpoints, sequences } = await signalsFor(1, 3);
    for (const sequence of sequences) await fanOutSignal(pool, clubId, sequence);
    const claim = await claimHeld(pool, clubId, endpoints[0]!.id, 2, LEASE_MS, 0, HOLDER);
    expect(claim.claimed.map((c) => c.key.sequence)).toEqual(sequences.slice(0, 2));
    const first = claim.claimed[0]!;
    const { rows } = await pool.query('SELECT id, body FROM signals WHERE club_id = $1 AND sequence = $2', [clubId, sequences[0]]);
    expect(first.attempt).toBe(1);
    expect(first.target).toMatchObject({ url: `http://127.0.0.1:9${endpoints[0]!.path}`, previousSecret: null });
    expect(first.target.signalId).toBe(rows[0].id);
    expect(first.target.body).toBe(rows[0].body);
    expect(secretBox.open(first.target.secret)).toBe(endpoints[0]!.secret);
    expect(await claimed(endpoints[0]!.id)).toEqual(sequences.slice(2));
  });

  it('claims nothing not due, held by its lane or finished, and laneNextDue tells when the lane has work again', async () => {
    const { endpoints, sequences } = await signalsFor(2, 1);
    const [sequence] = sequences as [number];
    const [pending] = await fanOutSignal(pool, clubId, sequence);
    const [notDue, finished] = endpoints.map((e) => e.id) as [string, string];
    await pool.query(
      `UPDATE deliveries SET next_attempt_at = now() + interval '1 minute'
        WHERE club_id = $1 AND endpoint_id = $2 AND signal_sequence = $3`,
      [clubId, notDue, sequence],
    );
    expect(await claimed(notDue)).toEqual([]);
    expect(await laneNextDue(pool, clubId, notDue)).toBeGreaterThan(55_000);
    expect(await claimed(finished)).toEqual([sequence]);
    // Held by the lane (in flight): not claimed again; still due, as the table sees it.
    expect(await claimed(finished)).toEqual([]);
    expect(await laneNextDue(pool, clubId, finished)).toBe(0);
    // Asked at the same moment, as a process's lanes do, each gets its own answer from one statement.
    const together = await Promise.all([notDue, finished, 'we_unknown', finished, notDue].map((id) => laneNextDue(pool, clubId, id)));
    expect(together.map((ms) => (ms === null ? null : ms > 55_000 ? 'later' : ms))).toEqual(['later', 0, null, 0, 'later']);
    await recordHeld(pool, { clubId, endpointId: finished, sequence }, pending!.signalId, success(1), decided);
    expect(await laneNextDue(pool, clubId, finished)).toBeNull();
    expect(await claimHeld(pool, clubId, 'we_unknown', 5, LEASE_MS, 0, HOLDER)).toEqual({ claimed: [], canceled: 0, floor: 0, othersPending: true, lane: null });
  });
});

describe('claimLane from a floor', () => {
  it('gives the lowest pending sequence as the floor, claims the same from it as from 0, and one past the last when none is pending', async () => {
    const { endpoints, sequences } = await signalsFor(1, 4);
    for (const sequence of sequences) await fanOutSignal(pool, clubId, sequence);
    const endpointId = endpoints[0]!.id;
    const [s1, s2, s3, s4] = sequences as [number, number, number, number];
    const first = await claimHeld(pool, clubId, endpointId, 2, LEASE_MS, 0, HOLDER);
    expect(first.claimed.map((c) => c.key.sequence)).toEqual([s1, s2]);
    expect(first.floor).toBe(s1); // still pending while in flight
    for (const c of first.claimed) await recordHeld(pool, c.key, c.target.signalId, success(c.attempt), decided);
    const second = await claimHeld(pool, clubId, endpointId, 5, LEASE_MS, first.floor, HOLDER);
    expect(second.floor).toBe(s3);
    expect(second.claimed.map((c) => c.key.sequence)).toEqual([s3, s4]);
    for (const c of second.claimed) await recordHeld(pool, c.key, c.target.signalId, success(c.attempt), decided);
    const empty = await claimHeld(pool, clubId, endpointId, 5, LEASE_MS, second.floor, HOLDER);
    expect(empty).toMatchObject({ claimed: [], canceled: 0, floor: s4 + 1 });
    // A delivery made pending again below the floor (an operator's retry) is not looked at from
    // the floor; a claim from 0 finds it (the lane looks from 0 when woken by such a retry, and
    // at least every second).
    await pool.query(
      `UPDATE deliveries SET status = 'pending', next_attempt_at = now(), completed_at = NULL
        WHERE club_id = $1 AND endpoint_id = $2 AND signal_sequence = $3`,
      [clubId, endpointId, s2],
    );
    expect((await claimHeld(pool, clubId, endpointId, 5, LEASE_MS, empty.floor, HOLDER)).claimed).toEqual([]);
    const fromZero = await claimHeld(pool, clubId, endpointId, 5, LEASE_MS, 0, HOLDER);
    expect(fromZero.claimed.map((c) => c.key.sequence)).toEqual([s2]);
    expect(fromZero.floor).toBe(s2);
  });
});

describe('claimLane: what is left pending', () => {
  it('says whether pending deliveries are left besides those it claimed: more than it had room for, held by the lane, or not due', async () => {
    const { endpoints, sequences } = await signalsFor(1, 3);
    for (const sequence of sequences) await fanOutSignal(pool, clubId, sequence);
    const endpointId = endpoints[0]!.id;
    const first = await claimHeld(pool, clubId, endpointId, 2, LEASE_MS, 0, HOLDER);
    expect(first.claimed).toHaveLength(2);
    expect(first.othersPending).toBe(true);
    // The last one: the two claimed before are still pending (in flight).
    const last = await claimHeld(pool, clubId, endpointId, 5, LEASE_MS, 0, HOLDER);
    expect(last.claimed.map((c) => c.key.sequence)).toEqual([sequences[2]]);
    expect(last.othersPending).toBe(true);
    await pool.query(`UPDATE deliveries SET status = 'succeeded' WHERE endpoint_id = $1 AND signal_sequence <> $2`, [endpointId, sequences[2]]);
    holdingOf(HOLDER, endpointId).clear();
    const alone = await claimHeld(pool, clubId, endpointId, 5, LEASE_MS, 0, HOLDER);
    expect(alone.claimed.map((c) => c.key.sequence)).toEqual([sequences[2]]);
    expect(alone.othersPending).toBe(false);
    // Pending but not due (a retry later): left.
    await pool.query(`UPDATE deliveries SET next_attempt_at = now() + interval '1 minute' WHERE endpoint_id = $1 AND status = 'pending'`, [endpointId]);
    holdingOf(HOLDER, endpointId).clear();
    const notDue = await claimHeld(pool, clubId, endpointId, 5, LEASE_MS, 0, HOLDER);
    expect(notDue.claimed).toEqual([]);
    expect(notDue.othersPending).toBe(true);
    await pool.query(`UPDATE deliveries SET status = 'succeeded' WHERE endpoint_id = $1`, [endpointId]);
    expect((await claimHeld(pool, clubId, endpointId, 5, LEASE_MS, 0, HOLDER)).othersPending).toBe(false);
  });
});

describe('claimLane: claims made at the same moment', () => {
  it('are each answered with their own endpoint\'s deliveries, however they are batched into statements', async () => {
    const { endpoints, sequences } = await signalsFor(3, 2);
    for (const sequence of sequences) await fanOutSignal(pool, clubId, sequence);
    const claims = await Promise.all([
      ...[...endpoints].reverse().map((e, i) => claimHeld(pool, clubId, e.id, i + 1, LEASE_MS, 0, HOLDER)),
      claimHeld(pool, clubId, 'we_unknown_at_once', 5, LEASE_MS, 0, HOLDER),
    ]);
    const reversed = [...endpoints].reverse();
    claims.slice(0, 3).forEach((claim, i) => {
      expect(claim.claimed.map((c) => c.key.endpointId)).toEqual(Array(Math.min(i + 1, 2)).fill(reversed[i]!.id));
      expect(claim.claimed.map((c) => c.key.sequence)).toEqual(sequences.slice(0, i + 1));
    });
    expect(claims[3]).toMatchObject({ claimed: [], lane: null });
  });

  it('writes what each lane holds as rows of one array, padded with 0', () => {
    expect(holdingsOf([{ holding: [] }, { holding: [] }])).toBe('{}');
    expect(holdingsOf([{ holding: [] }, { holding: [5] }, { holding: [1, 3] }])).toBe('{{0,0},{5,0},{1,3}}');
  });

  it('each skips what its own lane holds, whatever the others in its statement hold', async () => {
    const { endpoints, sequences } = await signalsFor(3, 3);
    for (const sequence of sequences) await fanOutSignal(pool, clubId, sequence);
    const [s1, s2, s3] = sequences as [number, number, number];
    // Held: nothing by the first lane, one by the second, two by the third (rows of unequal length).
    const holds = [new Set<number>(), new Set([s2]), new Set([s1, s3])];
    // Two claims first take the two statements that run at once (src/db/deliveries.ts), so that
    // the three go together in the next.
    const first = [0, 1].map(() => claimLane(pool, clubId, 'we_unknown_first', 1, LEASE_MS, 0, 'same-moment', new Set()));
    const claims = await Promise.all(endpoints.map((e, i) => claimLane(pool, clubId, e.id, 5, LEASE_MS, 0, 'same-moment', holds[i]!)));
    await Promise.all(first);
    expect(claims.map((c) => c.claimed.map((d) => d.key.sequence))).toEqual([[s1, s2, s3], [s1, s3], [s2]]);
    for (const e of endpoints) await leaveLane(pool, clubId, e.id, 'same-moment');
  });
});

describe('leaveShard', () => {
  it("gives up a process's holds on the endpoints of one shard, and no other's", async () => {
    const { endpoints, sequences } = await signalsFor(6, 1);
    await fanOutSignal(pool, clubId, sequences[0]!);
    for (const e of endpoints) expect((await claimHeld(pool, clubId, e.id, 1, LEASE_MS, 0, 'proc-a')).claimed).toHaveLength(1);
    const shard = shardOf(endpoints[0]!.id, 2);
    // Another process's hold in the same shard stays.
    await pool.query(`UPDATE endpoint_lanes SET holder = 'proc-b' WHERE endpoint_id = $1`, [endpoints[0]!.id]);
    const inShard = endpoints.filter((e, i) => i > 0 && shardOf(e.id, 2) === shard).length;
    expect(await leaveShard(pool, 'proc-a', 2, shard)).toBe(inShard);
    const { rows } = await pool.query<{ endpoint_id: string; holder: string | null }>(
      'SELECT endpoint_id, holder FROM endpoint_lanes WHERE endpoint_id = ANY ($1)',
      [endpoints.map((e) => e.id)],
    );
    for (const row of rows) {
      const expected = row.endpoint_id === endpoints[0]!.id ? 'proc-b' : shardOf(row.endpoint_id, 2) === shard ? null : 'proc-a';
      expect(row.holder, row.endpoint_id).toBe(expected);
    }
    // The endpoints of the next tests are held by no one.
    await leaveShard(pool, 'proc-a', 2, 1 - shard);
    await pool.query(`UPDATE endpoint_lanes SET holder = NULL, held_until = NULL WHERE holder = 'proc-b'`);
  });
});

describe('claimLane: one lane run at a time, pauses, and per-record order', () => {
  it('claims nothing for a second lane run while the first holds the endpoint, and at once once it left', async () => {
    const { endpoints, sequences } = await signalsFor(1, 2);
    for (const sequence of sequences) await fanOutSignal(pool, clubId, sequence);
    const endpointId = endpoints[0]!.id;
    const first = await claimHeld(pool, clubId, endpointId, 1, LEASE_MS, 0, 'run-a');
    expect(first.claimed.map((c) => c.key.sequence)).toEqual([sequences[0]]);
    expect(first.lane).toMatchObject({ maxInFlight: null, rateLimit: null, blocked: null });
    const second = await claimHeld(pool, clubId, endpointId, 5, LEASE_MS, 0, 'run-b');
    expect(second.claimed).toEqual([]);
    expect(second.lane!.blocked!.reason).toBe('held');
    expect(second.lane!.blocked!.forMs).toBeGreaterThan(LEASE_MS - 10_000);
    expect(second.lane!.blocked!.forMs).toBeLessThanOrEqual(LEASE_MS);
    // A run leaves once its attempts are recorded (lane-state.ts).
    for (const c of first.claimed) await recordHeld(pool, c.key, c.target.signalId, success(c.attempt), decided);
    await leaveLane(pool, clubId, endpointId, 'run-a');
    const third = await claimHeld(pool, clubId, endpointId, 5, LEASE_MS, 0, 'run-b');
    expect(third.claimed.map((c) => c.key.sequence)).toEqual([sequences[1]]);
    // A hold that lapsed (its run died) is taken over.
    await pool.query(`UPDATE endpoint_lanes SET held_until = now() - interval '1 second' WHERE endpoint_id = $1`, [endpointId]);
    expect((await claimHeld(pool, clubId, endpointId, 5, LEASE_MS, 0, 'run-c')).lane!.blocked).toBeNull();
    // Leaving a hold taken over since changes nothing.
    await leaveLane(pool, clubId, endpointId, 'run-b');
    expect((await claimHeld(pool, clubId, endpointId, 5, LEASE_MS, 0, 'run-b')).lane!.blocked!.reason).toBe('held');
    // The endpoint serves the later tests of this file, under their run's name.
    await leaveLane(pool, clubId, endpointId, 'run-c');
  });

  it("claims nothing while the endpoint is paused, and says for how long; brings the endpoint's options", async () => {
    const { endpoints, sequences } = await signalsFor(1, 1);
    await fanOutSignal(pool, clubId, sequences[0]!);
    const endpointId = endpoints[0]!.id;
    await pool.query(`UPDATE webhook_endpoints SET max_in_flight = 2, rate_limit = 50 WHERE id = $1`, [endpointId]);
    await pool.query(
      `INSERT INTO endpoint_lanes (club_id, endpoint_id, paused_until, effective_rate) VALUES ($1, $2, now() + interval '20 seconds', 25)`,
      [clubId, endpointId],
    );
    const paused = await claimHeld(pool, clubId, endpointId, 5, LEASE_MS, 0, HOLDER);
    expect(paused.claimed).toEqual([]);
    expect(paused.lane).toMatchObject({ maxInFlight: 2, rateLimit: 50, effectiveRate: 25, blocked: { reason: 'paused' } });
    expect(paused.lane!.blocked!.forMs).toBeGreaterThan(10_000);
    await pool.query(`UPDATE endpoint_lanes SET paused_until = now() WHERE endpoint_id = $1`, [endpointId]);
    expect((await claimHeld(pool, clubId, endpointId, 5, LEASE_MS, 0, HOLDER)).claimed).toHaveLength(1);
  });

  it("with per_resource ordering, claims only each record's earliest pending delivery, the next once it is settled", async () => {
    const endpoint = await insertEndpoint(pool, secretBox, clubId, 'http://127.0.0.1:9');
    await pool.query(`UPDATE webhook_endpoints SET ordering = 'per_resource' WHERE id = $1`, [endpoint.id]);
    const unordered = await insertEndpoint(pool, secretBox, clubId, 'http://127.0.0.1:9');
    const [a, b] = [await insertCustomer(pool, clubId), await insertCustomer(pool, clubId)];
    for (const name of ['Ann', 'Bea']) {
      await pool.query(`UPDATE customers SET first_name = $3 WHERE club_id = $1 AND id = $2`, [clubId, a, name]);
    }
    await pool.query(`UPDATE customers SET first_name = 'Cy' WHERE club_id = $1 AND id = $2`, [clubId, b]);
    const { rows } = await pool.query<{ sequence: number; resource_id: string }>(
      `SELECT sequence::int, resource_id FROM signals WHERE club_id = $1 AND resource_id = ANY ($2::text[]) ORDER BY sequence`,
      [clubId, [a, b]],
    );
    const of = (id: string) => rows.filter((r) => r.resource_id === id).map((r) => r.sequence);
    const [a1, a2, a3] = of(a) as [number, number, number];
    const [b1, b2] = of(b) as [number, number];
    for (const r of rows) await fanOutSignal(pool, clubId, r.sequence);
    const claimFor = async (endpointId: string) => (await claimHeld(pool, clubId, endpointId, 10, LEASE_MS, 0, HOLDER)).claimed;
    // Every delivery to the endpoint that does not ask for order; the head of each record to the other.
    expect((await claimFor(unordered.id)).map((c) => c.key.sequence)).toEqual([a1, b1, a2, a3, b2]);
    const heads = await claimFor(endpoint.id);
    expect(heads.map((c) => c.key.sequence)).toEqual([a1, b1]);
    // In flight, a record's next is not claimable.
    expect(await claimFor(endpoint.id)).toEqual([]);
    // a1 failed and waits for its retry: a2 still waits; b1 succeeded: b2 comes.
    const [headA, headB] = heads as [(typeof heads)[0], (typeof heads)[0]];
    await recordHeld(pool, headA.key, headA.target.signalId, { ...success(1), statusCode: 500 }, { ...decided, succeeded: false, retryDelayMs: 60_000 });
    await recordHeld(pool, headB.key, headB.target.signalId, success(1), decided);
    const [nextB] = await claimFor(endpoint.id);
    expect(nextB!.key.sequence).toBe(b2);
    // Once b2 is settled, the lane's next work is a1's retry, a minute away: a2 and a3 are due
    // but wait behind it, and do not count (cd_lanes_next_due).
    await recordHeld(pool, nextB!.key, nextB!.target.signalId, success(1), decided);
    expect(await laneNextDue(pool, clubId, endpoint.id)).toBeGreaterThan(55_000);
    // a1 given up: a2, and only a2, comes.
    await pool.query(`UPDATE deliveries SET status = 'failed', completed_at = now() WHERE endpoint_id = $1 AND signal_sequence = $2`, [
      endpoint.id,
      a1,
    ]);
    expect((await claimFor(endpoint.id)).map((c) => c.key.sequence)).toEqual([a2]);
  });
});

describe('claimLane with per_resource ordering and a hot record', () => {
  it("claims one head of a record with a thousand pending changes, beside every other record's first: a hot record takes one slot", async () => {
    // A club of its own: the other tests' endpoints would get the thousand changes too.
    const club = (await insertClub(pool)).id;
    const endpoint = await insertEndpoint(pool, secretBox, club, 'http://127.0.0.1:9');
    await pool.query(`UPDATE webhook_endpoints SET ordering = 'per_resource' WHERE id = $1`, [endpoint.id]);
    const hot = await insertCustomer(pool, club);
    for (let i = 0; i < 1000; i += 100) {
      // 100 changes in one statement each: a transaction per change.
      await pool.query(
        `DO $$ BEGIN FOR n IN 1..100 LOOP UPDATE customers SET first_name = 'v' || n || '${i}' WHERE club_id = '${club}' AND id = '${hot}'; COMMIT; END LOOP; END $$`,
      );
    }
    const others = [];
    for (let i = 0; i < 10; i++) others.push(await insertCustomer(pool, club));
    const { rows } = await pool.query<{ sequence: number; resource_id: string }>(
      `SELECT sequence::int, resource_id FROM signals WHERE club_id = $1 AND resource_id = ANY ($2::text[]) ORDER BY sequence`,
      [club, [hot, ...others]],
    );
    expect(rows.filter((r) => r.resource_id === hot)).toHaveLength(1001);
    for (const r of rows) await fanOutSignal(pool, club, r.sequence);
    const claimed = (await claimHeld(pool, club, endpoint.id, 15, LEASE_MS, 0, HOLDER)).claimed.map((c) => c.key.sequence);
    const firstOf = (id: string) => rows.find((r) => r.resource_id === id)!.sequence;
    expect(claimed).toEqual([firstOf(hot), ...others.map(firstOf)]);
  });
});

describe('claimLane: what the lane holds, and the hold that covers it', () => {
  it('skips what its run holds, writes nothing per delivery, and renews the hold only while deliveries are pending', async () => {
    const { endpoints, sequences } = await signalsFor(1, 3);
    for (const sequence of sequences) await fanOutSignal(pool, clubId, sequence);
    const endpointId = endpoints[0]!.id;
    const holding = new Set<number>();
    const first = await claimLane(pool, clubId, endpointId, 2, LEASE_MS, 0, HOLDER, holding);
    expect(first.claimed.map((c) => c.key.sequence)).toEqual(sequences.slice(0, 2));
    for (const c of first.claimed) holding.add(c.key.sequence);
    // The run's next claim skips what it holds.
    const next = await claimLane(pool, clubId, endpointId, 5, LEASE_MS, 0, HOLDER, holding);
    expect(next.claimed.map((c) => c.key.sequence)).toEqual([sequences[2]]);
    // Nothing was written to the deliveries: a run that holds nothing claims them all again,
    // numbered as before (what keeps two runs of one process apart is that one ends before the next starts).
    const fresh = await claimLane(pool, clubId, endpointId, 5, LEASE_MS, 0, HOLDER, new Set());
    expect(fresh.claimed.map((c) => [c.key.sequence, c.attempt])).toEqual(sequences.map((s) => [s, 1]));

    const heldFor = async () =>
      (await pool.query<{ ms: number }>('SELECT (extract(epoch FROM held_until - now()) * 1000)::float8 AS ms FROM endpoint_lanes WHERE endpoint_id = $1', [endpointId]))
        .rows[0]!.ms;
    // While deliveries are pending, a claim makes the hold run for the lease less a second at
    // least, so that every attempt it starts ends inside it; with none pending it leaves the hold
    // as it is.
    await pool.query(`UPDATE endpoint_lanes SET held_until = now() + interval '3 seconds' WHERE endpoint_id = $1`, [endpointId]);
    expect((await claimLane(pool, clubId, endpointId, 1, LEASE_MS, 0, HOLDER, new Set())).claimed).toHaveLength(1);
    expect(await heldFor()).toBeGreaterThan(LEASE_MS - 1_000);
    // Another process claims nothing while the hold is live.
    expect((await claimLane(pool, clubId, endpointId, 5, LEASE_MS, 0, 'another-process', new Set())).lane!.blocked!.reason).toBe('held');
    for (const c of fresh.claimed) await recordAttempt(pool, c.key, c.target.signalId, success(c.attempt), decided);
    await pool.query(`UPDATE endpoint_lanes SET held_until = now() + interval '3 seconds' WHERE endpoint_id = $1`, [endpointId]);
    expect((await claimLane(pool, clubId, endpointId, 5, LEASE_MS, 0, HOLDER, new Set())).claimed).toEqual([]);
    expect(await heldFor()).toBeLessThan(3_100);
  });

  it('a claim that must renew a hold another process took meanwhile claims nothing', async () => {
    const { endpoints, sequences } = await signalsFor(1, 1);
    await fanOutSignal(pool, clubId, sequences[0]!);
    const endpointId = endpoints[0]!.id;
    expect((await claimLane(pool, clubId, endpointId, 1, LEASE_MS, 0, HOLDER, new Set([sequences[0]!]))).claimed).toEqual([]);
    // The hold, as this claim reads it, has lapsed; another process takes it first (the
    // compare-and-set sees a row that is no longer the one read).
    await pool.query(`UPDATE endpoint_lanes SET held_until = now() - interval '1 second' WHERE endpoint_id = $1`, [endpointId]);
    const [mine, theirs] = await Promise.all([
      claimLane(pool, clubId, endpointId, 1, LEASE_MS, 0, HOLDER, new Set()),
      claimLane(pool, clubId, endpointId, 1, LEASE_MS, 0, 'another-process', new Set()),
    ]);
    // One of the two, never both.
    expect(mine.claimed.length + theirs.claimed.length).toBe(1);
    const { rows } = await pool.query('SELECT holder FROM endpoint_lanes WHERE endpoint_id = $1', [endpointId]);
    expect(rows[0].holder).toBe(mine.claimed.length === 1 ? HOLDER : 'another-process');
    await pool.query(`UPDATE endpoint_lanes SET holder = NULL, held_until = NULL WHERE endpoint_id = $1`, [endpointId]);
  });
});

describe('recordAttempt', () => {
  it('records many simultaneous successes, each with its own attempt row, and clears failing streaks', async () => {
    const { endpoints, sequences: [failing, ...sequences] } = await signalsFor(2, 6);
    // A failed attempt of another signal starts the first endpoint's failing streak.
    const [failed] = await fanOutSignal(pool, clubId, failing!);
    const failedKey: DeliveryKey = { clubId, endpointId: failed!.endpointId, sequence: failing! };
    expect(await claimed(failedKey.endpointId)).toContain(failing);
    const failure = { ...success(1), statusCode: 500, error: 'HTTP 500 Internal Server Error' };
    const retry = await recordHeld(pool, failedKey, failed!.signalId, failure, { ...decided, succeeded: false, retryDelayMs: 60_000 });
    // One failure is no failing endpoint yet (cd_endpoint_failing): nothing for the worker to log.
    expect(retry).toEqual({ outcome: 'retry', delayMs: 60_000 });
    const failingSince = async (endpointId: string) =>
      (await pool.query('SELECT failing_since FROM webhook_endpoints WHERE club_id = $1 AND id = $2', [clubId, endpointId])).rows[0].failing_since;
    expect(await failingSince(failed!.endpointId)).not.toBeNull();
    const keys: { key: DeliveryKey; signalId: string }[] = [];
    for (const sequence of sequences) {
      for (const d of await fanOutSignal(pool, clubId, sequence)) keys.push({ key: { clubId, endpointId: d.endpointId, sequence }, signalId: d.signalId });
    }
    const claims = await Promise.all([...new Set(keys.map(({ key }) => key.endpointId))].map((endpointId) => claimed(endpointId)));
    expect(claims.flat().filter((sequence) => sequences.includes(sequence))).toHaveLength(keys.length);
    const results = await Promise.all(keys.map(({ key, signalId }) => recordHeld(pool, key, signalId, success(1), decided)));
    expect(results.every((r) => r.outcome === 'succeeded')).toBe(true);
    // The run they end was one failure long: not a failing endpoint, so no recovery to log.
    expect(results.filter((r) => r.streak !== undefined)).toEqual([]);

    const { rows } = await pool.query(
      `SELECT d.status, d.completed_at IS NOT NULL AS completed,
              (SELECT count(*)::int FROM delivery_attempts a
                WHERE a.club_id = d.club_id AND a.endpoint_id = d.endpoint_id AND a.signal_sequence = d.signal_sequence) AS attempts
         FROM deliveries d WHERE d.club_id = $1 AND d.signal_sequence = ANY ($2::bigint[])`,
      [clubId, sequences],
    );
    expect(rows).toHaveLength(keys.length);
    for (const row of rows) expect(row).toEqual({ status: 'succeeded', completed: true, attempts: 1 });
    for (const endpoint of endpoints) expect(await failingSince(endpoint.id)).toBeNull();
  });
});

describe('recordAttempt: the failing streak and disable_at', () => {
  it('fixes disable_at at a streak\'s first failure, keeps it through later ones, disables by it, and a success clears both', async () => {
    const { endpoints, sequences } = await signalsFor(1, 8);
    const endpointId = endpoints[0]!.id;
    const health = async () =>
      (
        await pool.query<{ failing_since: Date | null; disable_at: Date | null; status: string; failed_attempts: number }>(
          'SELECT failing_since, disable_at, status, failed_attempts FROM webhook_endpoints WHERE club_id = $1 AND id = $2',
          [clubId, endpointId],
        )
      ).rows[0]!;
    const attempt = async (index: number, outcome: 'success' | 'failure', disableAfterMs: number) => {
      const sequence = sequences[index]!;
      const [delivery] = await fanOutSignal(pool, clubId, sequence);
      expect(await claimed(endpointId)).toContain(sequence);
      const key: DeliveryKey = { clubId, endpointId, sequence };
      return outcome === 'success'
        ? recordHeld(pool, key, delivery!.signalId, success(1), decided)
        : recordHeld(pool, key, delivery!.signalId, { ...success(1), statusCode: 500, error: 'HTTP 500' }, {
            ...decided,
            succeeded: false,
            retryDelayMs: 60_000,
            disableAfterMs,
          });
    };
    const day = 86_400_000;
    // The first failure fixes the clock; the fourth in a row makes the endpoint failing and says
    // so, and the success that ends a failing run says so too (the worker logs both).
    expect(await attempt(0, 'failure', day)).toEqual({ outcome: 'retry', delayMs: 60_000 });
    const first = await health();
    expect(first.failing_since).not.toBeNull();
    expect(first.disable_at!.getTime() - first.failing_since!.getTime()).toBe(day);
    expect(first.failed_attempts).toBe(1);
    // A later failure under a shorter setting (the operator changed ENDPOINT_DISABLE_AFTER): the
    // time shown to the owner stands, and the endpoint is not disabled before it.
    expect(await attempt(1, 'failure', 1)).toEqual({ outcome: 'retry', delayMs: 60_000 });
    expect(await health()).toEqual({ ...first, failed_attempts: 2 });
    expect(await attempt(2, 'failure', day)).toEqual({ outcome: 'retry', delayMs: 60_000 });
    expect(await attempt(3, 'failure', day)).toEqual({ outcome: 'retry', delayMs: 60_000, streak: 'failing' });
    // Counted no further: the endpoint row is not written again for the rest of the run.
    expect(await attempt(4, 'failure', day)).toEqual({ outcome: 'retry', delayMs: 60_000 });
    expect(await health()).toEqual({ ...first, failed_attempts: 4 });
    expect(await attempt(5, 'success', day)).toEqual({ outcome: 'succeeded', streak: 'ended' });
    expect(await health()).toEqual({ failing_since: null, disable_at: null, status: 'active', failed_attempts: 0 });
    // The success that ended the streak is kept as the last one; a new streak keeps the success before it.
    const lastSuccess = async () =>
      (await pool.query('SELECT last_success_at FROM webhook_endpoints WHERE club_id = $1 AND id = $2', [clubId, endpointId])).rows[0].last_success_at;
    const { rows: succeeded } = await pool.query(
      `SELECT attempted_at FROM delivery_attempts WHERE club_id = $1 AND endpoint_id = $2 AND status_code = 200 ORDER BY attempted_at DESC LIMIT 1`,
      [clubId, endpointId],
    );
    expect(await lastSuccess()).toEqual(succeeded[0].attempted_at);
    await pool.query(`UPDATE webhook_endpoints SET last_success_at = NULL WHERE club_id = $1 AND id = $2`, [clubId, endpointId]);
    expect(await attempt(6, 'failure', day)).toEqual({ outcome: 'retry', delayMs: 60_000 });
    expect(await lastSuccess()).toEqual(succeeded[0].attempted_at);
    // Once disable_at has come, the next failure disables.
    await pool.query(`UPDATE webhook_endpoints SET failing_since = now() - interval '2 days', disable_at = now() - interval '1 second'
                       WHERE club_id = $1 AND id = $2`, [clubId, endpointId]);
    expect(await attempt(7, 'failure', 30 * day)).toEqual({ outcome: 'endpoint_disabled', reason: 'failing' });
    expect((await health()).status).toBe('disabled');
    expect(await lastSuccess()).toEqual(succeeded[0].attempted_at);
  });
});

describe('recordAttempt: the signals about an endpoint', () => {
  /** The webhook_endpoint.* signals about an endpoint, oldest first, as stored. */
  const endpointSignals = async (endpointId: string) =>
    (
      await pool.query<{ type: string; body: string }>(
        `SELECT type, body FROM signals WHERE club_id = $1 AND resource_id = $2 ORDER BY sequence`,
        [clubId, endpointId],
      )
    ).rows.map((r) => ({ type: r.type, data: (JSON.parse(r.body) as { data: { outage?: Record<string, unknown> } }).data }));

  /** Records one attempt of the delivery of signal `index` to the endpoint: a failure (status), or a success made at `at`. */
  const recorder = (endpointId: string, sequences: number[]) => async (index: number, status: number, at = new Date()) => {
    const sequence = sequences[index]!;
    const [delivery] = await fanOutSignal(pool, clubId, sequence);
    expect(await claimed(endpointId)).toContain(sequence);
    const key: DeliveryKey = { clubId, endpointId, sequence };
    return status < 300
      ? recordHeld(pool, key, delivery!.signalId, { ...success(1), attemptedAt: at }, decided)
      : recordHeld(pool, key, delivery!.signalId, { ...success(1), statusCode: status, error: `HTTP ${status}` }, {
          ...decided,
          succeeded: false,
          gone: status === 410,
          retryDelayMs: 60_000,
        });
  };

  it('never makes a disabled endpoint failing: failures of requests in flight at a 410 are not counted', async () => {
    const { endpoints, sequences } = await signalsFor(1, 4);
    const endpointId = endpoints[0]!.id;
    // All four in flight at once, as a lane posts them.
    const signalIds: string[] = [];
    for (const sequence of sequences) signalIds.push((await fanOutSignal(pool, clubId, sequence))[0]!.signalId);
    expect(await claimed(endpointId)).toEqual(sequences);
    const answer = (index: number, status: number) =>
      recordHeld(pool, { clubId, endpointId, sequence: sequences[index]! }, signalIds[index]!, { ...success(1), statusCode: status, error: `HTTP ${status}` }, {
        ...decided,
        succeeded: false,
        gone: status === 410,
        retryDelayMs: 60_000,
      });
    expect(await answer(0, 410)).toEqual({ outcome: 'endpoint_disabled', reason: 'gone' });
    // The other three answer afterwards: the fourth failure of the run, but of a disabled endpoint.
    for (const index of [1, 2, 3]) expect((await answer(index, 500)).streak).toBeUndefined();
    const { rows } = await pool.query('SELECT status, failed_attempts FROM webhook_endpoints WHERE club_id = $1 AND id = $2', [clubId, endpointId]);
    expect(rows[0]).toEqual({ status: 'disabled', failed_attempts: 1 });
    expect((await endpointSignals(endpointId)).map((s) => s.type)).toEqual(['webhook_endpoint.disabled']);
  });

  it('says a failing run ends at its first failure at the earliest, when the success that ends it was made before', async () => {
    const { endpoints, sequences } = await signalsFor(1, 5);
    const endpointId = endpoints[0]!.id;
    const attempt = recorder(endpointId, sequences);
    for (const index of [0, 1, 2, 3]) await attempt(index, 500);
    // Made a minute before the failures (answered late, recorded after them).
    expect(await attempt(4, 200, new Date(Date.now() - 60_000))).toEqual({ outcome: 'succeeded', streak: 'ended' });
    const signals = await endpointSignals(endpointId);
    expect(signals.map((s) => s.type)).toEqual(['webhook_endpoint.failing', 'webhook_endpoint.recovered']);
    const outage = signals[1]!.data.outage as { failing_since: string; recovered_at: string; failed_for_seconds: number; recover_window: { since: string; until: string } };
    expect(outage.recovered_at).toBe(outage.failing_since);
    expect(outage.failed_for_seconds).toBe(0);
    expect(Date.parse(outage.recover_window.until)).toBeGreaterThanOrEqual(Date.parse(outage.recover_window.since));
  });
});

describe('recordAttempt: what a record reads', () => {
  it("reads the same index pages per delivery whatever its endpoint has pending after it, under a generic plan made without statistics", async () => {
    // Its own database: no statistics, and every statement planned once for any values, as the
    // worker's connections keep their plans. One connection, so that its counters are these calls'.
    const { url, pool: setup } = await createTestDatabase();
    const club = (await insertClub(setup)).id;
    const [busy, quiet] = [await insertEndpoint(setup, secretBox, club, 'http://127.0.0.1:9'), await insertEndpoint(setup, secretBox, club, 'http://127.0.0.1:9')];
    await setup.query(
      `INSERT INTO customers (club_id, id, email) SELECT $1, 'cus_backlog_' || n, 'backlog' || n || '@example.com' FROM generate_series(1, 4000) n`,
      [club],
    );
    // The busy endpoint has 4,000 deliveries pending, the quiet one 10: the first 10 of each are recorded.
    await setup.query(
      `INSERT INTO deliveries (club_id, endpoint_id, signal_sequence, signal_id, resource_id)
       SELECT s.club_id, e.id, s.sequence, s.id, s.resource_id
         FROM signals s JOIN webhook_endpoints e ON e.club_id = s.club_id
        WHERE s.club_id = $1 AND (e.id = $2 OR s.sequence <= (SELECT min(sequence) + 9 FROM signals WHERE club_id = $1))`,
      [club, busy.id],
    );
    const { rows: firsts } = await setup.query<{ endpoint_id: string; signal_sequence: number; signal_id: string }>(
      `SELECT endpoint_id, signal_sequence::int, signal_id FROM deliveries d
        WHERE club_id = $1 AND signal_sequence <= (SELECT min(sequence) + 9 FROM signals WHERE club_id = $1)`,
      [club],
    );
    expect(firsts).toHaveLength(20);
    const worker = createPool(url, 1);
    try {
      await worker.query('SET plan_cache_mode = force_generic_plan');
      const indexPages = async () => {
        await worker.query('SELECT pg_stat_force_next_flush()');
        const { rows } = await worker.query<{ pages: string }>(
          `SELECT sum(idx_blks_hit + idx_blks_read) AS pages FROM pg_statio_user_indexes WHERE relname = 'deliveries'`,
        );
        return Number(rows[0]!.pages);
      };
      const pagesToRecord = async (endpointId: string) => {
        const before = await indexPages();
        for (const d of firsts.filter((f) => f.endpoint_id === endpointId)) {
          await recordAttempt(worker, { clubId: club, endpointId, sequence: d.signal_sequence }, d.signal_id, success(1), decided);
        }
        return (await indexPages()) - before;
      };
      // A first record plans the statements, and may read the catalogue's pages once.
      await pagesToRecord(quiet.id).then(() => setup.query(`UPDATE deliveries SET status = 'pending' WHERE endpoint_id = $1`, [quiet.id]));
      const quietPages = await pagesToRecord(quiet.id);
      const busyPages = await pagesToRecord(busy.id);
      // Ten deliveries each: reading on past the busy endpoint's 3,990 later entries would take
      // about 25 more leaf pages per delivery.
      expect(quietPages).toBeGreaterThan(0);
      expect(busyPages).toBeLessThanOrEqual(quietPages + 10);
      const { rows } = await setup.query(`SELECT status, count(*)::int AS n FROM deliveries WHERE club_id = $1 GROUP BY 1 ORDER BY 1`, [club]);
      expect(rows).toEqual([{ status: 'pending', n: 3990 }, { status: 'succeeded', n: 20 }]);
    } finally {
      await worker.end();
    }
  });
});

describe('recordAttempt, for failures', () => {
  it("settles a success and a failure of one endpoint in one batch in the order they were made: the later decides the endpoint's failing streak", async () => {
    const { endpoints, sequences } = await signalsFor(2, 4);
    for (const sequence of sequences) await fanOutSignal(pool, clubId, sequence);
    const [mixed, other] = endpoints.map((e) => e.id) as [string, string];
    const claimedOf = async (endpointId: string) => (await claimHeld(pool, clubId, endpointId, 10, LEASE_MS, 0, HOLDER)).claimed;
    const [m1, m2, m3, m4] = (await claimedOf(mixed)) as [ClaimedDelivery, ClaimedDelivery, ClaimedDelivery, ClaimedDelivery];
    const [o1, o2] = (await claimedOf(other)) as [ClaimedDelivery, ClaimedDelivery];
    // Each attempt made a second after the one before; the records are submitted in another order.
    const start = Date.now();
    const at = (second: number) => new Date(start + second * 1000);
    const failure = (second: number) => ({ ...success(1), attemptedAt: at(second), statusCode: 500, error: 'HTTP 500 Internal Server Error' });
    const retry = { ...decided, succeeded: false, retryDelayMs: 60_000 };
    const ok = (c: ClaimedDelivery, second: number) => recordHeld(pool, c.key, c.target.signalId, { ...success(1), attemptedAt: at(second) }, decided);
    const failingSince = async () =>
      (await pool.query('SELECT failing_since FROM webhook_endpoints WHERE club_id = $1 AND id = $2', [clubId, mixed])).rows[0].failing_since;
    // The other endpoint's record goes first and alone; the two that follow share the next
    // statement, the later attempt first.
    await Promise.all([ok(o1, 0), recordHeld(pool, m2.key, m2.target.signalId, failure(2), retry), ok(m1, 1)]);
    expect(await failingSince()).toEqual(at(2));
    await Promise.all([ok(o2, 3), ok(m4, 5), recordHeld(pool, m3.key, m3.target.signalId, failure(4), retry)]);
    expect(await failingSince()).toBeNull();
    const { rows } = await pool.query(
      `SELECT d.signal_sequence::int AS sequence, d.status, (SELECT count(*)::int FROM delivery_attempts a
                WHERE a.club_id = d.club_id AND a.endpoint_id = d.endpoint_id AND a.signal_sequence = d.signal_sequence) AS recorded
         FROM deliveries d WHERE d.club_id = $1 AND d.endpoint_id = $2 ORDER BY 1`,
      [clubId, mixed],
    );
    expect(rows.map((r) => [r.status, r.recorded])).toEqual([
      ['succeeded', 1],
      ['pending', 1],
      ['pending', 1],
      ['succeeded', 1],
    ]);
  });

  it('settles each failure in a batch shared with a success: retry, give up, disable on 410 or on a failing streak', async () => {
    const { endpoints, sequences } = await signalsFor(5, 1);
    const [sequence] = sequences as [number];
    const pending = await fanOutSignal(pool, clubId, sequence);
    const [succeeding, retrying, exhausted, gone, failing] = endpoints.map((e) => e.id) as [string, string, string, string, string];
    // The last endpoint has been failing for two days, beyond its one day.
    await pool.query(`UPDATE webhook_endpoints SET failing_since = now() - interval '2 days' WHERE club_id = $1 AND id = $2`, [clubId, failing]);
    const keyOf = (endpointId: string): DeliveryKey => ({ clubId, endpointId, sequence });
    for (const endpoint of endpoints) expect(await claimed(endpoint.id)).toEqual([sequence]);
    const signalId = pending[0]!.signalId;
    const failure = { ...success(1), statusCode: 503, error: 'HTTP 503 Service Unavailable' };
    const day = 86_400_000;
    const results = await Promise.all([
      recordHeld(pool, keyOf(succeeding), signalId, success(1), decided),
      recordHeld(pool, keyOf(retrying), signalId, failure, { ...decided, succeeded: false, retryDelayMs: 60_000 }),
      recordHeld(pool, keyOf(exhausted), signalId, failure, { ...decided, succeeded: false, retryDelayMs: null }),
      recordHeld(pool, keyOf(gone), signalId, { ...failure, statusCode: 410, error: 'HTTP 410 Gone' }, { ...decided, succeeded: false, gone: true, retryDelayMs: 60_000 }),
      recordHeld(pool, keyOf(failing), signalId, failure, { ...decided, succeeded: false, retryDelayMs: 60_000, disableAfterMs: day }),
    ]);
    expect(results).toEqual([
      { outcome: 'succeeded' },
      { outcome: 'retry', delayMs: 60_000 },
      { outcome: 'failed' },
      { outcome: 'endpoint_disabled', reason: 'gone' },
      { outcome: 'endpoint_disabled', reason: 'failing' },
    ]);

    const { rows } = await pool.query(
      `SELECT d.endpoint_id, d.status, d.completed_at IS NOT NULL AS completed,
              round(extract(epoch FROM d.next_attempt_at - now()))::int AS due_in_s,
              e.status AS endpoint_status, e.disabled_reason, e.failing_since IS NOT NULL AS failing,
              (SELECT json_agg(json_build_object('status_code', a.status_code, 'error', a.error)) FROM delivery_attempts a
                WHERE a.club_id = d.club_id AND a.endpoint_id = d.endpoint_id AND a.signal_sequence = d.signal_sequence) AS attempts
         FROM deliveries d JOIN webhook_endpoints e ON e.club_id = d.club_id AND e.id = d.endpoint_id
        WHERE d.club_id = $1 AND d.signal_sequence = $2`,
      [clubId, sequence],
    );
    const byEndpoint = new Map(rows.map((r) => [r.endpoint_id, r]));
    const settled = (status: string, endpointStatus: string, disabledReason: string | null, failing: boolean) => ({
      status, completed: status !== 'pending', endpoint_status: endpointStatus, disabled_reason: disabledReason, failing,
    });
    expect(byEndpoint.get(succeeding)).toMatchObject({ ...settled('succeeded', 'active', null, false), attempts: [{ status_code: 200, error: null }] });
    expect(byEndpoint.get(retrying)).toMatchObject({ ...settled('pending', 'active', null, true), due_in_s: 60 });
    expect(byEndpoint.get(exhausted)).toMatchObject(settled('failed', 'active', null, true));
    expect(byEndpoint.get(gone)).toMatchObject({ ...settled('failed', 'disabled', 'gone', true), attempts: [{ status_code: 410, error: 'HTTP 410 Gone' }] });
    expect(byEndpoint.get(failing)).toMatchObject(settled('failed', 'disabled', 'failing', true));
  });
});

describe('canceling the deliveries of a deleted or disabled endpoint', () => {
  it('leaves the same row whether the deletion, the disabling or the worker claim cancels it', async () => {
    const { endpoints, sequences } = await signalsFor(3, 2);
    const [first, second] = sequences as [number, number];
    const [disabled, gone, deleted] = endpoints.map((e) => e.id) as [string, string, string];
    const keyOf = (endpointId: string, sequence: number): DeliveryKey => ({ clubId, endpointId, sequence });
    // The second signal's delivery to each endpoint (fanned out first): one failed attempt, due again now.
    const [pendingSecond] = await fanOutSignal(pool, clubId, second);
    for (const endpointId of [disabled, gone, deleted]) {
      expect(await claimed(endpointId)).toEqual([second]);
      const failure = { ...success(1), statusCode: 500, error: 'HTTP 500 Internal Server Error' };
      expect(await recordHeld(pool, keyOf(endpointId, second), pendingSecond!.signalId, failure, { ...decided, succeeded: false, retryDelayMs: 0 }))
        .toEqual({ outcome: 'retry', delayMs: 0 });
    }
    const [pendingFirst] = await fanOutSignal(pool, clubId, first);
    // The first signal's delivery to the endpoint to be disabled: its first attempt under way.
    expect(await claimed(disabled, 1)).toEqual([first]);
    // A 410 for the first signal disables the middle endpoint; its other delivery stays pending.
    expect(await claimed(gone, 1)).toEqual([first]);
    const answer410 = { ...success(1), statusCode: 410, error: 'HTTP 410 Gone' };
    expect(await recordHeld(pool, keyOf(gone, first), pendingFirst!.signalId, answer410, { ...decided, succeeded: false, gone: true, retryDelayMs: 5000 }))
      .toEqual({ outcome: 'endpoint_disabled', reason: 'gone' });

    await updateEndpoint(pool, clubId, disabled, () => ({ status: 'disabled' }));
    await deleteEndpoint(pool, clubId, deleted);
    // The worker finds the pending delivery to the endpoint the 410 disabled: canceled, not claimed.
    expect(await claimHeld(pool, clubId, gone, 5, LEASE_MS, 0, HOLDER)).toEqual({ claimed: [], canceled: 1, floor: 0, othersPending: true, lane: null });
    expect(await claimHeld(pool, clubId, disabled, 5, LEASE_MS, 0, HOLDER)).toEqual({ claimed: [], canceled: 0, floor: 0, othersPending: true, lane: null });

    const { rows } = await pool.query(
      `SELECT d.endpoint_id, d.signal_sequence::int AS sequence, d.status, d.attempts, d.completed_at IS NOT NULL AS completed,
              (SELECT count(*)::int FROM delivery_attempts a
                WHERE a.club_id = d.club_id AND a.endpoint_id = d.endpoint_id AND a.signal_sequence = d.signal_sequence) AS recorded
         FROM deliveries d WHERE d.club_id = $1 AND d.signal_sequence = ANY ($2::bigint[])`,
      [clubId, [first, second]],
    );
    const row = (endpointId: string, sequence: number) => {
      const { endpoint_id, sequence: _sequence, ...state } = rows.find((r) => r.endpoint_id === endpointId && r.sequence === sequence)!;
      return state;
    };
    // Canceled, completed, no lease; the attempt count is the attempts made, which the records show.
    const canceledAfterOneAttempt = { status: 'canceled', attempts: 1, completed: true, recorded: 1 };
    expect(row(disabled, second)).toEqual(canceledAfterOneAttempt);
    expect(row(deleted, second)).toEqual(canceledAfterOneAttempt);
    expect(row(gone, second)).toEqual(canceledAfterOneAttempt);
    // An attempt under way when the endpoint was disabled may still arrive, the last; it is
    // counted when its record comes, like every attempt.
    expect(row(disabled, first)).toEqual({ status: 'canceled', attempts: 0, completed: true, recorded: 0 });
    expect(row(gone, first)).toMatchObject({ status: 'failed', attempts: 1, recorded: 1 });
  });
});
