// `clubdata api` in a process of its own, as the benchmarks run it: production settings on the
// given database, the read path only (no Redis, no operators), request logs to /dev/null.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

function tail(chunks: string[]): string {
  return chunks.join('').slice(-4000);
}

export interface ApiProcessOptions {
  url: string;
  port: number;
  logLevel: string;
  /** Runs the API with --cpu-prof into this folder. */
  profileDir?: string | undefined;
  /** The watermark's subquery replaced by a constant (bench/lib/without-watermark.ts). */
  withoutWatermark?: boolean;
  /** Further environment, e.g. SIGNAL_STREAM_IDLE. */
  env?: Record<string, string>;
}

/** Starts the API and resolves once /readyz answers 200 (60 s at most). */
export async function startApi(options: ApiProcessOptions): Promise<{ child: ChildProcess; stderr: string[] }> {
  const { url, port, logLevel, profileDir } = options;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: logLevel,
    RATE_LIMIT_PER_SECOND: '1000000',
    RATE_LIMIT_BURST: '10000000',
    CLUBDATA_DEMO: 'false',
    CLUBDATA_ENV: 'production',
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    ...options.env,
  };
  // The read path only: no Redis round trip in the rate limiter, no queue producers.
  for (const name of ['REDIS_URL', 'OPERATOR_USER', 'OPERATOR_PASSWORD', 'PUBLIC_URL']) delete env[name];
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const imports = options.withoutWatermark ? ['--import', join(root, 'bench', 'lib', 'without-watermark.ts')] : [];
  const child = spawn(process.execPath, [...profile, ...imports, join(root, 'src', 'cli.ts'), 'api'], {
    cwd: root,
    env,
    // Request logs go to /dev/null: their cost is counted, not their storage.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr.push(chunk);
    if (stderr.length > 50) stderr.splice(0, stderr.length - 50);
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode} before it was ready:\n${tail(stderr)}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, stderr };
    if (Date.now() > deadline) throw new Error(`the API was not ready within 60 s:\n${tail(stderr)}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}
