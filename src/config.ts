// Reads and validates the environment once. Every setting has a default documented in the
// configuration table of docs/operations.md; nothing else in the code reads process.env.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  /** PostgreSQL connection string; when absent the service runs an embedded PostgreSQL. */
  databaseUrl: string | undefined;
  /** Redis connection string; when absent the rate limiter keeps its counters in memory. */
  redisUrl: string | undefined;
  host: string;
  port: number;
  /**
   * Folder for the embedded PostgreSQL's data, and for the files naming the processes that use
   * it (its owner, the running API's address: process-files.ts).
   */
  dataDir: string;
  embeddedPostgresPort: number;
  logLevel: string;
  /** `development` relaxes outbound-URL rules for local testing; `production` otherwise. */
  environment: 'development' | 'production';
  /** Seed the demo clubs on first start and print a demo key at every start. */
  demo: boolean;
  rateLimit: { perSecond: number; burst: number };
  /** How long an API-key lookup may be reused; a revoked key is refused within this time. */
  apiKeyCacheMs: number;
  /** Signals older than this many days are pruned by the hourly retention job. */
  signalRetentionDays: number;
  signalStreams: {
    /** Streams one key may hold open at once, across every API process. */
    perKey: number;
    /** A stream that has sent nothing for this long sends a heartbeat and its watermark. */
    idleMs: number;
  };
  /** 32-byte key sealing webhook secrets (WEBHOOK_SECRET_KEY, base64); see src/secret-key.ts. */
  webhookSecretKey: Buffer | undefined;
  delivery: {
    /** Delays before each retry, in ms; its length + 1 is the number of attempts. */
    retrySchedule: number[];
    /** A receiver must answer within this time. */
    timeoutMs: number;
    /** An endpoint failing for this long without a success is disabled. */
    disableAfterMs: number;
    /** Endpoint lanes served at once per worker process (workers/5-delivery/). */
    concurrency: number;
    /** Requests in flight to one endpoint whose max_in_flight is not set: its lane's window. */
    perEndpointConcurrency: number;
    /**
     * How long a lane with nothing due waits for a wake from its own process's relay before it
     * ends (workers/5-delivery/). Not an environment setting: 250 ms; tests lengthen it so that
     * whether a lane lingers does not depend on how fast the machine is.
     */
    laneLingerMs: number;
    /**
     * How long a shard with no lane running stays with its worker process before it waits in the
     * queue or ends (workers/5-delivery/lanes.ts). Not an environment setting: 5 s; tests
     * lengthen it, as laneLingerMs.
     */
    shardLingerMs: number;
  };
  /** Namespace of the queues in Redis (BullMQ's prefix), so deployments can share a Redis. */
  queuePrefix: string;
  /** Operator credentials for Bull Board (/admin/queues) and /metrics; both are off without them. */
  operator: { user: string; password: string } | undefined;
  /** Base URL printed in examples (the curl line). */
  publicUrl: string;
  /**
   * Whether the pipeline exports traces, and which share of them: null unless
   * OTEL_EXPORTER_OTLP_ENDPOINT (or its _TRACES_ form) is set and OTEL_TRACES_EXPORTER is not
   * `none`. The exporter reads its OTEL_EXPORTER_OTLP_* settings itself (src/tracing.ts).
   */
  traces: TraceSettings | null;
  /**
   * Origins whose pages may frame the portal (PORTAL_FRAME_ANCESTORS, space- or comma-separated);
   * none by default (docs/portal.md).
   */
  portalFrameAncestors: string[];
}

/** OTEL_TRACES_SAMPLER and its argument, as the OpenTelemetry specification names them. */
export interface TraceSettings {
  sampler: (typeof TRACE_SAMPLERS)[number];
  /** The share of traces kept by the ratio samplers, 0 to 1. */
  ratio: number;
}

const TRACE_SAMPLERS = ['parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio', 'always_on', 'always_off', 'traceidratio'] as const;

export class ConfigError extends Error {}

/** The URL to reach a server listening on `host` and `port` from this machine (a wildcard host is reached on loopback). */
export function localUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return `http://127.0.0.1:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function traceSettings(env: Env): TraceSettings | null {
  if (!(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) || env.OTEL_TRACES_EXPORTER === 'none') return null;
  if (env.OTEL_TRACES_EXPORTER && env.OTEL_TRACES_EXPORTER !== 'otlp') {
    throw new ConfigError(`OTEL_TRACES_EXPORTER must be otlp or none (got "${env.OTEL_TRACES_EXPORTER}")`);
  }
  const sampler = (env.OTEL_TRACES_SAMPLER || 'parentbased_always_on') as TraceSettings['sampler'];
  if (!TRACE_SAMPLERS.includes(sampler)) {
    throw new ConfigError(`OTEL_TRACES_SAMPLER must be one of ${TRACE_SAMPLERS.join(', ')} (got "${env.OTEL_TRACES_SAMPLER}")`);
  }
  const raw = env.OTEL_TRACES_SAMPLER_ARG;
  if (raw === undefined || raw === '') return { sampler, ratio: 1 };
  // A decimal written out (no "1e-1", "0x1", "Infinity"), from 0 to 1.
  const ratio = Number(raw);
  if (!/^\s*(?:\d*\.)?\d+\s*$/.test(raw) || !(ratio >= 0 && ratio <= 1)) {
    throw new ConfigError(`OTEL_TRACES_SAMPLER_ARG must be a share from 0 to 1, such as 0.1 (got "${raw}")`);
  }
  return { sampler, ratio };
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')} (got ${parsed.protocol})`);
  }
  return raw;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A comma-separated list of durations such as `5s,5m,2h` (units ms, s, m, h, d). */
function durations(env: Env, name: string, fallback: string): number[] {
  const raw = env[name] || fallback;
  const values = raw.split(',').map((part) => {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)\s*$/.exec(part);
    if (!match) throw new ConfigError(`${name} must be durations like 5s,5m,2h (got "${raw}")`);
    return Math.round(Number(match[1]) * UNIT_MS[match[2]!]!);
  });
  if (values.length === 0 || values.some((v) => v <= 0)) throw new ConfigError(`${name} must hold positive durations`);
  return values;
}

function secretKey(env: Env): Buffer | undefined {
  const raw = env.WEBHOOK_SECRET_KEY;
  if (!raw) return undefined;
  const key = Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new ConfigError('WEBHOOK_SECRET_KEY must be base64 of exactly 32 bytes (openssl rand -base64 32)');
  return key;
}

function queuePrefix(env: Env): string {
  const value = env.QUEUE_PREFIX || 'clubdata';
  if (!/^[a-z][a-z0-9_]{0,40}$/.test(value)) throw new ConfigError('QUEUE_PREFIX must be lower-case letters, digits and _ (at most 41)');
  return value;
}

function frameAncestors(env: Env): string[] {
  const raw = env.PORTAL_FRAME_ANCESTORS ?? '';
  const origins = raw.split(/[\s,]+/).filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      // refused below
    }
    // An origin as a browser states it: scheme, host and port only. A path, a wildcard or a
    // keyword such as 'self' would widen or break the policy in ways that are easy to miss.
    const host = parsed?.hostname ?? '';
    if (!parsed || !['https:', 'http:'].includes(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '') || !/^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(host)) {
      throw new ConfigError(`PORTAL_FRAME_ANCESTORS must list origins such as https://app.example.com, separated by spaces or commas (got "${origin}")`);
    }
  }
  return origins.map((origin) => new URL(origin).origin);
}

function operator(env: Env): { user: string; password: string } | undefined {
  const user = env.OPERATOR_USER;
  const password = env.OPERATOR_PASSWORD;
  if (!user && !password) return undefined;
  if (!user || !password || password.length < 12) {
    throw new ConfigError('OPERATOR_USER and OPERATOR_PASSWORD go together, and the password needs at least 12 characters');
  }
  return { user, password };
}

export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const environment = env.CLUBDATA_ENV ?? (databaseUrl ? 'production' : 'development');
  if (environment !== 'development' && environment !== 'production') {
    throw new ConfigError(`CLUBDATA_ENV must be development or production (got "${environment}")`);
  }
  const host = env.HOST || '127.0.0.1';
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const perSecond = integer(env, 'RATE_LIMIT_PER_SECOND', 100, 1, 1_000_000);
  const burst = integer(env, 'RATE_LIMIT_BURST', 2 * perSecond, perSecond, 10_000_000);
  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent`);
  }
  return {
    databaseUrl,
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    host,
    port,
    // The project folder's .data whatever the current folder, so that a command run from a
    // subfolder finds the service's database; a relative CLUBDATA_DATA_DIR is the caller's.
    dataDir: env.CLUBDATA_DATA_DIR ? resolve(env.CLUBDATA_DATA_DIR) : fileURLToPath(new URL('../.data', import.meta.url)),
    embeddedPostgresPort: integer(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
    logLevel,
    environment,
    demo: boolean(env, 'CLUBDATA_DEMO', databaseUrl === undefined),
    rateLimit: { perSecond, burst },
    apiKeyCacheMs: integer(env, 'API_KEY_CACHE_MS', 1000, 0, 2000),
    signalRetentionDays: integer(env, 'SIGNAL_RETENTION_DAYS', 30, 1, 3650),
    signalStreams: {
      perKey: integer(env, 'SIGNAL_STREAMS_PER_KEY', 5, 1, 100),
      idleMs: durations(env, 'SIGNAL_STREAM_IDLE', '15s')[0]!,
    },
    webhookSecretKey: secretKey(env),
    delivery: {
      retrySchedule: durations(env, 'DELIVERY_RETRY_SCHEDULE', '5s,5m,30m,2h,5h,10h,10h'),
      timeoutMs: durations(env, 'DELIVERY_TIMEOUT', '15s')[0]!,
      disableAfterMs: durations(env, 'ENDPOINT_DISABLE_AFTER', '5d')[0]!,
      concurrency: integer(env, 'DELIVERY_CONCURRENCY', 500, 1, 5000),
      perEndpointConcurrency: integer(env, 'DELIVERY_PER_ENDPOINT_CONCURRENCY', 5, 1, 1000),
      laneLingerMs: 250,
      shardLingerMs: 5000,
    },
    operator: operator(env),
    queuePrefix: queuePrefix(env),
    publicUrl: (env.PUBLIC_URL || localUrl(host, port)).replace(/\/+$/, ''),
    traces: traceSettings(env),
    portalFrameAncestors: frameAncestors(env),
  };
}
