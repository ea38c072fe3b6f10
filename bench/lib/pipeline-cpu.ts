// Where the CPU went during a pipeline scenario (Linux /proc): per process of ours (worker,
// sink, producer), the PostgreSQL backends serving the scratch database, Redis, and the machine.
// The answer to "what limits it" starts here: a worker at 100 % of one core is bound by its own
// JavaScript thread, busy backends by their statements, an idle pipeline by waiting, and a busy
// machine with idle processes of ours by someone else's work.
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import type pg from 'pg';
import { loadAverage } from './machine.ts';
import { machineTicks, processTicks, TICKS_PER_SECOND } from './proc.ts';

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
  return { at: performance.now(), groups: byGroup, machine: machineTicks() ?? { busy: 0, total: 0 } };
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
  const [one, five] = loadAverage();
  return { load_average_1m: one!, load_average_5m: five!, cores: cpus().length };
}

/**
 * Processes whose CPU a scenario reports: ours (by name), the scratch database's backends (and
 * those serving the producer's writes, triggers included, apart), Redis.
 */
export async function cpuGroups(pool: pg.Pool, own: Record<string, number | undefined>, producerPids: number[] = []) {
  const { rows } = await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const all = rows.map((r) => r.pid);
  return {
    ...Object.fromEntries(Object.entries(own).map(([name, pid]) => [name, [pid]])),
    postgres: all,
    postgres_for_producer: all.filter((pid) => producerPids.includes(pid)),
    redis: pidsOf('redis-server'),
  };
}
