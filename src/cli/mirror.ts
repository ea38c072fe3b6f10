// `clubdata mirror`: the SDK's mirror (sdk/src/mirror) in a SQLite file, so that a user can
// watch it work: a progress line while the first copy is made, then one line per change to the
// copy (--json: one JSON object per line) until Ctrl-C. Stopped and started again with the same
// --out, it resumes where the file says.
import { ClubData, ClubDataError, MIRROR_RESOURCES, type MirrorChange, type MirrorResource } from '@clubdata/sdk';
import { SqliteStore } from '@clubdata/sdk/sqlite';
import { interruption } from '../lifecycle.ts';

export interface MirrorSettings {
  apiUrl: string;
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

function describeChange(change: MirrorChange): string {
  const what = change.previous === undefined ? 'new' : 'changed';
  const lag = change.lagMs === undefined ? 're-listed' : `lag ${change.lagMs} ms`;
  return `${new Date().toISOString()}  ${change.resource.padEnd(12)} ${change.id}  ${what} (sequence ${change.sequence}, ${lag})`;
}

/** Runs the mirror until interrupted; the exit status. */
export async function runMirror(settings: MirrorSettings): Promise<number> {
  const store = new SqliteStore(settings.out);
  const client = new ClubData({ apiKey: settings.key, baseUrl: settings.apiUrl });
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
      : `clubdata mirror: copying the club from ${settings.apiUrl} into ${settings.out}\n`,
  );
  const stop = interruption();
  const stopped = new Promise<'stopped'>((resolve) => {
    if (stop.aborted) resolve('stopped');
    stop.addEventListener('abort', () => resolve('stopped'), { once: true });
  });
  let status = 0;
  try {
    const first = await Promise.race([mirror.ready.then(() => 'ready' as const), stopped]);
    if (progressShown) process.stderr.write('\n');
    if (first === 'ready') {
      const counts = await mirror.counts();
      const summary = Object.entries(counts).map(([resource, n]) => `${n} ${resource}`).join(', ');
      process.stderr.write(`clubdata mirror: ready at sequence ${mirror.stats.sequence}: ${summary}. Following; Ctrl-C stops.\n`);
      const end = await Promise.race([mirror.done.then(() => 'done' as const), stopped]);
      if (end === 'done') status = 1;
    }
  } catch (error) {
    if (progressShown) process.stderr.write('\n');
    const reason = error instanceof ClubDataError && error.status === undefined ? `${error.message} (is the service running at ${settings.apiUrl}? --api names another address)` : (error as Error).message;
    process.stderr.write(`clubdata mirror: ${reason}\n`);
    status = 1;
  } finally {
    await mirror.stop();
    await store.close();
  }
  if (status === 0) process.stderr.write(`clubdata mirror: stopped at sequence ${mirror.stats.sequence ?? 'none'}; ${settings.out} resumes from there\n`);
  return status;
}
