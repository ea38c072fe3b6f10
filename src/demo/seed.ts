// `clubdata seed --demo [--size small|large]`, also run by `npm start` on a first start: the
// deterministic demo data. The clubs are described in clubs.ts; the SQL in sql/ turns one
// description into rows with set-based INSERT ... SELECT (never row by row from Node), in one
// transaction per club. Choices come from md5 of "club:kind:row number" and times from the
// club-local "today", so the same size and the same day give the same rows, ids included.
import { readFileSync } from 'node:fs';
import type { PoolClient } from 'pg';
import type { Pool } from '../db/pool.ts';
import { withTransaction } from '../db/transaction.ts';
import { LARGE_CLUBS, SMALL_CLUBS, type ClubDef } from './clubs.ts';

export interface SeedOptions {
  size: 'small' | 'large';
  onProgress?: (message: string) => void;
  /**
   * The instant the demo is built around (default: now). Each club's "today" is the club-local
   * date of this instant; the schedule spans the weeks around it. Same today, same rows.
   */
  today?: Date;
  /** Smaller volumes than the size's own (tests): customers, and bookings for the large club. */
  counts?: { customers?: number; bookings?: number };
  /** Stops the seed: the statement running is cancelled and the club being made rolled back. */
  signal?: AbortSignal;
}

/** How often a statement that runs long says that it still runs. */
const HEARTBEAT_MS = 5_000;

/** Rows per INSERT for the large tables, so that progress moves and no statement runs long. */
const BATCH = 25_000;

/** Thrown when the seed was stopped: says what it left behind. */
export class SeedInterrupted extends Error {
  constructor(done: string[], rolledBack: string | undefined) {
    const kept = done.length > 0 ? `club ${done.join(', ')} was seeded completely and stays` : 'no club was seeded';
    super(
      `seed interrupted: ${rolledBack ? `club ${rolledBack} was rolled back (nothing of it was written); ` : ''}${kept}. ` +
        (done.length > 0 ? 'Seeding again refuses while a demo club exists: use a fresh database.' : 'Run the seed again.'),
    );
    this.name = 'SeedInterrupted';
  }
}

/** Thrown when a demo club id is already taken: the seed adds nothing rather than duplicate. */
export class DemoExistsError extends Error {
  readonly clubIds: string[];

  constructor(clubIds: string[]) {
    super(
      `the demo data is already there (club ${clubIds.join(', ')} exists); it is seeded once per database. ` +
        'Use a fresh database to seed again.',
    );
    this.name = 'DemoExistsError';
    this.clubIds = clubIds;
  }
}

const sqlCache = new Map<string, string>();
function sql(name: string): string {
  let text = sqlCache.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(`./sql/${name}.sql`, import.meta.url), 'utf8');
    sqlCache.set(name, text);
  }
  return text;
}

export async function seedDemo(pool: Pool, options: SeedOptions): Promise<{ clubIds: string[] }> {
  const progress = options.onProgress ?? (() => {});
  const clubs = (options.size === 'large' ? LARGE_CLUBS : SMALL_CLUBS).map((club) => withCounts(club, options.counts));
  for (const club of clubs) checkClub(club);
  const clubIds = clubs.map((club) => club.id);

  // Refuse before writing anything, so that a second seed never leaves one club half-added.
  const existing = await pool.query<{ club_id: string }>(
    'SELECT club_id FROM clubs WHERE club_id = ANY ($1) ORDER BY club_id',
    [clubIds],
  );
  if (existing.rows.length > 0) throw new DemoExistsError(existing.rows.map((r) => r.club_id));

  const now = options.today ?? new Date();
  const done: string[] = [];
  for (const club of clubs) {
    try {
      await seedClub(pool, club, now, progress, options.signal);
    } catch (error) {
      if (options.signal?.aborted) throw new SeedInterrupted(done, club.id);
      throw error;
    }
    done.push(club.id);
  }
  if (options.signal?.aborted) throw new SeedInterrupted(done, undefined);

  // Fresh statistics, so that the first queries on a million bookings get good plans.
  const started = Date.now();
  await pool.query(
    `ANALYZE clubs, customers, products, plans, subscriptions, space_categories, spaces, tags, events, event_tags,
             event_sessions, event_time_slots, event_time_slot_spaces, participants, bookings, booking_spaces,
             maintenance_blocks, coaches, waiver_signatures, orders, order_line_items, transactions`,
  );
  progress(`analyzed in ${seconds(started)}`);
  return { clubIds };
}

function withCounts(club: ClubDef, counts: SeedOptions['counts']): ClubDef {
  if (!counts) return club;
  return {
    ...club,
    customers: counts.customers ?? club.customers,
    bookings: club.bookings === null ? null : (counts.bookings ?? club.bookings),
  };
}

// The definitions are code, but a typo in a court key would silently drop an event's courts.
function checkClub(club: ClubDef): void {
  const keys = new Set(club.categories.flatMap((c) => c.spaces.map((s) => s.key)));
  const fail = (what: string) => {
    throw new Error(`demo club ${club.id}: ${what}`);
  };
  if (club.customers < 40) fail('needs at least 40 customers');
  if (club.waiverCurrentVersionDaysAgo !== null && club.waiverVersionRequired < 2) {
    fail('a current waiver version date needs waiverVersionRequired >= 2');
  }
  for (const event of club.events) {
    for (const key of event.spaces) if (!keys.has(key)) fail(`event ${event.key} names unknown court ${key}`);
    if (event.window + event.windows > club.windowCount) fail(`event ${event.key} runs past the last window`);
  }
  for (const block of club.maintenance) {
    if (!keys.has(block.space)) fail(`maintenance names unknown court ${block.space}`);
    if (block.toWindow > club.windowCount || block.fromWindow >= block.toWindow) fail('maintenance windows out of range');
  }
  if (minutesOf(club.firstWindow) + club.windowCount * club.windowMinutes > 24 * 60) fail('the grid runs past midnight');
}

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

/** clubs.ts as the JSON that setup.sql reads (snake_case, flat event templates). */
function configJson(club: ClubDef): unknown {
  return {
    id: club.id,
    name: club.name,
    timezone: club.timezone,
    billing_model: club.billingModel,
    currency: club.currency,
    first_names: club.names.firstNames,
    last_names: club.names.lastNames,
    surnames: club.names.surnames,
    email_domains: club.names.emailDomains,
    phone_style: club.phoneStyle,
    phone_areas: club.phoneAreas,
    waiver_version_required: club.waiverVersionRequired,
    waiver_validity_days: club.waiverValidityDays,
    waiver_current_days_ago: club.waiverCurrentVersionDaysAgo,
    customers: club.customers,
    customer_span_days: club.customerSpanDays,
    bookings: club.bookings,
    days_back: club.daysBack,
    days_ahead: club.daysAhead,
    booking_fill: club.bookingFill,
    orders: Math.round(club.customers * club.ordersPerCustomer),
    first_window: minutesOf(club.firstWindow),
    window_minutes: club.windowMinutes,
    window_count: club.windowCount,
    categories: club.categories,
    tags: club.tags,
    coaches: club.coaches,
    plans: club.plans.map((p) => ({
      key: p.key,
      product: p.product,
      product_slug: p.productSlug,
      name: p.name,
      type: p.type,
      period: p.period,
      weight: p.weight,
    })),
    events: club.events.map((e) => ({
      key: e.key,
      type: e.type,
      title: e.title,
      kind: e.recurrence.kind,
      weekdays: e.recurrence.kind === 'block' ? null : e.recurrence.weekdays,
      week_offset: e.recurrence.kind === 'block' ? e.recurrence.weekOffset : null,
      start_weekday: e.recurrence.kind === 'block' ? e.recurrence.startWeekday : null,
      days: e.recurrence.kind === 'block' ? e.recurrence.days : null,
      win: e.window,
      wins: e.windows,
      slot_per_window: e.slotPerWindow ?? false,
      spaces: e.spaces,
      max: e.max,
      privacy: e.privacy ?? 'public',
      tags: e.tags,
      fill_lo: e.fill[0],
      fill_hi: e.fill[1],
    })),
    maintenance: club.maintenance.map((m) => ({
      day_offset: m.dayOffset,
      days: m.days ?? 1,
      space: m.space,
      from_window: m.fromWindow,
      to_window: m.toWindow,
      reason: m.reason,
    })),
    items: club.items.map((i) => ({ description: i.description, unit_amount: i.unitAmount, max_quantity: i.maxQuantity })),
    booking_titles: club.bookingTitles,
  };
}

async function seedClub(pool: Pool, club: ClubDef, now: Date, progress: (message: string) => void, signal: AbortSignal | undefined): Promise<void> {
  const started = Date.now();
  const say = (message: string) => progress(`${club.id}: ${message} [${seconds(started)}]`);
  // The connection goes, not back to the pool: it holds the seed's pg_temp helper functions.
  await withTransaction(pool, async (client) => {
    // Stopping cancels the statement running; its error then rolls the club back.
    const cancel = () => void pool.query('SELECT pg_cancel_backend($1)', [(client as unknown as { processID: number }).processID]).catch(() => {});
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      await seedClubRows(client, club, now, say);
    } finally {
      signal?.removeEventListener('abort', cancel);
    }
    if (signal?.aborted) throw new Error('interrupted');
  }, { discardConnection: true });
  say('done');
}

/** Runs one step's SQL, saying every few seconds that it still runs when it runs long. */
async function step(client: PoolClient, name: string, label: string, say: (m: string) => void): Promise<void> {
  const began = Date.now();
  const heartbeat = setInterval(() => say(`${label}: still running (${seconds(began)} so far)`), HEARTBEAT_MS);
  try {
    await client.query(sql(name));
  } finally {
    clearInterval(heartbeat);
  }
}

async function seedClubRows(client: PoolClient, club: ClubDef, now: Date, say: (m: string) => void): Promise<void> {
  await client.query('CREATE TEMP TABLE demo_config (cfg jsonb NOT NULL, now_at timestamptz NOT NULL) ON COMMIT DROP');
  await client.query('INSERT INTO demo_config (cfg, now_at) VALUES ($1, $2)', [JSON.stringify(configJson(club)), now.toISOString()]);
  await client.query(sql('setup'));
  const inserted = await client.query(sql('club-row'));
  if (inserted.rowCount === 0) throw new DemoExistsError([club.id]);
  await client.query(sql('catalog'));

  await client.query(sql('customers-plan'));
  await inBatches(client, 'customers', club.customers, say);
  await step(client, 'subscriptions', 'subscriptions', say);
  await step(client, 'waivers', 'waiver signatures', say);
  say(`subscriptions ${await count(client, 'subscriptions', club.id)}, waiver signatures ${await count(client, 'waiver_signatures', club.id)}`);

  await step(client, 'events', 'events and participants', say);
  await step(client, 'maintenance', 'maintenance blocks', say);
  say(`events ${await count(client, 'events', club.id)}, participants ${await count(client, 'participants', club.id)}`);

  await step(client, 'booking-slots', 'booking slots', say);
  const planned = Number((await client.query<{ n: string }>('SELECT coalesce(sum(k), 0) AS n FROM demo_bslot')).rows[0]!.n);
  if (club.bookings !== null && planned < club.bookings) {
    throw new Error(`demo club ${club.id}: its courts hold only ${planned} bookings, fewer than ${club.bookings}`);
  }
  await step(client, 'booking-cells', 'booking cells', say);
  await inBatches(client, 'bookings', planned, say);

  await step(client, 'orders', 'orders and transactions', say);
  say(`orders ${await count(client, 'orders', club.id)}, transactions ${await count(client, 'transactions', club.id)}`);
}

/** Runs sql/<what>.sql (and booking-spaces.sql for bookings) for numbers 1..total, BATCH at a time. */
async function inBatches(client: PoolClient, what: 'customers' | 'bookings', total: number, say: (m: string) => void) {
  const began = Date.now();
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await client.query(sql(what), [from, to]);
    if (what === 'bookings') await client.query(sql('booking-spaces'), [from, to]);
    const perSecond = to / Math.max((Date.now() - began) / 1000, 0.001);
    const left = to < total ? `, about ${Math.ceil((total - to) / perSecond)} s left` : '';
    say(`${what} ${to}/${total} (${Math.round(perSecond).toLocaleString('en-US')}/s${left})`);
  }
  if (total === 0) say(`${what} 0/0`);
}

async function count(client: PoolClient, table: string, clubId: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE club_id = $1`, [clubId]);
  return Number(rows[0]!.n);
}
