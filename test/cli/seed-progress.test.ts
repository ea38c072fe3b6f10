// `clubdata seed --demo --size large` as a person runs it (issue 12): progress with rates and an
// estimate, and a Ctrl-C that says what it left behind (the club being made is rolled back).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helper.ts';
import { ROOT } from './run-cli.ts';

const { url, pool } = await createTestDatabase();

describe('clubdata seed --demo --size large', () => {
  it('shows rates and an estimate, and on Ctrl-C rolls the club back and says so', async () => {
    const child = spawn(process.execPath, [`${ROOT}src/cli.ts`, 'seed', '--demo', '--size', 'large'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit');
    const deadline = Date.now() + 60_000;
    while (!/customers \d+\/100000/.test(stderr)) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no progress line:\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGINT');
    const [code] = await exited;

    // club_demo_large: customers 25000/100000 (41,234/s, about 2 s left) [0.8 s]
    expect(stderr).toMatch(/^club_demo_large: customers 25000\/100000 \([\d,]+\/s, about \d+ s left\) \[\d+\.\d s\]$/m);
    expect(code).toBe(130);
    expect(stderr.trim().split('\n').at(-1)).toBe(
      'clubdata: seed interrupted: club club_demo_large was rolled back (nothing of it was written); no club was seeded. Run the seed again.',
    );
    const { rows } = await pool.query<{ clubs: string; customers: string }>(
      'SELECT (SELECT count(*) FROM clubs) AS clubs, (SELECT count(*) FROM customers) AS customers',
    );
    expect(rows[0]).toEqual({ clubs: '0', customers: '0' });
  }, 90_000);
});
