// `clubdata simulate`: live changes to a club made with plain SQL, as the platform would make
// them, so that a new user sees signals appear. Bounded by a duration; summarises at the end.
import { clubExists } from '../db/clubs.ts';
import type { Pool } from '../db/pool.ts';

export interface SimulateOptions {
  clubId: string;
  ratePerSecond: number;
  durationSeconds: number;
  /** Stop after this many changes, if that comes before the duration's end. */
  maxChanges?: number;
  onChange?: (action: string, detail: string) => void;
  signal?: AbortSignal;
}

export interface SimulateSummary {
  changes: Record<string, number>;
  /** The changes picked that found nothing to act on (no customer to update, ...), by name. */
  skipped: Record<string, number>;
  signals: Record<string, number>;
  seconds: number;
}

/**
 * One kind of change. `run` makes it to up to `count` rows of the club in one set-based
 * statement (so in one transaction, whose commit emits the signals) and returns the ids of the
 * resources it changed: none when the club has nothing to act on.
 */
type Action = { name: string; weight: number; run: (pool: Pool, club: string, count: number) => Promise<string[]> };
type IdRow = { id: string };

async function ids(pool: Pool, sql: string, params: unknown[]): Promise<string[]> {
  const { rows } = await pool.query<IdRow>(sql, params);
  return rows.map((row) => row.id);
}

/** Changes up to `count` subscriptions of the club in one of `statuses`, picked at random. */
function changeSubscriptions(pool: Pool, club: string, count: number, set: string, statuses: string[]): Promise<string[]> {
  return ids(
    pool,
    `UPDATE subscriptions SET ${set}
      WHERE club_id = $1 AND id IN (SELECT id FROM subscriptions WHERE club_id = $1 AND status = ANY ($3)
                                     ORDER BY random() LIMIT $2)
      RETURNING id`,
    [club, count, statuses],
  );
}

/** Up to `count` rows of the club's `table` matching `where`, picked at random: a subquery for `id IN (...)`. */
const randomIds = (table: string, where: string) =>
  `SELECT id FROM ${table} WHERE club_id = $1 AND ${where} ORDER BY random() LIMIT $2`;

/** The club's customers who can act (not archived). */
const ACTIVE = 'archived_at IS NULL';
const ACTIVE_CUSTOMERS = randomIds('customers', ACTIVE);

/**
 * A change made by `set` to up to `count` rows of the club's `table` matching `where`, picked at
 * random, in one statement.
 */
const changeRandom =
  (table: string, set: string, where: string): Action['run'] =>
  (pool, club, count) =>
    ids(pool, `UPDATE ${table} SET ${set} WHERE club_id = $1 AND id IN (${randomIds(table, where)}) RETURNING id`, [club, count]);

/** An element of the array `list` picked at random, evaluated again for every row. */
const anyOf = (list: string) => `(${list})[1 + floor(random() * cardinality(${list}))::int]`;

const ACTIONS: Action[] = [
  {
    name: 'booking made',
    weight: 5,
    // The booking and its court in one statement; each booking takes a court and a time of its own.
    run: (pool, club, count) =>
      ids(
        pool,
        `WITH club AS (SELECT timezone, (SELECT array_agg(id) FROM spaces WHERE club_id = $1) AS spaces FROM clubs WHERE club_id = $1),
              planned AS MATERIALIZED (
                SELECT cd_new_id('bkg') AS id, cust.id AS customer_id, ${anyOf('club.spaces')} AS space_id, club.timezone,
                       current_date + (1 + floor(random() * 14))::int AS day,
                       make_time(7 + floor(random() * 14)::int, (floor(random() * 2) * 30)::int, 0) AS at
                  FROM club, (${ACTIVE_CUSTOMERS}) cust
                 WHERE cardinality(club.spaces) > 0),
              timed AS MATERIALIZED (SELECT p.*, (p.day + p.at) AT TIME ZONE p.timezone AS starts_at FROM planned p),
              made AS (
                INSERT INTO bookings (club_id, id, customer_id, title, business_date, starts_at, ends_at, party_size, participant_count)
                SELECT $1, id, customer_id, NULL, day, starts_at, starts_at + interval '90 minutes', 4, 4 FROM timed)
         INSERT INTO booking_spaces (club_id, booking_id, space_id, starts_at, ends_at)
         SELECT $1, id, space_id, starts_at, starts_at + interval '90 minutes' FROM timed
         RETURNING booking_id AS id`,
        [club, count],
      ),
  },
  {
    name: 'booking canceled',
    weight: 2,
    run: changeRandom('bookings', `status = 'canceled', canceled_at = now()`, `status = 'confirmed' AND starts_at > now()`),
  },
  {
    name: 'booking moved',
    weight: 1,
    run: (pool, club, count) =>
      ids(
        pool,
        `WITH b AS MATERIALIZED (${randomIds('bookings', `status = 'confirmed' AND starts_at > now()`)}),
              moved AS (UPDATE booking_spaces SET starts_at = starts_at + interval '30 minutes', ends_at = ends_at + interval '30 minutes'
                         WHERE club_id = $1 AND booking_id IN (SELECT id FROM b))
         UPDATE bookings SET starts_at = starts_at + interval '30 minutes', ends_at = ends_at + interval '30 minutes'
          WHERE club_id = $1 AND id IN (SELECT id FROM b) RETURNING id`,
        [club, count],
      ),
  },
  {
    name: 'participant joined',
    weight: 4,
    // Each customer picked joins one event that still has a session ahead, unless already on its roster.
    run: (pool, club, count) =>
      ids(
        pool,
        `WITH upcoming AS (
                SELECT array_agg(e.id) AS events FROM events e
                 WHERE e.club_id = $1 AND e.canceled_at IS NULL
                   AND EXISTS (SELECT 1 FROM event_sessions s WHERE s.club_id = e.club_id AND s.event_id = e.id AND s.starts_at > now())),
              joining AS MATERIALIZED (
                SELECT ${anyOf('upcoming.events')} AS event_id, cust.id AS customer_id
                  FROM upcoming, (${ACTIVE_CUSTOMERS}) cust
                 WHERE cardinality(upcoming.events) > 0)
         INSERT INTO participants (club_id, event_id, customer_id)
         SELECT $1, j.event_id, j.customer_id FROM joining j
          WHERE NOT EXISTS (SELECT 1 FROM participants p WHERE p.club_id = $1 AND p.event_id = j.event_id
                              AND p.customer_id = j.customer_id AND p.removed_at IS NULL)
         RETURNING id`,
        [club, count],
      ),
  },
  {
    name: 'participant left',
    weight: 2,
    run: changeRandom('participants', 'removed_at = now()', `removed_at IS NULL AND check_in_status <> 'checked_in'`),
  },
  {
    name: 'participant checked in',
    weight: 2,
    run: changeRandom('participants', `check_in_status = 'checked_in'`, `removed_at IS NULL AND check_in_status = 'not_checked_in'`),
  },
  {
    name: 'customer created',
    weight: 1,
    run: (pool, club, count) =>
      ids(
        pool,
        `INSERT INTO customers (club_id, email, first_name, last_name, phone)
         SELECT $1, 'new.player.' || n || '@example.com', ${anyOf(`ARRAY['Alex', 'Sam', 'Jordan', 'Maria', 'Lucía']`)},
                ${anyOf(`ARRAY['Reyes', 'Kim', 'Okafor', 'Smith']`)}, '+1 555 ' || lpad((n % 10000)::text, 4, '0')
           FROM (SELECT floor(random() * 1e9)::bigint AS n FROM generate_series(1, $2)) numbers
         RETURNING id`,
        [club, count],
      ),
  },
  {
    name: 'customer updated',
    weight: 2,
    run: changeRandom('customers', `phone = '+1 555 ' || lpad((floor(random() * 10000))::int::text, 4, '0')`, ACTIVE),
  },
  {
    name: 'customer archived',
    weight: 0.5,
    run: changeRandom('customers', 'archived_at = now()', ACTIVE),
  },
  {
    name: 'subscription renewed',
    weight: 1.5,
    run: (pool, club, count) =>
      changeSubscriptions(pool, club, count, `current_period_start = current_period_end,
         current_period_end = current_period_end + interval '1 month',
         next_payment_at = current_period_end + interval '1 month'`, ['active']),
  },
  {
    name: 'subscription past due',
    weight: 0.5,
    run: (pool, club, count) => changeSubscriptions(pool, club, count, `status = 'past_due'`, ['active']),
  },
  {
    name: 'subscription started',
    weight: 1,
    run: (pool, club, count) =>
      ids(
        pool,
        `WITH plans AS (SELECT array_agg(id) AS ids FROM plans WHERE club_id = $1)
         INSERT INTO subscriptions (club_id, customer_id, plan_id, type, status, current_period_end, next_payment_at)
         SELECT $1, cust.id, ${anyOf('plans.ids')}, 'membership', 'active', now() + interval '1 month', now() + interval '1 month'
           FROM plans, (${ACTIVE_CUSTOMERS}) cust
          WHERE cardinality(plans.ids) > 0
         RETURNING id`,
        [club, count],
      ),
  },
  {
    name: 'subscription set to cancel at period end',
    weight: 1,
    run: (pool, club, count) => changeSubscriptions(pool, club, count, `cancel_at_period_end = NOT cancel_at_period_end`, ['active']),
  },
  {
    name: 'subscription canceled',
    weight: 1,
    run: (pool, club, count) => changeSubscriptions(pool, club, count, `status = 'canceled', canceled_at = now()`, ['active', 'past_due']),
  },
  {
    name: 'subscription expired',
    weight: 1,
    run: (pool, club, count) => changeSubscriptions(pool, club, count, `status = 'expired'`, ['past_due']),
  },
  {
    name: 'event created',
    weight: 1,
    // An event with its one session, hosted by a customer of the club: every event has a host.
    run: (pool, club, count) =>
      ids(
        pool,
        `WITH planned AS MATERIALIZED (
                SELECT cd_new_id('evt') AS id, host.id AS host_id, c.timezone, 8 + floor(random() * 8)::int AS max_participants,
                       current_date + (1 + floor(random() * 14))::int AS day
                  FROM clubs c, (${ACTIVE_CUSTOMERS}) host
                 WHERE c.club_id = $1),
              made AS (
                INSERT INTO events (club_id, id, event_type, title, max_participants, host_customer_id)
                SELECT $1, id, 'clinic', 'Drop-in clinic', max_participants, host_id FROM planned)
         INSERT INTO event_sessions (club_id, event_id, business_date, starts_at, ends_at)
         SELECT $1, id, day, (day + time '18:00') AT TIME ZONE timezone, (day + time '19:30') AT TIME ZONE timezone FROM planned
         RETURNING event_id AS id`,
        [club, count],
      ),
  },
  {
    name: 'event edited',
    weight: 1,
    run: changeRandom('events', 'max_participants = max_participants + 1', 'canceled_at IS NULL'),
  },
  {
    name: 'order placed',
    weight: 2,
    // A sale as the till records it: the order, its line item and the card charge that paid it,
    // in one statement.
    run: (pool, club, count) =>
      ids(
        pool,
        `WITH planned AS MATERIALIZED (
                SELECT cd_new_id('ord') AS id, cust.id AS customer_id, 1 + floor(random() * 3)::int AS quantity,
                       (500 + 100 * floor(random() * 20))::int AS unit_amount
                  FROM (${ACTIVE_CUSTOMERS}) cust),
              placed AS (
                INSERT INTO orders (club_id, id, customer_id, status, currency)
                SELECT $1, id, customer_id, 'paid', 'usd' FROM planned),
              items AS (
                INSERT INTO order_line_items (club_id, order_id, position, description, quantity, unit_amount)
                SELECT $1, id, 1, 'Ball machine hire', quantity, unit_amount FROM planned)
         INSERT INTO transactions (club_id, order_id, amount, currency, charge_type)
         SELECT $1, id, quantity * unit_amount, 'usd', 'card' FROM planned
         RETURNING order_id AS id`,
        [club, count],
      ),
  },
  {
    name: 'order refunded',
    weight: 0.5,
    // A refund is a transaction of its own, with a negative amount; the order says refunded.
    run: (pool, club, count) =>
      ids(
        pool,
        `WITH refunded AS (
                UPDATE orders SET status = 'refunded'
                 WHERE club_id = $1 AND id IN (${randomIds('orders', "status = 'paid'")})
                 RETURNING id, currency)
         INSERT INTO transactions (club_id, order_id, amount, currency, charge_type)
         SELECT $1, r.id, -coalesce((SELECT sum(li.quantity * li.unit_amount) FROM order_line_items li
                                      WHERE li.club_id = $1 AND li.order_id = r.id), 0), r.currency, 'card'
           FROM refunded r
         RETURNING order_id AS id`,
        [club, count],
      ),
  },
  {
    name: 'waiver signed',
    weight: 1,
    run: (pool, club, count) =>
      ids(
        pool,
        `INSERT INTO waiver_signatures (club_id, customer_id, waiver_version, signed_at)
         SELECT $1, cust.id, c.waiver_version_required, now()
           FROM clubs c, (${ACTIVE_CUSTOMERS}) cust
          WHERE c.club_id = $1
         RETURNING id`,
        [club, count],
      ),
  },
  {
    name: 'waiver invalidated',
    weight: 0.5,
    run: changeRandom('waiver_signatures', 'invalidated_at = now()', 'invalidated_at IS NULL'),
  },
  {
    name: 'coach added',
    weight: 0.5,
    run: (pool, club, count) =>
      ids(
        pool,
        `INSERT INTO coaches (club_id, id, first_name, last_name, title, slug, position)
         SELECT $1, id, 'Sam', 'Rivera', 'Assistant pro', 'sam-rivera-' || right(id, 6), 100
           FROM (SELECT cd_new_id('coach') AS id FROM generate_series(1, $2)) made
         RETURNING id`,
        [club, count],
      ),
  },
  {
    name: 'coach edited',
    weight: 0.5,
    run: changeRandom('coaches', 'lesson_booking_enabled = NOT lesson_booking_enabled', "status = 'active'"),
  },
  {
    name: 'coach archived',
    weight: 0.5,
    // Only the coaches a simulation added: the club's own staff stay.
    run: changeRandom('coaches', `status = 'archived'`, "status = 'active' AND slug LIKE 'sam-rivera-%'"),
  },
  {
    name: 'space added',
    weight: 0.5,
    // A practice wall in the club's first category, hidden from members' booking pages.
    run: (pool, club, count) =>
      ids(
        pool,
        `INSERT INTO spaces (club_id, category_id, name, short_name, visibility, position)
         SELECT $1, cat.id, 'Practice wall', 'PW', 'hidden', 1000
           FROM (SELECT id FROM space_categories WHERE club_id = $1 ORDER BY id LIMIT 1) cat, generate_series(1, $2)
         RETURNING id`,
        [club, count],
      ),
  },
  {
    name: 'space edited',
    weight: 0.5,
    run: changeRandom('spaces', `short_name = CASE WHEN short_name = 'PW' THEN 'Wall' ELSE 'PW' END`, "name = 'Practice wall'"),
  },
  {
    name: 'club renamed',
    weight: 0.5,
    // For the winter season and back, in two transactions: two club.updated signals, and the
    // club keeps its name.
    run: async (pool, club) => {
      const rename = (to: string) => ids(pool, `UPDATE clubs SET name = ${to} WHERE club_id = $1 RETURNING club_id AS id`, [club]);
      const renamed = await rename(`name || ' (winter season)'`);
      await rename(`left(name, -length(' (winter season)'))`);
      return renamed;
    },
  },
];

function chooseAction(): Action {
  const total = ACTIONS.reduce((sum, a) => sum + a.weight, 0);
  let roll = Math.random() * total;
  for (const action of ACTIONS) {
    roll -= action.weight;
    if (roll <= 0) return action;
  }
  return ACTIONS[0]!;
}

/**
 * How long to wait, from `now`, before the change due at `next`: never past the deadline, and
 * never less than nothing (a change may end after the deadline; Node warns of a negative delay).
 */
export function pauseBefore(next: number, deadline: number, now: number): number {
  return Math.max(0, Math.min(next, deadline) - now);
}

export async function simulate(pool: Pool, options: SimulateOptions): Promise<SimulateSummary> {
  if (!(await clubExists(pool, options.clubId))) throw new Error(`no club ${options.clubId}`);
  const countSignals = await signalCounter(pool, options.clubId);
  const changes: Record<string, number> = {};
  const skipped: Record<string, number> = {};
  const began = Date.now();
  const deadline = began + options.durationSeconds * 1000;
  const interval = 1000 / options.ratePerSecond;
  let next = began;
  let made = 0;
  while (Date.now() < deadline && !options.signal?.aborted && made < (options.maxChanges ?? Infinity)) {
    const action = chooseAction();
    const [detail] = await action.run(pool, options.clubId, 1);
    if (detail === undefined) skipped[action.name] = (skipped[action.name] ?? 0) + 1;
    else {
      made += 1;
      changes[action.name] = (changes[action.name] ?? 0) + 1;
      options.onChange?.(action.name, detail);
    }
    next += interval;
    const wait = pauseBefore(next, deadline, Date.now());
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return { changes, skipped, signals: await countSignals(), seconds: secondsSince(began) };
}

/**
 * Every kind of change, `rounds` times over, about `perRound` changes a round shared by weight:
 * each kind one set-based statement, so one transaction, per round, whose commit makes the
 * triggers emit its signals as a bulk write of the platform would. The first start's signal
 * history (first-run.ts): hundreds of changes in a few dozen statements, where simulate makes
 * one change per transaction (and a commit each costs more than the change).
 */
export async function changeInBulk(
  pool: Pool,
  options: { clubId: string; rounds: number; perRound: number; signal?: AbortSignal },
): Promise<SimulateSummary> {
  const countSignals = await signalCounter(pool, options.clubId);
  const totalWeight = ACTIONS.reduce((sum, a) => sum + a.weight, 0);
  const changes: Record<string, number> = {};
  const skipped: Record<string, number> = {};
  const began = Date.now();
  for (let round = 0; round < options.rounds && !options.signal?.aborted; round++) {
    for (const action of ACTIONS) {
      const changed = await action.run(pool, options.clubId, Math.ceil((action.weight / totalWeight) * options.perRound));
      if (changed.length === 0) skipped[action.name] = (skipped[action.name] ?? 0) + 1;
      else changes[action.name] = (changes[action.name] ?? 0) + changed.length;
    }
  }
  return { changes, skipped, signals: await countSignals(), seconds: secondsSince(began) };
}

/** Counts, by type, the signals of the club emitted from now until the function returned is called. */
async function signalCounter(pool: Pool, clubId: string): Promise<() => Promise<Record<string, number>>> {
  const start = await pool.query<{ n: string }>('SELECT coalesce(max(sequence), 0) AS n FROM signals WHERE club_id = $1', [clubId]);
  return async () => {
    const emitted = await pool.query<{ type: string; n: string }>(
      'SELECT type, count(*) AS n FROM signals WHERE club_id = $1 AND sequence > $2 GROUP BY type ORDER BY type',
      [clubId, start.rows[0]!.n],
    );
    return Object.fromEntries(emitted.rows.map((r) => [r.type, Number(r.n)]));
  };
}

/** What the changes act on that the club has none of: why a simulation could make no change. */
export async function missingMaterial(pool: Pool, clubId: string): Promise<string[]> {
  const kinds = ['customers', 'spaces', 'plans', 'bookings', 'events', 'subscriptions', 'participants'];
  const { rows } = await pool.query<Record<string, boolean>>(
    `SELECT ${kinds.map((kind) => `EXISTS (SELECT 1 FROM ${kind} WHERE club_id = $1) AS ${kind}`).join(', ')}`,
    [clubId],
  );
  return kinds.filter((kind) => !rows[0]![kind]);
}

function secondsSince(began: number): number {
  return Math.round((Date.now() - began) / 100) / 10;
}
