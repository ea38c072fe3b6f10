// `clubdata simulate`: live changes to a club made with plain SQL, as the platform would make
// them, so that a new user sees signals appear. Bounded by a duration; summarises at the end.
import { clubExists } from '../db/clubs.ts';
import type { Pool } from '../db/pool.ts';
import { withTransaction } from '../db/transaction.ts';

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
  skipped: number;
  signals: Record<string, number>;
  seconds: number;
}

type Action = { name: string; weight: number; run: (pool: Pool, club: string) => Promise<string | null> };
type IdRow = { id: string };

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** Changes one subscription of the club in one of `statuses`, picked at random; null when none is. */
async function changeSubscription(pool: Pool, club: string, set: string, statuses: string[]): Promise<string | null> {
  const { rows } = await pool.query<IdRow>(
    `UPDATE subscriptions SET ${set}
      WHERE club_id = $1 AND id = (SELECT id FROM subscriptions WHERE club_id = $1 AND status = ANY ($2) ORDER BY random() LIMIT 1)
      RETURNING id`,
    [club, statuses],
  );
  return rows[0]?.id ?? null;
}

// Each action returns a short description, or null when the club has nothing to act on.
const ACTIONS: Action[] = [
  {
    name: 'booking made',
    weight: 5,
    async run(pool, club) {
      const { rows } = await pool.query<{ customer_id: string; space_id: string; business_date: Date; starts_at: Date }>(
        `WITH c AS (SELECT timezone FROM clubs WHERE club_id = $1),
              cust AS (SELECT id FROM customers WHERE club_id = $1 AND archived_at IS NULL ORDER BY random() LIMIT 1),
              sp AS (SELECT id FROM spaces WHERE club_id = $1 ORDER BY random() LIMIT 1),
              slot AS (SELECT (current_date + (1 + floor(random() * 14))::int) AS day,
                              make_time(7 + floor(random() * 14)::int, (floor(random() * 2) * 30)::int, 0) AS at)
         SELECT cust.id AS customer_id, sp.id AS space_id, slot.day AS business_date,
                ((slot.day + slot.at) AT TIME ZONE c.timezone) AS starts_at
           FROM c, cust, sp, slot`,
        [club],
      );
      const r = rows[0];
      if (!r) return null;
      return withTransaction(pool, async (client) => {
        const booking = await client.query<IdRow>(
          `INSERT INTO bookings (club_id, customer_id, title, business_date, starts_at, ends_at, party_size, participant_count)
           VALUES ($1, $2, NULL, $3, $4::timestamptz, $4::timestamptz + interval '90 minutes', 4, 4) RETURNING id`,
          [club, r.customer_id, r.business_date, r.starts_at],
        );
        await client.query(
          `INSERT INTO booking_spaces (club_id, booking_id, space_id, starts_at, ends_at)
           VALUES ($1, $2, $3, $4::timestamptz, $4::timestamptz + interval '90 minutes')`,
          [club, booking.rows[0]!.id, r.space_id, r.starts_at],
        );
        return booking.rows[0]!.id;
      });
    },
  },
  {
    name: 'booking canceled',
    weight: 2,
    async run(pool, club) {
      const { rows } = await pool.query<IdRow>(
        `UPDATE bookings SET status = 'canceled', canceled_at = now()
          WHERE club_id = $1 AND id = (SELECT id FROM bookings WHERE club_id = $1 AND status = 'confirmed'
                                         AND starts_at > now() ORDER BY random() LIMIT 1)
          RETURNING id`,
        [club],
      );
      return rows[0]?.id ?? null;
    },
  },
  {
    name: 'booking moved',
    weight: 1,
    async run(pool, club) {
      const { rows } = await pool.query<IdRow>(
        `WITH b AS (SELECT id FROM bookings WHERE club_id = $1 AND status = 'confirmed' AND starts_at > now()
                    ORDER BY random() LIMIT 1),
              moved AS (UPDATE booking_spaces SET starts_at = starts_at + interval '30 minutes', ends_at = ends_at + interval '30 minutes'
                         WHERE club_id = $1 AND booking_id = (SELECT id FROM b))
         UPDATE bookings SET starts_at = starts_at + interval '30 minutes', ends_at = ends_at + interval '30 minutes'
          WHERE club_id = $1 AND id = (SELECT id FROM b) RETURNING id`,
        [club],
      );
      return rows[0]?.id ?? null;
    },
  },
  {
    name: 'participant joined',
    weight: 4,
    async run(pool, club) {
      const { rows } = await pool.query<IdRow>(
        `WITH e AS (SELECT e.id FROM events e WHERE e.club_id = $1 AND e.canceled_at IS NULL
                      AND EXISTS (SELECT 1 FROM event_sessions s WHERE s.club_id = e.club_id AND s.event_id = e.id AND s.starts_at > now())
                    ORDER BY random() LIMIT 1),
              c AS (SELECT id FROM customers WHERE club_id = $1 AND archived_at IS NULL ORDER BY random() LIMIT 1)
         INSERT INTO participants (club_id, event_id, customer_id)
         SELECT $1, e.id, c.id FROM e, c
          WHERE NOT EXISTS (SELECT 1 FROM participants p WHERE p.club_id = $1 AND p.event_id = e.id
                              AND p.customer_id = c.id AND p.removed_at IS NULL)
         RETURNING id`,
        [club],
      );
      return rows[0]?.id ?? null;
    },
  },
  {
    name: 'participant left',
    weight: 2,
    async run(pool, club) {
      const { rows } = await pool.query<IdRow>(
        `UPDATE participants SET removed_at = now()
          WHERE club_id = $1 AND id = (SELECT id FROM participants WHERE club_id = $1 AND removed_at IS NULL
                                         AND check_in_status <> 'checked_in' ORDER BY random() LIMIT 1)
          RETURNING id`,
        [club],
      );
      return rows[0]?.id ?? null;
    },
  },
  {
    name: 'participant checked in',
    weight: 2,
    async run(pool, club) {
      const { rows } = await pool.query<IdRow>(
        `UPDATE participants SET check_in_status = 'checked_in'
          WHERE club_id = $1 AND id = (SELECT id FROM participants WHERE club_id = $1 AND removed_at IS NULL
                                         AND check_in_status = 'not_checked_in' ORDER BY random() LIMIT 1)
          RETURNING id`,
        [club],
      );
      return rows[0]?.id ?? null;
    },
  },
  {
    name: 'customer created',
    weight: 1,
    async run(pool, club) {
      const n = Math.floor(Math.random() * 1e9);
      const { rows } = await pool.query<IdRow>(
        `INSERT INTO customers (club_id, email, first_name, last_name, phone)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [club, `new.player.${n}@example.com`, pick(['Alex', 'Sam', 'Jordan', 'Maria', 'Lucía']), pick(['Reyes', 'Kim', 'Okafor', 'Smith']), `+1 555 ${String(n % 10000).padStart(4, '0')}`],
      );
      return rows[0]!.id;
    },
  },
  {
    name: 'customer updated',
    weight: 2,
    async run(pool, club) {
      const { rows } = await pool.query<IdRow>(
        `UPDATE customers SET phone = '+1 555 ' || lpad((floor(random() * 10000))::int::text, 4, '0')
          WHERE club_id = $1 AND id = (SELECT id FROM customers WHERE club_id = $1 AND archived_at IS NULL ORDER BY random() LIMIT 1)
          RETURNING id`,
        [club],
      );
      return rows[0]?.id ?? null;
    },
  },
  {
    name: 'customer archived',
    weight: 0.5,
    async run(pool, club) {
      const { rows } = await pool.query<IdRow>(
        `UPDATE customers SET archived_at = now()
          WHERE club_id = $1 AND id = (SELECT id FROM customers WHERE club_id = $1 AND archived_at IS NULL ORDER BY random() LIMIT 1)
          RETURNING id`,
        [club],
      );
      return rows[0]?.id ?? null;
    },
  },
  {
    name: 'subscription renewed',
    weight: 1.5,
    run: (pool, club) => changeSubscription(pool, club, `current_period_start = current_period_end,
         current_period_end = current_period_end + interval '1 month',
         next_payment_at = current_period_end + interval '1 month'`, ['active']),
  },
  {
    name: 'subscription past due',
    weight: 0.5,
    run: (pool, club) => changeSubscription(pool, club, `status = 'past_due'`, ['active']),
  },
  {
    name: 'subscription started',
    weight: 1,
    async run(pool, club) {
      const { rows } = await pool.query<IdRow>(
        `INSERT INTO subscriptions (club_id, customer_id, plan_id, type, status, current_period_end, next_payment_at)
         SELECT $1, c.id, p.id, 'membership', 'active', now() + interval '1 month', now() + interval '1 month'
           FROM (SELECT id FROM customers WHERE club_id = $1 AND archived_at IS NULL ORDER BY random() LIMIT 1) c,
                (SELECT id FROM plans WHERE club_id = $1 ORDER BY random() LIMIT 1) p
         RETURNING id`,
        [club],
      );
      return rows[0]?.id ?? null;
    },
  },
  {
    name: 'subscription set to cancel at period end',
    weight: 1,
    run: (pool, club) => changeSubscription(pool, club, `cancel_at_period_end = NOT cancel_at_period_end`, ['active']),
  },
  {
    name: 'subscription canceled',
    weight: 1,
    run: (pool, club) => changeSubscription(pool, club, `status = 'canceled', canceled_at = now()`, ['active', 'past_due']),
  },
  {
    name: 'subscription expired',
    weight: 1,
    run: (pool, club) => changeSubscription(pool, club, `status = 'expired'`, ['past_due']),
  },
  {
    name: 'event created',
    weight: 1,
    async run(pool, club) {
      return withTransaction(pool, async (client) => {
        const { rows } = await client.query<IdRow>(
          `INSERT INTO events (club_id, event_type, title, max_participants)
           VALUES ($1, 'clinic', 'Drop-in clinic', 8 + floor(random() * 8)::int) RETURNING id`,
          [club],
        );
        await client.query(
          `INSERT INTO event_sessions (club_id, event_id, business_date, starts_at, ends_at)
           SELECT $1, $2, day, (day + time '18:00') AT TIME ZONE c.timezone, (day + time '19:30') AT TIME ZONE c.timezone
             FROM clubs c, (SELECT current_date + (1 + floor(random() * 14))::int AS day) d
            WHERE c.club_id = $1`,
          [club, rows[0]!.id],
        );
        return rows[0]!.id;
      });
    },
  },
  {
    name: 'event edited',
    weight: 1,
    async run(pool, club) {
      const { rows } = await pool.query<IdRow>(
        `UPDATE events SET max_participants = max_participants + 1
          WHERE club_id = $1 AND id = (SELECT id FROM events WHERE club_id = $1 AND canceled_at IS NULL ORDER BY random() LIMIT 1)
          RETURNING id`,
        [club],
      );
      return rows[0]?.id ?? null;
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
  const start = await pool.query<{ n: string }>('SELECT coalesce(max(sequence), 0) AS n FROM signals WHERE club_id = $1', [
    options.clubId,
  ]);
  const changes: Record<string, number> = {};
  let skipped = 0;
  const began = Date.now();
  const deadline = began + options.durationSeconds * 1000;
  const interval = 1000 / options.ratePerSecond;
  let next = began;
  let made = 0;
  while (Date.now() < deadline && !options.signal?.aborted && made < (options.maxChanges ?? Infinity)) {
    const action = chooseAction();
    const detail = await action.run(pool, options.clubId);
    if (detail === null) skipped += 1;
    else {
      made += 1;
      changes[action.name] = (changes[action.name] ?? 0) + 1;
      options.onChange?.(action.name, detail);
    }
    next += interval;
    const wait = pauseBefore(next, deadline, Date.now());
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const emitted = await pool.query<{ type: string; n: string }>(
    'SELECT type, count(*) AS n FROM signals WHERE club_id = $1 AND sequence > $2 GROUP BY type ORDER BY type',
    [options.clubId, start.rows[0]!.n],
  );
  return {
    changes,
    skipped,
    signals: Object.fromEntries(emitted.rows.map((r) => [r.type, Number(r.n)])),
    seconds: Math.round((Date.now() - began) / 100) / 10,
  };
}
