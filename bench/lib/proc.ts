// The benchmarks' child processes: the CPU time Linux's /proc says they (and the machine) used,
// and how they are stopped. Off Linux, or for a process that is gone, a reading is null: no
// figure rather than a wrong one.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';

/** USER_HZ, the unit of /proc's CPU times: 100 on every Linux this runs on. */
export const TICKS_PER_SECOND = 100;

/** A process's command name and CPU time (user + system) so far, in ticks. */
export function processTicks(pid: number): { comm: string; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // After the comm: state is field 3, utime 14 and stime 15 (1-based in proc(5)).
    return { comm, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** Busy and total ticks of all the machine's CPUs since boot. */
export function machineTicks(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** SIGTERM, then SIGKILL if the process has not exited within `graceMs`. */
export async function stopProcess(child: ChildProcess | undefined, graceMs: number): Promise<void> {
  if (!child || exited(child)) return;
  const exit = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exit;
  clearTimeout(timer);
}

/** A forked helper (receiver, plain worker) is asked over IPC to stop; killed if it has not within `graceMs`. */
export async function stopForked(child: ChildProcess, graceMs: number): Promise<void> {
  if (exited(child)) return;
  child.send({ stop: true });
  await Promise.race([once(child, 'exit'), sleep(graceMs)]);
  child.kill('SIGKILL');
}

/** Wall-clock ms with a fraction: comparable across processes (commit and receipt times). */
export const now = () => performance.timeOrigin + performance.now();
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
