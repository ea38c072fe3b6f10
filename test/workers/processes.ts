// Real processes for fault tests: `clubdata worker` children and a private redis-server, all on
// loopback, each stopped by the test that started it.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export class WorkerProcess {
  readonly child: ChildProcess;
  output = '';

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, ['src/cli.ts', 'worker'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (d) => (this.output += d));
    this.child.stderr!.on('data', (d) => (this.output += d));
  }

  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** Waits for the process to exit; SIGKILL after `ms`. Returns the exit code (or signal). */
  async exit(ms = 30_000): Promise<number | string | null> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.child.exitCode ?? this.child.signalCode;
    const timer = setTimeout(() => this.child.kill('SIGKILL'), ms);
    const [code, signal] = (await once(this.child, 'exit')) as [number | null, string | null];
    clearTimeout(timer);
    return code ?? signal;
  }
}

/** A redis-server of the test's own (no persistence), so it can be restarted mid-stream. */
export class RedisProcess {
  child: ChildProcess | undefined;
  readonly port: number;

  constructor(port: number) {
    this.port = port;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    let failure: Error | undefined;
    this.child.on('error', (error) => (failure = new Error(`redis-server could not start (is it installed?): ${error.message}`)));
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (failure) throw failure;
      const ok = await new Promise<boolean>((resolve) => {
        const socket = connect(this.port, '127.0.0.1');
        socket.once('connect', () => (socket.end(), resolve(true)));
        socket.once('error', () => resolve(false));
      });
      if (ok) return;
      if (Date.now() > deadline) throw new Error('redis-server did not start within 30 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null) return;
    this.child.kill('SIGKILL');
    await once(this.child, 'exit');
  }
}
