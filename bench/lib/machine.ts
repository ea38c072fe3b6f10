// The machine a benchmark ran on: CPU, cores, memory, Node, PostgreSQL and Redis versions, and
// how busy the machine was. The figures are ratios measured side by side, but a reader still
// needs to know whether the run shared two cores with someone else's build.
import os from 'node:os';
import { Redis } from 'ioredis';
import pg from 'pg';
import { BENCH_DATABASE_URL, BENCH_REDIS_URL } from './databases.ts';
import { machineTicks } from './proc.ts';

export interface MachineDescription {
  cpu_model: string;
  cores: number;
  memory_gb: number;
  os: string;
  node: string;
  postgresql: string;
  redis: string;
  /** 1, 5 and 15 minute load averages when described. */
  load_average: number[];
  /** Share of all cores busy over one second just before the run (everyone's work, not ours). */
  cpu_busy_percent: number | null;
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
    return `PostgreSQL ${rows[0]!.v}`;
  } catch (error) {
    return `unreachable (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}

async function redisVersion(url: string): Promise<string> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  redis.on('error', () => {});
  try {
    await redis.connect();
    const info = await redis.info('server');
    return `Redis ${/redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown'}`;
  } catch (error) {
    return `unreachable (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
}

/** Percentage of all cores busy over `ms` milliseconds, or null off Linux. */
async function sampleCpuBusy(ms = 1000): Promise<number | null> {
  const before = machineTicks();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = machineTicks();
  if (!before || !after || after.total === before.total) return null;
  return Math.round(((after.busy - before.busy) / (after.total - before.total)) * 1000) / 10;
}

export function loadAverage(): number[] {
  return os.loadavg().map((value) => Math.round(value * 100) / 100);
}

export async function describeMachine(): Promise<MachineDescription> {
  const cpus = os.cpus();
  const [postgresql, redis, cpuBusy] = await Promise.all([
    postgresVersion(BENCH_DATABASE_URL),
    redisVersion(BENCH_REDIS_URL),
    sampleCpuBusy(),
  ]);
  return {
    cpu_model: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memory_gb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    postgresql,
    redis,
    load_average: loadAverage(),
    cpu_busy_percent: cpuBusy,
  };
}
