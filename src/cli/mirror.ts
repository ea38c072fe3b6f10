// `clubdata mirror`: the SDK's mirror (sdk/src/mirror) in a SQLite file, so that a user can
// watch it work: a progress line while the first copy is made, then one line per change to the
// copy (--json: one JSON object per line) until Ctrl-C. Stopped and started again with the same
// --out, it resumes where the file says.
//
// Nothing is written before the API has answered and the key has shown it can read everything
// the copy needs; a file this run created is removed again when the first copy does not
// complete, so what is left behind is always a copy that resumes.
import { existsSync } from 'node:fs';
import { access, constants, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  ClubData,
  ClubDataError,
  ConnectionError,
  MIRROR_RESOURCES,
  NotFoundError,
  PermissionError,
  type MirrorChange,
  type MirrorResource,
} from '@clubdata/sdk';
import { SqliteStore } from '@clubdata/sdk/sqlite';
import { connectionCause, describeUnreachable, type ApiAddress } from '../api-address.ts';
import { interruption } from '../lifecycle.ts';

export interface MirrorSettings {
  api: ApiAddress;
  key: string;
  out: string;
  resources: MirrorResource[];
  relistSeconds: number;
  json: boolean;
}

/** The resources named by --resources (comma-separated), or every one. */
export function readResources(value: string | undefined): MirrorResource[] {
  if (value === undefined) return [...MIRROR_RESOURCES];
  const names = value.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !MIRROR_RESOURCES.includes(name as MirrorResource));
  if (names.length === 0 || unknown.length > 0) {
    throw new RangeError(`--resources takes a comma-separated list among ${MIRROR_RESOURCES.join(', ')}${unknown.length ? ` (not ${unknown.join(', ')})` : ''}`);
  }
  if (names.includes('participants') && !names.includes('events')) throw new RangeError('--resources: participants need events');
  return names as MirrorResource[];
}

/** Checks that --out names a file that can be opened or created; throws RangeError naming the path. */
export async function checkOut(out: string): Promise<void> {
  const existing = await stat(out).catch(() => undefined);
  if (existing?.isDirectory()) throw new RangeError(`--out ${out} is a folder; name a file in it, such as ${out.replace(/\/+$/, '')}/club.db`);
  if (existing) return;
  const folder = dirname(out);
  const parent = await stat(folder).catch(() => undefined);
  if (!parent?.isDirectory()) throw new RangeError(`--out ${out}: there is no folder ${folder} to create it in`);
  await access(folder, constants.W_OK | constants.X_OK).catch(() => {
    throw new RangeError(`--out ${out}: the folder ${folder} is not writable`);
  });
}

/**
 * One cheap read per resource the copy lists, and one of the signals it follows: the API tells
 * which scope each lacks (there is no call that lists a key's scopes). A 404 is access granted
 * (the participants of an event that does not exist).
 */
const ACCESS_CHECKS: Record<MirrorResource | 'signals', (client: ClubData, signal: AbortSignal) => Promise<unknown>> = {
  club: (client, signal) => client.club.retrieve({ signal }),
  customers: (client, signal) => client.customers.list({ limit: 1 }, { signal }).firstPage(),
  bookings: (client, signal) => client.bookings.list({ limit: 1 }, { signal }).firstPage(),
  events: (client, signal) => client.events.list({ limit: 1 }, { signal }).firstPage(),
  participants: (client, signal) => client.events.participants.list('evt_access_check', { limit: 1 }, { signal }).firstPage(),
  spaces: (client, signal) => client.spaces.list({ signal }).firstPage(),
  coaches: (client, signal) => client.coaches.list({}, { signal }).firstPage(),
  waivers: (client, signal) => client.waivers.list({ limit: 1 }, { signal }).firstPage(),
  orders: (client, signal) => client.orders.list({ limit: 1 }, { signal }).firstPage(),
  transactions: (client, signal) => client.transactions.list({ limit: 1 }, { signal }).firstPage(),
  signals: (client, signal) => client.signals.list({ limit: 1 }, { signal }).firstPage(),
};

/** Why the copy cannot be made with this key at this address, or undefined when it can. */
async function checkAccess(client: ClubData, settings: MirrorSettings, signal: AbortSignal): Promise<string | undefined> {
  const needed = [...settings.resources, 'signals' as const];
  const outcomes = await Promise.all(needed.map((name) => ACCESS_CHECKS[name](client, signal).then(() => undefined, (error: unknown) => error)));
  const missing = new Set<string>();
  for (const error of outcomes) {
    if (error === undefined || error instanceof NotFoundError) continue;
    if (error instanceof PermissionError) {
      // "This API key lacks the customers:read scope."
      missing.add(/the (\S+) scope/.exec(error.message)?.[1] ?? error.message);
      continue;
    }
    return describeFailure(error, settings.api);
  }
  if (missing.size === 0) return undefined;
  return (
    `the key lacks ${[...missing].join(', ')}: the mirror needs the read scope of each resource it copies ` +
    `(${settings.resources.join(', ')}) and signals:read to follow their changes. Use a key that holds them ` +
    '(clubdata keys create --club ID --scopes ...), or --club instead of --key, or fewer --resources'
  );
}

function describeFailure(error: unknown, api: ApiAddress): string {
  // The SDK's ConnectionError carries fetch()'s failure as its cause.
  if (error instanceof ConnectionError) return describeUnreachable(api, error.code === 'timeout' ? error.message : connectionCause(error.cause));
  if (error instanceof ClubDataError) return `the API at ${api.url} refused: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** Removes a SQLite file this run created, with its journal files. */
async function removeCopy(out: string): Promise<void> {
  await Promise.all(['', '-wal', '-shm', '-journal'].map((suffix) => rm(`${out}${suffix}`, { force: true })));
}

function describeChange(change: MirrorChange): string {
  const what = change.previous === undefined ? 'new' : 'changed';
  const lag = change.lagMs === undefined ? 're-listed' : `lag ${change.lagMs} ms`;
  return `${new Date().toISOString()}  ${change.resource.padEnd(12)} ${change.id}  ${what} (sequence ${change.sequence}, ${lag})`;
}

/** Runs the mirror until interrupted; the exit status. */
export async function runMirror(settings: MirrorSettings): Promise<number> {
  const client = new ClubData({ apiKey: settings.key, baseUrl: settings.api.url });
  const stop = interruption();
  const refusal = await checkAccess(client, settings, stop);
  if (stop.aborted) return 130;
  if (refusal) {
    process.stderr.write(`clubdata mirror: ${refusal}. Nothing was written.\n`);
    return 1;
  }
  const created = !existsSync(settings.out);
  let store: SqliteStore;
  try {
    store = new SqliteStore(settings.out);
  } catch (error) {
    if (created) await removeCopy(settings.out);
    process.stderr.write(`clubdata mirror: cannot open ${settings.out} as a mirror file: ${(error as Error).message}\n`);
    return 1;
  }
  const resumed = await store.readCursor();
  const tty = process.stderr.isTTY;
  let progressShown = false;
  const mirror = client.mirror({
    store,
    resources: settings.resources,
    relistInterval: settings.relistSeconds * 1000,
    onProgress: ({ resource, records }) => {
      if (!tty) return;
      progressShown = true;
      process.stderr.write(`\r\x1b[2Kclubdata mirror: copying ${resource}: ${records.toLocaleString('en-US')} records`);
    },
  });
  mirror.on('change', (change) =>
    process.stdout.write(`${settings.json ? JSON.stringify({ ...change, new: change.previous === undefined }) : describeChange(change)}\n`),
  );
  process.stderr.write(
    resumed
      ? `clubdata mirror: resuming ${settings.out} after sequence ${resumed.sequence}\n`
      : `clubdata mirror: copying the club from ${settings.api.url} into ${settings.out}\n`,
  );
  const stopped = new Promise<'stopped'>((resolve) => {
    if (stop.aborted) resolve('stopped');
    stop.addEventListener('abort', () => resolve('stopped'), { once: true });
  });
  let status = 0;
  let ready = false;
  try {
    const first = await Promise.race([mirror.ready.then(() => 'ready' as const), stopped]);
    if (progressShown) process.stderr.write('\n');
    if (first === 'ready') {
      ready = true;
      const counts = await mirror.counts();
      const summary = Object.entries(counts).map(([resource, n]) => `${n} ${resource}`).join(', ');
      process.stderr.write(`clubdata mirror: ready at sequence ${mirror.stats.sequence}: ${summary}. Following; Ctrl-C stops.\n`);
      const end = await Promise.race([mirror.done.then(() => 'done' as const), stopped]);
      if (end === 'done') status = 1;
    } else {
      status = 130;
    }
  } catch (error) {
    if (progressShown) process.stderr.write('\n');
    process.stderr.write(`clubdata mirror: ${describeFailure(error, settings.api)}\n`);
    status = 1;
  } finally {
    await mirror.stop();
    await store.close();
  }
  if (!ready && !resumed) {
    // A first copy cut short resumes nothing: a file this run made goes, not a half copy.
    if (created) await removeCopy(settings.out);
    process.stderr.write(`clubdata mirror: the first copy did not complete${created ? `; ${settings.out} was removed` : ''}\n`);
    return status;
  }
  if (status === 0) process.stderr.write(`clubdata mirror: stopped at sequence ${mirror.stats.sequence ?? 'none'}; ${settings.out} resumes from there\n`);
  return status;
}
