// What `npm start` does for a new user: demo clubs on the first start, and at every start the
// demo key. The demo key is the one key kept sealed (migrations/0016_demo_key.sql), so that every
// start prints the same one; a new one replaces it only when it was revoked, expired, or can no
// longer be opened, and the banner then says so.
import type { Logger } from 'pino';
import { loadConfig, type Config } from '../config.ts';
import { findDemoKey, replaceDemoKey } from '../db/api-keys.ts';
import type { Pool } from '../db/pool.ts';
import { ALL_SCOPES } from '../domain/scopes.ts';
import type { SecretBox } from '../domain/secrets.ts';
import { DEFAULT_RECEIVER_PORT as RECEIVER_PORT } from './receiver.ts';
import { seedDemo } from './seed.ts';
import { changeInBulk } from './simulate.ts';

/**
 * The changes made per club on the first start, so that /v1/signals has a history of every type
 * to show: two rounds of every kind of change, about 200 changes each.
 */
const HISTORY = { rounds: 2, perRound: 200 };

export const DEMO_KEY_NAME = 'demo key (npm start)';

export interface Demo {
  banner(baseUrl: string): string;
}

/** `stop` cuts the first start's history short (the seed itself, a few seconds, always finishes). */
export async function prepareDemo(pool: Pool, config: Config, secretBox: SecretBox, log: Logger, stop?: AbortSignal): Promise<Demo> {
  const { rows } = await pool.query<{ count: string }>('SELECT count(*) FROM clubs');
  if (Number(rows[0]!.count) === 0) {
    log.info('first start: seeding the demo clubs');
    await seedDemo(pool, { size: 'small', onProgress: (msg) => log.info(msg) });
    await recordHistory(pool, log, stop);
  }
  const club = await pool.query<{ club_id: string; name: string; timezone: string }>(
    'SELECT club_id, name, timezone FROM clubs WHERE api_access ORDER BY created_at, club_id LIMIT 1',
  );
  const first = club.rows[0];
  if (!first) throw new Error('no club with API access enabled to make a demo key for');
  const key = await demoKey(pool, secretBox, first.club_id);
  return {
    banner: (baseUrl) =>
      [
        '',
        `Club Data Service is running at ${baseUrl} (API reference: ${baseUrl}/docs)`,
        `Demo club: ${first.name} (${first.club_id}, ${first.timezone}). The demo key has every scope; every start prints`,
        `the same one until it is revoked (npx clubdata keys revoke ${key.id}).${key.replaced ? ` ${key.replaced}` : ''}`,
        '',
        `  curl -s -H "Authorization: Bearer ${key.key}" "${baseUrl}/v1/customers?limit=2"`,
        '',
        ...webhookSteps(config, baseUrl, key.key, first.club_id),
        'Press Ctrl-C to stop.',
        '',
      ].join('\n'),
  };
}

/**
 * The seed loads with signals off, so a first start would show an empty /v1/signals. Real
 * changes made through the triggers (the changes of `clubdata simulate`, made in bulk: a few
 * set-based statements per round) give each club a history of every signal type to read and
 * replay at once.
 */
async function recordHistory(pool: Pool, log: Logger, stop: AbortSignal | undefined): Promise<void> {
  const { rows } = await pool.query<{ club_id: string }>('SELECT club_id FROM clubs WHERE api_access ORDER BY club_id');
  // The clubs at once: each has its own sequence of signals, so they never wait on each other.
  await Promise.all(
    rows.map(async ({ club_id: clubId }) => {
      const summary = await changeInBulk(pool, { clubId, ...HISTORY, ...(stop ? { signal: stop } : {}) });
      const signals = Object.values(summary.signals).reduce((sum, n) => sum + n, 0);
      log.info(`${clubId}: a history of ${signals} signals (${Object.keys(summary.signals).length} types) in ${summary.seconds} s`);
    }),
  );
}

/** The stored demo key of the club, or a new one; `replaced` says why an earlier one was not kept. */
async function demoKey(pool: Pool, secretBox: SecretBox, clubId: string): Promise<{ id: string; key: string; replaced?: string }> {
  const stored = await findDemoKey(pool);
  let why = '';
  if (stored && !stored.usable) why = 'it was revoked or expired';
  else if (stored && stored.clubId !== clubId) why = 'it belonged to another club';
  else if (stored) {
    try {
      return { id: stored.keyId, key: secretBox.open(stored.sealedKey) };
    } catch {
      why = 'it was sealed with another webhook secret key';
    }
  }
  const created = await replaceDemoKey(pool, {
    clubId,
    name: DEMO_KEY_NAME,
    scopes: ALL_SCOPES,
    seal: (key) => secretBox.seal(key),
  });
  return { id: created.id, key: created.key, ...(why ? { replaced: `The previous demo key was replaced: ${why}.` } : {}) };
}

/**
 * How to watch signed deliveries arrive at a local receiver. Plain http to 127.0.0.1 is an
 * allowed endpoint URL only in development mode (what npm start runs without DATABASE_URL), so
 * elsewhere the banner only points to the guide.
 */
function webhookSteps(config: Config, baseUrl: string, key: string, clubId: string): string[] {
  if (config.environment !== 'development') {
    return ['Webhooks: endpoints need a public https URL outside development mode; see docs/webhooks.md.', ''];
  }
  // A command run without the service's environment talks to the default URL: name another.
  const api = baseUrl === loadConfig({}).publicUrl ? '' : ` --api ${baseUrl}`;
  return [
    'Watch signed webhook deliveries (guide: docs/webhooks.md):',
    '',
    '  1. In a second terminal, start a local receiver. With the demo key it registers a webhook',
    '     endpoint for itself, checks every signature with its secret, and deletes it at Ctrl-C:',
    `       npx clubdata receive --port ${RECEIVER_PORT} --key ${key}${api}`,
    '  2. In a third terminal, make live changes and watch them arrive at the receiver:',
    `       npx clubdata simulate --club ${clubId} --rate 5 --duration 60`,
    '',
  ];
}
