// The machine a benchmark ran on: CPU, cores, memory, Node, PostgreSQL and Redis versions, and
// how busy the machine was. The figures are ratios measured side by side, but a reader still
// needs to know whether the run shared two cores with someone else's build.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { Redis } from 'ioredis';
import pg from 'pg';

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

export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

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

/** Busy and total jiffies of all CPUs from /proc/stat (Linux only). */
async function cpuTimes(): Promise<{ busy: number; total: number } | null> {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!;
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** Percentage of all cores busy over `ms` milliseconds, or null off Linux. */
export async function sampleCpuBusy(ms = 1000): Promise<number | null> {
  const before = await cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = await cpuTimes();
  if (!before || !after || after.total === before.total) return null;
  return Math.round(((after.busy - before.busy) / (after.total - before.total)) * 1000) / 10;
}

export function loadAverage(): number[] {
  return os.loadavg().map((value) => Math.round(value * 100) / 100);
}

export async function describeMachine(options: { databaseUrl?: string; redisUrl?: string } = {}): Promise<MachineDescription> {
  const cpus = os.cpus();
  const [postgresql, redis, cpuBusy] = await Promise.all([
    postgresVersion(options.databaseUrl ?? DEFAULT_DATABASE_URL),
    redisVersion(options.redisUrl ?? DEFAULT_REDIS_URL),
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
