// The pipeline benchmark's child processes, shared by its scenarios (bench/pipeline.ts) and the
// scale scenario (bench/lib/pipeline-scale.ts): the receiver (pipeline-sink.ts), whose receipts
// are gathered over IPC, and `clubdata worker`, started as an operator would start it.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { now, sleep, stopForked, stopProcess } from './proc.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A helper process of bench/lib that talks over IPC (the receiver, the plain worker, the direct sender). */
export const forkHelper = (script: string) => fork(join(ROOT, 'bench/lib', script), [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });

export type Receipt = [path: string, webhookId: string, receivedAtMs: number];

/** The receiver (a child process). */
export class Sink {
  readonly child: ChildProcess;
  url = '';
  #pending: ((records: Receipt[]) => void)[] = [];

  constructor() {
    this.child = forkHelper('pipeline-sink.ts');
    this.child.on('message', (message: { records?: Receipt[] }) => {
      if (message.records) this.#pending.shift()?.(message.records);
    });
  }

  async ready(): Promise<void> {
    const [message] = (await once(this.child, 'message')) as [{ url: string }];
    this.url = message.url;
  }

  /** Every receipt since the last take. */
  take(): Promise<Receipt[]> {
    return new Promise((resolve) => {
      this.#pending.push(resolve);
      this.child.send({ take: true });
    });
  }

  stop(): Promise<void> {
    return stopForked(this.child, 5000);
  }
}

/** Receipts for a set of endpoint paths, gathered until `expected` distinct (path, webhook-id). */
export async function collect(sink: Sink, paths: Set<string>, expected: number, timeoutMs: number, into: Receipt[] = []) {
  const seen = new Set<string>();
  for (const r of into) seen.add(`${r[0]} ${r[1]}`);
  const deadline = now() + timeoutMs;
  for (;;) {
    for (const r of await sink.take()) {
      if (!paths.has(r[0])) continue;
      into.push(r);
      seen.add(`${r[0]} ${r[1]}`);
    }
    if (seen.size >= expected || now() > deadline) return { receipts: into, distinct: seen.size, complete: seen.size >= expected };
    await sleep(100);
  }
}

/**
 * Workers still running. Ended from outside (Ctrl-C, or a SIGTERM to the benchmark alone), the
 * benchmark stops them before it exits: a worker has no channel to its parent, and one left
 * behind kept a core busy and its database open.
 */
const runningWorkers = new Set<ChildProcess>();
let endsHooked = false;

function endsWithBenchmark(child: ChildProcess): void {
  if (!endsHooked) {
    endsHooked = true;
    for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
      process.once(signal, () => process.exit(status));
    }
    process.once('exit', () => {
      for (const worker of runningWorkers) worker.kill('SIGKILL');
    });
  }
  runningWorkers.add(child);
  child.once('exit', () => runningWorkers.delete(child));
}

/** `clubdata worker`, a child process, its output in `logFile`. */
export class WorkerProcess {
  readonly child: ChildProcess;
  readonly logFile: string;

  constructor(env: Record<string, string | undefined>, logFile: string, profileDir: string | undefined) {
    this.logFile = logFile;
    const fd = openSync(logFile, 'a');
    const execArgv = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const childEnv: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) childEnv[k] = v;
    this.child = spawn(process.execPath, [...execArgv, 'src/cli.ts', 'worker'], { cwd: ROOT, env: childEnv, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    endsWithBenchmark(this.child);
  }

  /** Warnings and errors the worker logged (JSON lines at level >= 40), for the report. */
  problems(): string[] {
    const lines = readFileSync(this.logFile, 'utf8').split('\n');
    return lines.filter((line) => /"level":\s*(4|5|6)0/.test(line) || /^clubdata:/.test(line)).slice(-10);
  }

  stop(): Promise<void> {
    return stopProcess(this.child, 30_000);
  }
}
