// The data commands of `clubdata`. Each opens the configured database (starting the embedded
// one when needed), makes sure it is migrated, does its work and closes everything again.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { createLogger } from '../logger.ts';
import type { Config } from '../config.ts';
import { createKey, listKeys, revokeKey } from '../db/api-keys.ts';
import { clubExists, createClub, InvalidTimezoneError, listClubs, updateClub, type ClubInput } from '../db/clubs.ts';
import { listEndpointAttempts } from '../db/delivery-attempts.ts';
import { deleteEndpoint, getEndpoint, listEndpoints, locateEndpoint } from '../db/webhook-endpoints.ts';
import { describeMigration, migrate } from '../db/migrate.ts';
import { createPool, type Pool } from '../db/pool.ts';
import { openDatabase } from '../db/postgres.ts';
import { SeedInterrupted, seedDemo } from '../demo/seed.ts';
import { missingMaterial, simulate } from '../demo/simulate.ts';
import { readReceiverSettings, runReceiver } from '../demo/receiver.ts';
import { pruneSignals } from '../db/signals.ts';
import { isWellFormedApiKey } from '../domain/api-keys.ts';
import { ALL_SCOPES, DEFAULT_SCOPES, isScope } from '../domain/scopes.ts';
import { findApi } from '../api-address.ts';
import { COMMANDS, UsageError } from './help.ts';
import { interruption } from '../lifecycle.ts';
import type { PipelineStarter } from '../queue/pipeline.ts';
import { createPortalSession } from '../db/portal-sessions.ts';
import { generatePortalToken, hashPortalToken, PORTAL_LINK_PREFIX, PORTAL_LINK_TTL_MS, PORTAL_MODES, PORTAL_SESSION_TTL_MS, type PortalMode } from '../domain/portal-sessions.ts';

// The pipeline lives in workers/, which src/ never imports statically; the command line is the
// composition root that hands it to the service.
const startPipeline: PipelineStarter = async (options) => (await import('../../workers/main.ts')).startPipeline(options);

type Options = ParseArgsConfig['options'];

type Parsed = { values: Record<string, string | boolean | undefined>; positionals: string[] };

function parse(args: string[], options: Options, positionals = 0): Parsed {
  const all = { ...options, json: { type: 'boolean' as const } };
  let parsed;
  try {
    parsed = parseArgs({ args, options: all, allowPositionals: positionals > 0, strict: true });
  } catch (error) {
    throw new UsageError(describeParseError(error as Error & { code?: string }, Object.keys(all)));
  }
  if (parsed.positionals.length > positionals) throw new UsageError(`unexpected argument: ${parsed.positionals[positionals]}`);
  return parsed;
}

/** node:util's parseArgs errors in one line, naming the options there are. */
function describeParseError(error: Error & { code?: string }, names: string[]): string {
  const option = /'(-[^' ]+)/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option}; the options are ${names.map((n) => `--${n}`).join(', ')}`;
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected argument: ${/'([^']*)'/.exec(error.message)?.[1]}`;
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return /does not take an argument/.test(error.message) ? `${option} takes no value` : `${option} needs a value`;
  }
  return error.message.split('\n')[0]!;
}

/** Runs a check that throws RangeError for a bad option value: that is a usage error. */
async function asUsage<T>(check: () => T | Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(error.message);
    throw error;
  }
}

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

function onOff(value: string | boolean | undefined, name: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'on' || value === 'true') return true;
  if (value === 'off' || value === 'false') return false;
  throw new UsageError(`--${name} must be on or off`);
}

function clubInput(values: Record<string, string | boolean | undefined>): Partial<ClubInput> {
  const billing = values['billing-model'];
  if (billing !== undefined && billing !== 'subscriptions' && billing !== 'legacy') {
    throw new UsageError('--billing-model must be subscriptions or legacy');
  }
  const input: Partial<ClubInput> = {};
  if (typeof values.name === 'string') input.name = values.name;
  if (typeof values.timezone === 'string') input.timezone = values.timezone;
  if (billing !== undefined) input.billingModel = billing;
  const apiAccess = onOff(values['api-access'], 'api-access');
  if (apiAccess !== undefined) input.apiAccess = apiAccess;
  return input;
}

function print(json: boolean, value: unknown, text: () => string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${text()}\n`);
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '-';
  if (Array.isArray(v)) return v.join(',');
  if (typeof v === 'string') return v;
  return v instanceof Date ? v.toISOString() : JSON.stringify(v);
}

const field = (r: object, c: string) => cellText((r as Record<string, unknown>)[c]);

function table(rows: object[], columns: string[]): string {
  if (rows.length === 0) return '(none)';
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => field(r, c).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(columns), ...rows.map((r) => line(columns.map((c) => field(r, c))))].join('\n');
}

/** One record, a field per line. */
function record(row: object, names: string[]): string {
  const width = Math.max(...names.map((n) => n.length));
  return names.map((n) => `${n.padEnd(width)}  ${field(row, n)}`).join('\n');
}

async function withDatabase<T>(config: Config, work: (pool: Pool) => Promise<T>): Promise<T> {
  const database = await openDatabase(config, (msg) => process.stderr.write(`${msg}\n`));
  try {
    await migrate(database.url);
    const pool = createPool(database.url, 4);
    try {
      return await work(pool);
    } finally {
      await pool.end();
    }
  } finally {
    await database.stop();
  }
}

export async function runCommand(command: string, args: string[], config: Config): Promise<number> {
  // A signal never kills a command midway: it ends early or finishes, and stops what it started.
  if (command !== 'serve' && command !== 'api' && command !== 'worker') interruption();
  switch (command) {
    case 'serve':
    case 'api':
    case 'worker': {
      parse(args, {});
      const roles = {
        api: command !== 'worker',
        pipeline: command !== 'api' ? startPipeline : undefined,
      };
      // Loaded here only: the other commands (receive, simulate, keys, ...) start without the
      // service's HTTP app, its plugins and routes.
      const { runService } = await import('../server.ts');
      await runService(config, createLogger(config.logLevel), roles);
      return 0;
    }
    case 'migrate': {
      const { values } = parse(args, {});
      const database = await openDatabase(config, (msg) => process.stderr.write(`${msg}\n`));
      try {
        const report = await migrate(database.url);
        print(Boolean(values.json), report, () => describeMigration(report));
      } finally {
        await database.stop();
      }
      return 0;
    }
    case 'seed': {
      const { values } = parse(args, { demo: { type: 'boolean' }, size: { type: 'string' } });
      if (!values.demo) throw new UsageError('seed needs --demo (the only generator there is)');
      const size = values.size ?? 'small';
      if (size !== 'small' && size !== 'large') throw new UsageError('--size must be small or large');
      // Ctrl-C rolls back the club being made and says what stays (SeedInterrupted).
      let result;
      try {
        result = await withDatabase(config, (pool) =>
          seedDemo(pool, { size, signal: interruption(), onProgress: (msg) => process.stderr.write(`${msg}\n`) }),
        );
      } catch (error) {
        if (!(error instanceof SeedInterrupted)) throw error;
        process.stderr.write(`clubdata: ${error.message}\n`);
        return 130;
      }
      print(Boolean(values.json), result, () => `seeded clubs: ${result.clubIds.join(', ')}`);
      return 0;
    }
    case 'simulate': {
      const { values } = parse(args, { club: { type: 'string' }, rate: { type: 'string' }, duration: { type: 'string' } });
      const clubId = required(values, 'club');
      const rate = Number(String(values.rate ?? '2').replace(/\/s$/, ''));
      const duration = Number(values.duration ?? '60');
      if (!(rate > 0 && rate <= 1000)) throw new UsageError('--rate must be a number of changes per second, more than 0 and at most 1000 (e.g. 5 or 5/s)');
      if (!(duration > 0 && duration <= 86_400)) throw new UsageError('--duration must be a number of seconds, more than 0 and at most 86400');
      const json = Boolean(values.json);
      const outcome = await withDatabase(config, async (pool) => {
        // Said only once the club is known to exist, so an unknown club gets one line.
        if (!(await clubExists(pool, clubId))) return null;
        if (!json) process.stderr.write(`simulating ${rate} changes/s for ${duration} s on ${clubId} (Ctrl-C stops early)\n`);
        const summary = await simulate(pool, {
          clubId,
          ratePerSecond: rate,
          durationSeconds: duration,
          signal: interruption(),
          onChange: json ? undefined : (action, id) => process.stderr.write(`  ${action.padEnd(24)} ${id}\n`),
        });
        const made = Object.values(summary.changes).reduce((a, b) => a + b, 0);
        return { summary, made, missing: made === 0 ? await missingMaterial(pool, clubId) : [] };
      });
      if (!outcome) {
        process.stderr.write(`clubdata: no club ${clubId}\n`);
        return 1;
      }
      const { summary, made, missing } = outcome;
      const skipped = Object.values(summary.skipped).reduce((a, b) => a + b, 0);
      print(json, summary, () =>
        [
          `${made} changes in ${summary.seconds} s:`,
          ...Object.entries(summary.changes).map(([name, n]) => `  ${name.padEnd(24)} ${n}`),
          ...(skipped > 0 ? ['skipped, with nothing to act on:', ...Object.entries(summary.skipped).map(([name, n]) => `  ${name.padEnd(24)} ${n}`)] : []),
          'signals emitted:',
          ...Object.entries(summary.signals).map(([type, n]) => `  ${type.padEnd(24)} ${n}`),
        ].join('\n'),
      );
      // Nothing happened: say why, and do not call it done.
      if (made === 0 && skipped > 0) {
        const why = missing.length > 0 ? `it has no ${missing.join(', ')}` : 'nothing it has is in a state they change';
        process.stderr.write(
          `clubdata: no change made: the ${skipped === 1 ? 'change' : `${skipped} changes`} picked found nothing to act on in ${clubId} (${why}); ` +
            'clubdata seed --demo makes clubs that have everything, or run longer: customers and events are created as it goes\n',
        );
        return 1;
      }
      return 0;
    }
    case 'signals': {
      const [sub, ...more] = args;
      if (sub !== 'prune') throw new UsageError('signals needs prune');
      const { values } = parse(more, {});
      const deleted = await withDatabase(config, (pool) => pruneSignals(pool, config.signalRetentionDays));
      print(Boolean(values.json), { deleted, retention_days: config.signalRetentionDays }, () =>
        `deleted ${deleted} signals older than ${config.signalRetentionDays} day${config.signalRetentionDays === 1 ? '' : 's'}`,
      );
      return 0;
    }
    case 'receive': {
      // Needs no database: a local stand-in for an integrator's webhook receiver, which can
      // register its own endpoint through the API (--key).
      const { values } = parse(args, {
        port: { type: 'string' },
        secret: { type: 'string' },
        status: { type: 'string' },
        key: { type: 'string' },
        api: { type: 'string' },
      });
      const api = values.key === undefined ? undefined : await asUsage(() => findApi(values.api as string | undefined, config));
      const settings = await asUsage(() => readReceiverSettings(values, api));
      return runReceiver({ ...settings, json: Boolean(values.json) });
    }
    case 'mirror':
      return mirrorCommand(args, config);
    case 'deliveries':
      return deliveriesCommand(args, config);
    case 'endpoints':
      return endpointsCommand(args, config);
    case 'portal':
      return portalCommand(args, config);
    case 'clubs':
      return clubsCommand(args, config);
    case 'keys':
      return keysCommand(args, config);
    case 'test':
    case 'typecheck':
      throw new UsageError(`${command} runs through the launcher: npx clubdata ${command} (or npm run ${command})`);
    default:
      throw new UsageError(`unknown command "${command}"; the commands are ${COMMANDS.join(', ')}`);
  }
}

// The SDK's mirror into a SQLite file. With --club it makes a key of its own (every read scope
// and signals:read), revoked when the command ends; a command killed outright leaves that key,
// named after the file, for `keys revoke`.
async function mirrorCommand(args: string[], config: Config): Promise<number> {
  const { values } = parse(args, {
    club: { type: 'string' },
    key: { type: 'string' },
    api: { type: 'string' },
    out: { type: 'string' },
    resources: { type: 'string' },
    relist: { type: 'string' },
  });
  const out = required(values, 'out');
  if (values.club !== undefined && values.key !== undefined) {
    throw new UsageError('--club and --key are exclusive: --club makes a key for itself, --key uses yours');
  }
  if (values.club === undefined && values.key === undefined) throw new UsageError('mirror needs --club ID (it makes a key for itself) or --key cd_live_...');
  const { checkOut, readResources, runMirror } = await import('./mirror.ts');
  const resources = await asUsage(() => readResources(values.resources as string | undefined));
  const relistSeconds = values.relist === undefined ? 21_600 : Number(values.relist);
  if (!Number.isInteger(relistSeconds) || relistSeconds < 0 || relistSeconds > 86_400 || values.relist === '') {
    throw new UsageError('--relist must be a whole number of seconds from 0 (never) to 86400');
  }
  let key: string | undefined;
  if (typeof values.key === 'string') {
    key = values.key.trim();
    if (!isWellFormedApiKey(key)) throw new UsageError('--key must be an API key: cd_live_ followed by 32 letters and digits');
  }
  // Before a key is made or anything is written.
  await asUsage(() => checkOut(out));
  const api = await asUsage(() => findApi(values.api as string | undefined, config));
  const settings = { api, out, resources, relistSeconds, json: Boolean(values.json) };
  if (key !== undefined) return runMirror({ ...settings, key });
  const clubId = String(values.club);
  return withDatabase(config, async (pool) => {
    if (!(await clubExists(pool, clubId))) {
      process.stderr.write(`clubdata: no club ${clubId}\n`);
      return 1;
    }
    const own = await createKey(pool, { clubId, name: `clubdata mirror ${out}`.slice(0, 100), scopes: [...DEFAULT_SCOPES, 'signals:read'], expiresAt: null });
    try {
      return await runMirror({ ...settings, key: own.key });
    } finally {
      await revokeKey(pool, own.id);
    }
  });
}

const CLUB_OPTIONS: Options = {
  name: { type: 'string' },
  timezone: { type: 'string' },
  'billing-model': { type: 'string' },
  'api-access': { type: 'string' },
};
const CLUB_COLUMNS = ['id', 'name', 'timezone', 'billing_model', 'api_access'];

/** A timezone the database does not know is a bad option value, as any other: a usage error. */
async function timezoneChecked<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof InvalidTimezoneError)) throw error;
    throw new UsageError(`--timezone must be an IANA timezone name such as Europe/Madrid or America/New_York (${error.message})`);
  }
}

async function clubsCommand([sub, ...args]: string[], config: Config): Promise<number> {
  if (sub === 'create') {
    const { values } = parse(args, CLUB_OPTIONS);
    const input = { ...clubInput(values), name: required(values, 'name'), timezone: required(values, 'timezone') };
    const club = await withDatabase(config, (pool) => timezoneChecked(createClub(pool, input)));
    print(Boolean(values.json), club, () => table([club], CLUB_COLUMNS));
    return 0;
  }
  if (sub === 'list') {
    const { values } = parse(args, {});
    const clubs = await withDatabase(config, (pool) => listClubs(pool));
    print(Boolean(values.json), clubs, () => table(clubs, CLUB_COLUMNS));
    return 0;
  }
  if (sub === 'update') {
    const { values, positionals } = parse(args, CLUB_OPTIONS, 1);
    const id = positionals[0];
    if (!id) throw new UsageError('clubs update needs the club id');
    const input = clubInput(values);
    if (Object.keys(input).length === 0) throw new UsageError('nothing to update: pass at least one option');
    const club = await withDatabase(config, (pool) => timezoneChecked(updateClub(pool, id, input)));
    if (!club) {
      process.stderr.write(`clubdata: no club ${id}\n`);
      return 1;
    }
    print(Boolean(values.json), club, () => table([club], CLUB_COLUMNS));
    return 0;
  }
  throw new UsageError('clubs needs create, list or update');
}

const ATTEMPT_COLUMNS = ['attempted_at', 'signal_id', 'attempt', 'status', 'error', 'duration_ms', 'response'];

async function deliveriesCommand([sub, ...args]: string[], config: Config): Promise<number> {
  if (sub !== 'list') throw new UsageError('deliveries needs list');
  const { values } = parse(args, { endpoint: { type: 'string' }, limit: { type: 'string' } });
  const endpointId = required(values, 'endpoint');
  const rawLimit = String(values.limit ?? '50');
  const limit = Number(rawLimit);
  if (!/^\d+$/.test(rawLimit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be an integer from 1 to 1000');
  const found = await withDatabase(config, async (pool) => {
    // Refused only for an id no club has: attempts are kept after an endpoint is deleted.
    const location = await locateEndpoint(pool, endpointId);
    return location && { location, attempts: await listEndpointAttempts(pool, endpointId, limit) };
  });
  if (!found) return noEndpoint(endpointId);
  const { location, attempts } = found;
  print(Boolean(values.json), attempts, () => {
    if (attempts.length === 0) {
      return location.deletedAt
        ? `no attempts were made to ${endpointId} before it was deleted at ${location.deletedAt}`
        : `no attempts recorded for ${endpointId} yet: nothing it subscribes to has been sent to it`;
    }
    const rows = attempts.map((a) => ({
      attempted_at: a.attempted_at,
      signal_id: a.signal_id,
      attempt: a.attempt_number,
      status: a.status_code,
      error: a.error,
      duration_ms: a.duration_ms,
      // One line per attempt: the excerpt is the receiver's text, newlines and all.
      response: a.response_excerpt.replace(/\s+/g, ' ').trim() || null,
    }));
    return table(rows, ATTEMPT_COLUMNS);
  });
  return 0;
}

function noEndpoint(id: string, deletedAt?: string | null): number {
  process.stderr.write(
    deletedAt
      ? `clubdata: endpoint ${id} was deleted at ${deletedAt}; its attempts are kept: clubdata deliveries list --endpoint ${id}\n`
      : `clubdata: no endpoint ${id}\n`,
  );
  return 1;
}

interface RenderedEndpoint {
  id: string;
  url: string;
  description: string;
  scopes: string[];
  signal_types: string[];
  status: 'active' | 'disabled';
  disabled_reason: string | null;
  signature_scheme: 'v1' | 'v1a';
  public_key: string | null;
  ordering: 'none' | 'per_resource';
  max_in_flight: number | null;
  rate_limit: number | null;
  pace: { effective_rate: number | null; paused_until: string | null };
  health: {
    failing_since: string | null;
    disable_at: string | null;
    last_success_at: string | null;
    pending_deliveries: number;
    given_up_deliveries: number;
  };
  created_at: string;
}

const ENDPOINT_COLUMNS = ['id', 'url', 'status', 'signal_types', 'scopes', 'created_at', 'description'];
/**
 * What `endpoints show` adds to the table's columns: how it signs (docs/webhooks.md "Verifying a
 * delivery"), the delivery options and pace ("Order and pace") and the health ("Answering,
 * retries and disabling").
 */
const ENDPOINT_DELIVERY_FIELDS = ['signing', 'ordering', 'max_in_flight', 'rate_limit', 'pace', 'health'];

/** A row of the table, from the API's rendering (cd_render_webhook_endpoint). */
const endpointRow = (e: RenderedEndpoint) => ({ ...e, status: e.disabled_reason ? `disabled (${e.disabled_reason})` : e.status, description: e.description || null });

/** The delivery options and pace in words: null means the default, which the text names. */
function endpointDelivery(e: RenderedEndpoint) {
  const { effective_rate: rate, paused_until: paused } = e.pace;
  const pace = [paused && `paused until ${paused}`, rate !== null && `slowed to ${rate}/s`].filter(Boolean).join(', ');
  return {
    signing: e.signature_scheme === 'v1a' ? `v1a (ed25519), public key ${e.public_key}` : 'v1 (HMAC-SHA256, with the secret shown at creation)',
    max_in_flight: e.max_in_flight ?? "default (the worker's DELIVERY_PER_ENDPOINT_CONCURRENCY)",
    rate_limit: e.rate_limit === null ? 'none' : `${e.rate_limit}/s`,
    pace: pace || 'not slowed, not paused',
    health: endpointHealth(e.health),
  };
}

/** The health in words: the failing streak first, then the last success and the counts. */
function endpointHealth(h: RenderedEndpoint['health']): string {
  const streak = h.failing_since === null ? 'not failing' : `failing since ${h.failing_since}${h.disable_at ? `, to be disabled at ${h.disable_at} unless an attempt succeeds first` : ''}`;
  const success = h.last_success_at === null ? 'no success yet' : `last success ${h.last_success_at}`;
  return `${streak}; ${success}; ${h.pending_deliveries} pending, ${h.given_up_deliveries} given up`;
}

// Webhook endpoints as the API renders them: list by club; show and delete by id alone (the
// club is looked up), delete with the API's own rules (pending deliveries cancelled, attempts kept).
async function endpointsCommand([sub, ...args]: string[], config: Config): Promise<number> {
  if (sub === 'list') {
    const { values } = parse(args, { club: { type: 'string' } });
    const clubId = required(values, 'club');
    const list = await withDatabase(config, async (pool) => ((await clubExists(pool, clubId)) ? listEndpoints(pool, clubId) : null));
    if (!list) {
      process.stderr.write(`clubdata: no club ${clubId}\n`);
      return 1;
    }
    const endpoints = (JSON.parse(list.body) as { data: RenderedEndpoint[] }).data;
    print(Boolean(values.json), endpoints, () => table(endpoints.map(endpointRow), ENDPOINT_COLUMNS));
    return 0;
  }
  if (sub === 'show' || sub === 'delete') {
    const { values, positionals } = parse(args, {}, 1);
    const id = positionals[0];
    if (!id) throw new UsageError(`endpoints ${sub} needs the endpoint id`);
    const found = await withDatabase(config, async (pool) => {
      const location = await locateEndpoint(pool, id);
      if (!location || location.deletedAt) return { location, body: null };
      const body = sub === 'show' ? (await getEndpoint(pool, location.clubId, id))?.body : await deleteEndpoint(pool, location.clubId, id);
      return { location, body: body ?? null };
    });
    if (!found.body) return noEndpoint(id, found.location?.deletedAt);
    const clubId = found.location.clubId;
    if (sub === 'show') {
      const endpoint = JSON.parse(found.body) as RenderedEndpoint;
      print(Boolean(values.json), endpoint, () =>
        record({ ...endpointRow(endpoint), ...endpointDelivery(endpoint), club: clubId }, ['id', 'club', ...ENDPOINT_COLUMNS.slice(1), ...ENDPOINT_DELIVERY_FIELDS]),
      );
    } else {
      print(Boolean(values.json), JSON.parse(found.body), () => `Deleted ${id} of ${clubId}: its pending deliveries are cancelled; its attempts are kept.`);
    }
    return 0;
  }
  throw new UsageError('endpoints needs list, show or delete');
}

const KEY_COLUMNS = ['id', 'name', 'last4', 'scopes', 'created_at', 'expires_at', 'revoked_at'];

/**
 * A portal link for a person at this machine (docs/portal.md), made as POST /v1/portal_sessions
 * makes one, by a key of its own: every scope, expiring once the session could have ended (the
 * session ends with its key), named so that `keys list` says what it is. The link's address is
 * the running service's, as receive and mirror find it.
 */
async function portalCommand(args: string[], config: Config): Promise<number> {
  const { values } = parse(args, { club: { type: 'string' }, mode: { type: 'string' }, api: { type: 'string' } });
  const clubId = required(values, 'club');
  const mode = String(values.mode ?? 'manage');
  if (!(PORTAL_MODES as readonly string[]).includes(mode)) throw new UsageError(`--mode must be ${PORTAL_MODES.join(' or ')} (got "${mode}")`);
  const api = await asUsage(() => findApi(values.api as string | undefined, config));
  const token = generatePortalToken(PORTAL_LINK_PREFIX);
  const made = await withDatabase(config, async (pool) => {
    const club = (await listClubs(pool)).find((c) => c.id === clubId);
    if (!club) return { refused: `no club ${clubId}` };
    if (!club.api_access) return { refused: `club ${clubId} has no API access, so its portal sessions are refused: clubdata clubs update ${clubId} --api-access on` };
    const key = await createKey(pool, {
      clubId,
      name: 'clubdata portal',
      scopes: ALL_SCOPES,
      expiresAt: new Date(Date.now() + PORTAL_LINK_TTL_MS + PORTAL_SESSION_TTL_MS + 60_000),
    });
    return createPortalSession(pool, { clubId, mode: mode as PortalMode, scopes: key.scopes, keyId: key.id, linkHash: hashPortalToken(token), linkTtlMs: PORTAL_LINK_TTL_MS });
  });
  if ('refused' in made) {
    process.stderr.write(`clubdata: ${made.refused}\n`);
    return 1;
  }
  const url = `${api.url}/portal/start#${token}`;
  print(Boolean(values.json), { id: made.id, object: 'portal_session', mode: made.mode, scopes: made.scopes, url, expires_at: made.expiresAt }, () =>
    [`Portal session ${made.id} for ${clubId} (${made.mode}). Open this link once, before ${made.expiresAt}; the session lasts an hour:`, '', `  ${url}`, ''].join('\n'),
  );
  return 0;
}

async function keysCommand([sub, ...args]: string[], config: Config): Promise<number> {
  if (sub === 'create') {
    const { values } = parse(args, {
      club: { type: 'string' },
      scopes: { type: 'string' },
      'expires-at': { type: 'string' },
      name: { type: 'string' },
    });
    const clubId = required(values, 'club');
    const scopes =
      typeof values.scopes === 'string' ? values.scopes.split(',').map((s) => s.trim()).filter(Boolean) : [...DEFAULT_SCOPES];
    const unknown = scopes.filter((s) => !isScope(s));
    if (unknown.length || scopes.length === 0) {
      const what = unknown.length ? `unknown scope${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}` : '--scopes names no scope';
      throw new UsageError(`${what}; the scopes are ${ALL_SCOPES.join(', ')}`);
    }
    let expiresAt: Date | null = null;
    if (typeof values['expires-at'] === 'string') {
      if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(values['expires-at'])) {
        throw new UsageError('--expires-at must be ISO 8601, e.g. 2027-01-01 or 2027-01-01T00:00:00Z');
      }
      expiresAt = new Date(values['expires-at']);
      if (Number.isNaN(expiresAt.getTime())) throw new UsageError('--expires-at is not a valid date');
      // A key born expired is refused on its first request: surely a typo, so say so now.
      if (expiresAt.getTime() <= Date.now()) {
        throw new UsageError(`--expires-at must be in the future (got ${expiresAt.toISOString()}, now is ${new Date().toISOString()})`);
      }
    }
    const name = typeof values.name === 'string' ? values.name : '';
    const key = await withDatabase(config, async (pool) => {
      if (!(await clubExists(pool, clubId))) return null;
      return createKey(pool, { clubId, name, scopes: [...new Set(scopes)], expiresAt });
    });
    if (!key) {
      process.stderr.write(`clubdata: no club ${clubId}\n`);
      return 1;
    }
    print(Boolean(values.json), key, () =>
      [`Created key ${key.id} for ${key.club_id} with scopes ${key.scopes.join(', ')}.`, 'The key is shown only now:', '', `  ${key.key}`, ''].join('\n'),
    );
    return 0;
  }
  if (sub === 'list') {
    const { values } = parse(args, { club: { type: 'string' } });
    const clubId = required(values, 'club');
    const keys = await withDatabase(config, async (pool) => {
      return (await clubExists(pool, clubId)) ? listKeys(pool, clubId) : null;
    });
    if (!keys) {
      process.stderr.write(`clubdata: no club ${clubId}\n`);
      return 1;
    }
    print(Boolean(values.json), keys, () => table(keys, KEY_COLUMNS));
    return 0;
  }
  if (sub === 'revoke') {
    const { values, positionals } = parse(args, {}, 1);
    const id = positionals[0];
    if (!id) throw new UsageError('keys revoke needs the key id');
    const key = await withDatabase(config, (pool) => revokeKey(pool, id));
    if (!key) {
      process.stderr.write(`clubdata: no key ${id}\n`);
      return 1;
    }
    print(Boolean(values.json), key, () => `Revoked ${key.id} at ${key.revoked_at}.`);
    return 0;
  }
  throw new UsageError('keys needs create, list or revoke');
}
