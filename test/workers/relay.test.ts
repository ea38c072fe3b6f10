// The relay (workers/relay.ts) on a real database: committed signals are fanned out in sequence
// order, and a fan-out that finished without its writes (forgotten by a PostgreSQL crash, or
// failed while the database was away) is run again once the club's mark has been stuck for
// resendAfterMs.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../src/db/pool.ts';
import type { PendingSignal } from '../../src/db/relay.ts';
import { SignalRelay } from '../../workers/relay.ts';
import { createTestDatabase, insertClub } from '../helper.ts';
import { insertCustomer } from './pipeline-helper.ts';

let pool: Pool;
let url: string;

beforeAll(async () => {
  ({ pool, url } = await createTestDatabase());
});

const until = async (what: string, check: () => boolean, timeoutMs = 45_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** A relay whose fan-out only records the sequences it is given for `clubId`, writing nothing. */
const relayRecording = (clubId: string, into: number[][], options: { pollMs: number; resendAfterMs?: number }) =>
  new SignalRelay({
    pool,
    databaseUrl: url,
    fanOut: async (club: string, signals: PendingSignal[]) => void (club === clubId && into.push(signals.map((s) => s.sequence))),
    log: pino({ level: 'silent' }),
    ...options,
  });

describe('SignalRelay', () => {
  it('fans out each committed signal once, in sequence order, woken by its NOTIFY', async () => {
    const club = await insertClub(pool);
    const calls: number[][] = [];
    // pollMs far beyond the test: only the signals' NOTIFY can wake the relay.
    const relay = relayRecording(club.id, calls, { pollMs: 600_000 });
    afterAll(() => relay.stop());
    await relay.start();
    for (let i = 0; i < 3; i++) await insertCustomer(pool, club.id);
    await until('three signals fanned out', () => calls.flat().length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.flat()).toEqual([1, 2, 3]);
  });

  it('runs a fan-out again when it finished but its writes are missing and the mark is stuck', async () => {
    const club = await insertClub(pool);
    const runs: number[][] = [];
    // A fan-out "whose writes were forgotten": it returns without recording anything.
    const relay = relayRecording(club.id, runs, { pollMs: 100, resendAfterMs: 500 });
    afterAll(() => relay.stop());
    await insertCustomer(pool, club.id);
    await relay.start();
    await until('the first run', () => runs.length >= 1);
    await until('a second run of the same signal', () => runs.length >= 2);
    expect(runs.slice(0, 2)).toEqual([[1], [1]]);
    const { rows } = await pool.query('SELECT relayed_sequence::int AS mark FROM signal_relay WHERE club_id = $1', [club.id]);
    expect(rows[0].mark).toBe(0); // the mark moves only once a fan-out is recorded
  });
});
