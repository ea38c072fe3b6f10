// `clubdata simulate` against a seeded club: every kind of change runs as plain SQL and the
// signals it causes show up in the summary.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.ts';
import type { Pool } from '../../src/db/pool.ts';
import { createTestDatabase, insertClub } from '../helper.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let url: string;
let pool: Pool;

beforeAll(async () => {
  const db = await createTestDatabase();
  url = db.url;
  pool = db.pool;
  await seedDemo(db.pool, { size: 'small', counts: { customers: 200, bookings: 300 } });
});

function simulate(...args: string[]) {
  return spawnSync(process.execPath, ['src/cli.ts', 'simulate', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('clubdata simulate', () => {
  it('makes live changes with SQL and summarises the signals they emitted', () => {
    const run = simulate('--club', 'club_demo_ny', '--rate', '100/s', '--duration', '3', '--json');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const summary = JSON.parse(run.stdout);
    const changes = Object.values(summary.changes as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(changes).toBeGreaterThan(0);
    // Each kind of change that happened emitted its signal. (Which kinds, and how many changes
    // 3 s holds, depend on chance and on the machine: the rate is a target, not a promise.)
    const emits = { 'booking made': 'booking.created', 'participant joined': 'participant.joined', 'customer updated': 'customer.updated' };
    for (const [name, type] of Object.entries(emits)) if (summary.changes[name] > 0) expect(summary.signals[type], type).toBeGreaterThan(0);
    expect(Object.keys(summary.signals).length).toBeGreaterThan(0);
    expect(summary.seconds).toBeGreaterThanOrEqual(3);
  });

  it('says why, and exits 1, when no change it picked found anything to act on', async () => {
    // Which change is picked is random, and even an empty club can have a customer or an event
    // created: runs of one pick, each on an empty club of its own, until one made nothing (every
    // other change finds nothing in an empty club: 25.5 of the 27.5 weights).
    let nothing: ReturnType<typeof simulate> | undefined;
    let club = '';
    for (let run = 0; run < 10 && !nothing; run++) {
      club = (await insertClub(pool)).id;
      const result = simulate('--club', club, '--rate', '1000', '--duration', '0.001');
      const made = Number(/^(\d+) changes in /.exec(result.stdout)?.[1]);
      if (made > 0) expect(result.status, result.stderr).toBe(0);
      else nothing = result;
    }
    expect(nothing, 'ten runs of one pick each all made a change').toBeDefined();
    expect(nothing!.status).toBe(1);
    expect(nothing!.stdout).toMatch(/^0 changes in [\d.]+ s:\nskipped, with nothing to act on:\n {2}\S.* +\d+\n/);
    expect(nothing!.stderr.trim().split('\n').at(-1)).toMatch(
      new RegExp(
        `^clubdata: no change made: the (change|\\d+ changes) picked found nothing to act on in ${club} ` +
          '\\(it has no customers, spaces, plans, bookings, events, subscriptions, participants\\); ' +
          'clubdata seed --demo makes clubs that have everything, or run longer: customers and events are created as it goes$',
      ),
    );
  });

  it('refuses bad options and unknown clubs clearly', () => {
    expect(simulate('--club', 'club_demo_ny', '--rate', 'fast').status).toBe(2);
    const zero = simulate('--club', 'club_demo_ny', '--duration', '0');
    expect(zero.status).toBe(2);
    expect(zero.stderr.split('\n')[0]).toBe('clubdata: --duration must be a number of seconds, more than 0 and at most 86400');
    const unknown = simulate('--club', 'club_nope', '--duration', '1');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/no club club_nope/);
    expect(unknown.stderr).not.toMatch(/simulating/);
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
  });
});
