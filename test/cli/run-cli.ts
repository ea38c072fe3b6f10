// Runs the real `clubdata` command as a child process, the way bin/clubdata.mjs does once Node
// 24 is there, with only the environment the command needs.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(databaseUrl: string, args: string[], options: { timeoutMs?: number; env?: Record<string, string> } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [`${ROOT}src/cli.ts`, ...args],
      {
        cwd: ROOT,
        // No REDIS_URL, CLUBDATA_* or PORT leaking in from outside; NODE_OPTIONS for the condition
        // that resolves @clubdata/sdk to its source, as the launcher sets it.
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_OPTIONS: process.env.NODE_OPTIONS, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...options.env },
        timeout: options.timeoutMs ?? 25_000,
      },
      (error, stdout, stderr) => {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- false positive: execFile's error is an Error; @types/node types it through Omit<ErrnoException>, which hides that
        if (error && typeof error.code !== 'number') return reject(error);
        resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}

/** The JSON a successful `--json` run printed. */
export function json(run: Run) {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}
