// `clubdata simulate` against a seeded club: every kind of change runs as plain SQL and the
// signals it causes show up in the summary.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.ts';
import { createTestDatabase } from '../helper.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let url: string;

beforeAll(async () => {
  const db = await createTestDatabase();
  url = db.url;
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

  it('refuses bad options and unknown clubs clearly', () => {
    expect(simulate('--club', 'club_demo_ny', '--rate', 'fast').status).toBe(2);
    expect(simulate('--club', 'club_demo_ny', '--duration', '0').status).toBe(2);
    const unknown = simulate('--club', 'club_nope', '--duration', '1');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/no club club_nope/);
    expect(unknown.stderr).not.toMatch(/simulating/);
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
  });
});
