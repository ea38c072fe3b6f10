// The relay (workers/3-relay/relay.ts) on a real database: committed signals are fanned out in sequence
// order, and a fan-out that finished without its writes (forgotten by a PostgreSQL crash, or
// failed while the database was away) is run again once the club's mark has been stuck for
// resendAfterMs. Stuck means signals pending behind the mark all that time: a mark that stood
// still because nothing happened (a quiet club) is no stall.
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../src/db/pool.ts';
import { relayClub, type PendingSignal } from '../../src/db/relay.ts';
import { createFanOut } from '../../workers/4-fan-out/fan-out.ts';
import { SignalRelay } from '../../workers/3-relay/relay.ts';
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

const STALL_WARNING = 'fan-out has not advanced; fanning out pending signals again';

/** A relay of `clubId` whose log lines go to `lines`, with a given fan-out. */
const relayLogging = (lines: Record<string, unknown>[], fanOut: ConstructorParameters<typeof SignalRelay>[0]['fanOut'], resendAfterMs: number) =>
  new SignalRelay({
    pool,
    databaseUrl: url,
    fanOut,
    log: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }),
    pollMs: 50,
    resendAfterMs,
  });

const markOf = async (clubId: string): Promise<number> =>
  (await pool.query<{ mark: number }>('SELECT relayed_sequence::int AS mark FROM signal_relay WHERE club_id = $1', [clubId])).rows[0]?.mark ?? 0;

const eventuallyMark = async (clubId: string, mark: number) => {
  const deadline = Date.now() + 45_000;
  while ((await markOf(clubId)) < mark) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for the mark of ${clubId} to reach ${mark}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/** Runs `test` with `relay` started, and stops it after: a relay serves every club, so none may outlive its test. */
async function withRelay(relay: SignalRelay, test: () => Promise<void>): Promise<void> {
  await relay.start();
  try {
    await test();
  } finally {
    await relay.stop();
  }
}

describe('relayClub', () => {
  it('gives clubs relayed at the same moment each its own mark and signals, and none for a club another relay holds', async () => {
    const [a, b, held] = [await insertClub(pool), await insertClub(pool), await insertClub(pool)];
    for (const [club, n] of [[a, 2], [b, 3], [held, 1]] as const) for (let i = 0; i < n; i++) await insertCustomer(pool, club.id);
    await pool.query('INSERT INTO signal_relay (club_id) VALUES ($1)', [held.id]);
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM signal_relay WHERE club_id = $1 FOR UPDATE', [held.id]);
      const passes = await Promise.all([
        relayClub(pool, a.id, undefined, 10),
        relayClub(pool, b.id, 2, 10), // this process fanned out 1 and 2 already
        relayClub(pool, held.id, undefined, 10),
        relayClub(pool, b.id, undefined, 1),
      ]);
      const sequences = (pass: (typeof passes)[number]) => pass && { mark: pass.mark, sequences: pass.signals.map((s) => s.sequence) };
      expect(passes.map(sequences)).toEqual([
        { mark: 0, sequences: [1, 2] },
        { mark: 0, sequences: [3] },
        null,
        { mark: 0, sequences: [1] },
      ]);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  });
});

describe('SignalRelay', () => {
  it('fans out each committed signal once, in sequence order, woken by its NOTIFY', async () => {
    const club = await insertClub(pool);
    const calls: number[][] = [];
    // pollMs far beyond the test: only the signals' NOTIFY can wake the relay.
    const relay = relayRecording(club.id, calls, { pollMs: 600_000 });
    await withRelay(relay, async () => {
      for (let i = 0; i < 3; i++) await insertCustomer(pool, club.id);
      await until('three signals fanned out', () => calls.flat().length >= 3);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(calls.flat()).toEqual([1, 2, 3]);
  });

  it('runs a fan-out again when it finished but its writes are missing and the mark is stuck', async () => {
    const club = await insertClub(pool);
    const runs: number[][] = [];
    // A fan-out "whose writes were forgotten": it returns without recording anything.
    const relay = relayRecording(club.id, runs, { pollMs: 100, resendAfterMs: 500 });
    await insertCustomer(pool, club.id);
    await withRelay(relay, async () => {
      await until('the first run', () => runs.length >= 1);
      await until('a second run of the same signal', () => runs.length >= 2);
    });
    expect(runs.slice(0, 2)).toEqual([[1], [1]]);
    const { rows } = await pool.query('SELECT relayed_sequence::int AS mark FROM signal_relay WHERE club_id = $1', [club.id]);
    expect(rows[0].mark).toBe(0); // the mark moves only once a fan-out is recorded
  });

  it('does not call a quiet club stalled: a signal after a quiet period longer than resendAfterMs is fanned out without a warning', async () => {
    const club = await insertClub(pool);
    const lines: Record<string, unknown>[] = [];
    const resendAfterMs = 300;
    // The real fan-out, which records each fan-out so the mark moves on.
    const relay = relayLogging(lines, createFanOut({ pool, wake: async () => {}, log: pino({ level: 'silent' }) }), resendAfterMs);
    await withRelay(relay, async () => {
      await insertCustomer(pool, club.id);
      await eventuallyMark(club.id, 1);
      // Quiet: nothing pending, the mark rightly stands still, for longer than resendAfterMs.
      await new Promise((resolve) => setTimeout(resolve, 3 * resendAfterMs));
      await insertCustomer(pool, club.id);
      await eventuallyMark(club.id, 2);
    });
    expect(lines.filter((line) => line.msg === STALL_WARNING)).toEqual([]);
  });

  it('still warns when signals are pending and their fan-out does not advance', async () => {
    const club = await insertClub(pool);
    const lines: Record<string, unknown>[] = [];
    let attempts = 0;
    const relay = relayLogging(
      lines,
      async (clubId) => {
        if (clubId !== club.id) return;
        attempts++;
        throw new Error('fan-out failing');
      },
      300,
    );
    await withRelay(relay, async () => {
      await insertCustomer(pool, club.id);
      await until('the stall warning', () => lines.some((line) => line.msg === STALL_WARNING && line.club_id === club.id));
    });
    expect(attempts).toBeGreaterThan(1);
    expect(await markOf(club.id)).toBe(0);
  });
});
