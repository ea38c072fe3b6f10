// Where the CPU went during a pipeline scenario (Linux /proc): per process of ours (worker,
// sink, producer), the PostgreSQL backends serving the scratch database, Redis, and the machine.
// The answer to "what limits it" starts here: a worker at 100 % of one core is bound by its own
// JavaScript thread, busy backends by their statements, an idle pipeline by waiting, and a busy
// machine with idle processes of ours by someone else's work.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function processTicks(pid: number): { comm: string; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // After the comm: state is field 3, utime 14 and stime 15 (1-based in proc(5)).
    return { comm, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** Pids of every process running `command` (Redis is one process, shared with anyone else's use). */
export function pidsOf(command: string): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return names.map(Number).filter((pid) => processTicks(pid)?.comm === command);
}

function machineTicks(): { busy: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    const total = values.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

export interface CpuSnapshot {
  at: number;
  /** Per group (worker, sink, postgres, ...): ticks by pid. */
  groups: Record<string, Map<number, number>>;
  machine: { busy: number; total: number };
}

export function snapshotCpu(groups: Record<string, (number | undefined)[]>): CpuSnapshot {
  const byGroup: Record<string, Map<number, number>> = {};
  for (const [name, pids] of Object.entries(groups)) {
    const ticks = new Map<number, number>();
    for (const pid of pids) {
      const entry = pid === undefined ? null : processTicks(pid);
      if (entry) ticks.set(pid!, entry.ticks);
    }
    byGroup[name] = ticks;
  }
  return { at: performance.now(), groups: byGroup, machine: machineTicks() };
}

/**
 * Percent of one core per group between two snapshots (processes alive at the end, counted in
 * full when they started in between; one that ended in between is missed, so this errs low),
 * and the machine's busy percent of all its cores.
 */
export function cpuBetween(a: CpuSnapshot, b: CpuSnapshot): Record<string, number> {
  const seconds = (b.at - a.at) / 1000;
  const result: Record<string, number> = {};
  for (const [name, after] of Object.entries(b.groups)) {
    let ticks = 0;
    for (const [pid, t] of after) ticks += t - (a.groups[name]?.get(pid) ?? 0);
    result[`${name}_cpu_percent_of_one_core`] = Math.round((ticks / TICKS_PER_SECOND / seconds) * 100);
  }
  const total = b.machine.total - a.machine.total;
  if (total > 0) result.machine_busy_percent_of_all_cores = Math.round(((b.machine.busy - a.machine.busy) / total) * 100);
  return result;
}

export function machineLoad(): { load_average_1m: number; load_average_5m: number; cores: number } {
  const [one, five] = loadavg();
  return { load_average_1m: Math.round(one! * 100) / 100, load_average_5m: Math.round(five! * 100) / 100, cores: cpus().length };
}
