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
    expect(changes).toBeGreaterThan(100);
    // The common changes all happen at 100 changes/s over 3 s, and each emits its signal.
    for (const name of ['booking made', 'participant joined', 'customer updated']) expect(summary.changes[name], name).toBeGreaterThan(0);
    for (const type of ['booking.created', 'participant.joined', 'customer.updated']) expect(summary.signals[type], type).toBeGreaterThan(0);
    expect(summary.seconds).toBeLessThan(10);
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
