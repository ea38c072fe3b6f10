// The demo generator (src/demo): every state the contract names is present in the data, the
// data is consistent (dates, courts, customers), and the same "today" gives the same rows.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../src/db/pool.ts';
import { DemoExistsError, seedDemo } from '../../src/demo/seed.ts';
import { createTestDatabase } from '../helper.ts';

const NY = 'club_demo_ny';
const MAD = 'club_demo_mad';
const CLUBS = [NY, MAD];
// Around both DST changes of 2026: America/New_York on 8 March, Europe/Madrid on 29 March.
const FIXED_TODAY = new Date('2026-03-12T15:00:00Z');

let live: Pool; // seeded with the real today
let fixedA: Pool; // seeded twice with FIXED_TODAY, in two databases
let fixedB: Pool;
let spare: Pool; // for the refusal, rollback and large checks
const now = new Date();
let liveResult: { clubIds: string[] };
const liveProgress: string[] = [];

beforeAll(async () => {
  const dbs = await Promise.all([createTestDatabase(), createTestDatabase(), createTestDatabase(), createTestDatabase()]);
  [live, fixedA, fixedB, spare] = [dbs[0].pool, dbs[1].pool, dbs[2].pool, dbs[3].pool];
  liveResult = await seedDemo(live, { size: 'small', today: now, onProgress: (m) => liveProgress.push(m) });
  await seedDemo(fixedA, { size: 'small', today: FIXED_TODAY });
  await seedDemo(fixedB, { size: 'small', today: FIXED_TODAY });
});

async function rows<T = Record<string, unknown>>(pool: Pool, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await pool.query(sql, params)).rows as T[];
}

/** value of a single-row, single-column query */
async function one<T = unknown>(pool: Pool, sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await rows(pool, sql, params);
  return Object.values(row!)[0] as T;
}

/** { club_id: { key: count } } for a `SELECT club_id, key, count(*) ... GROUP BY 1, 2` query */
async function countsBy(pool: Pool, sql: string, params: unknown[] = []): Promise<Record<string, Record<string, number>>> {
  const out: Record<string, Record<string, number>> = {};
  for (const r of await rows<{ club_id: string; key: string; n: string }>(pool, sql, params)) {
    (out[r.club_id] ??= {})[r.key] = Number(r.n);
  }
  return out;
}

describe('seedDemo small', () => {
  it('makes two clubs in different timezones and billing models, with fixed ids', async () => {
    expect(liveResult.clubIds).toEqual([NY, MAD]);
    const clubs = await rows(
      live,
      `SELECT club_id, name, timezone, billing_model, api_access, waiver_version_required, waiver_validity::text AS validity
       FROM clubs ORDER BY created_at, club_id`,
    );
    // NY first: `npm start` makes its demo key for the oldest club.
    expect(clubs).toEqual([
      { club_id: NY, name: 'Hudson Racquet Club', timezone: 'America/New_York', billing_model: 'subscriptions', api_access: true, waiver_version_required: 2, validity: '365 days' },
      { club_id: MAD, name: 'Club de Pádel Retiro', timezone: 'Europe/Madrid', billing_model: 'legacy', api_access: true, waiver_version_required: 1, validity: '730 days' },
    ]);
    // Each line: the club, the step, the rate of the batched ones, and the time since the club began.
    expect(liveProgress.some((m) => new RegExp(`^${NY}: customers 2000/2000 \\([\\d,]+/s\\) \\[\\d+\\.\\d s\\]$`).test(m))).toBe(true);
    expect(liveProgress.some((m) => /^club_demo_mad: bookings \d+\/\d+ \([\d,]+\/s\) \[\d+\.\d s\]$/.test(m))).toBe(true);
  });

  it('has about 2,000 customers per club, some archived, each e-mail unique in its club', async () => {
    const stats = await rows<{ club_id: string; n: string; archived: string; emails: string }>(
      live,
      `SELECT club_id, count(*) AS n, count(archived_at) AS archived, count(DISTINCT lower(email)) AS emails
       FROM customers GROUP BY club_id ORDER BY club_id`,
    );
    for (const s of stats) {
      expect(Number(s.n)).toBe(2000);
      expect(Number(s.archived)).toBeGreaterThan(50);
      expect(Number(s.emails)).toBe(2000);
    }
    expect(stats.map((s) => s.club_id).sort()).toEqual([...CLUBS].sort());
  });

  it('derives ids from the row number, not chance', async () => {
    const id = await one<string>(live, `SELECT 'cus_' || substr(md5('club_demo_ny:customer:1'), 1, 24)`);
    expect(await one(live, `SELECT email FROM customers WHERE club_id = $1 AND id = $2`, [NY, id])).toMatch(/1@/);
  });

  it('gives the subscriptions club every subscription state, the legacy club memberships that are active or expired', async () => {
    const by = await countsBy(live, `SELECT club_id, status AS key, count(*) AS n FROM subscriptions GROUP BY 1, 2`);
    expect(Object.keys(by[NY]!).sort()).toEqual(['active', 'canceled', 'ended', 'expired', 'past_due', 'trialing']);
    expect(Object.keys(by[MAD]!).sort()).toEqual(['active', 'expired']);
    // Billing-engine fields only where there is a billing engine.
    expect(
      Number(await one(live, `SELECT count(*) FROM subscriptions WHERE club_id = $1 AND (next_payment_at IS NOT NULL OR trial_end IS NOT NULL)`, [MAD])),
    ).toBe(0);
    const ny = (
      await rows<Record<string, string>>(
        live,
        `SELECT count(*) FILTER (WHERE status = 'trialing' AND trial_end > now()) AS trials,
                count(*) FILTER (WHERE status = 'active' AND cancel_at_period_end) AS cancelling,
                count(*) FILTER (WHERE frozen_until IS NOT NULL) AS frozen,
                count(*) FILTER (WHERE status = 'canceled' AND canceled_at IS NULL) AS canceled_without_time,
                count(DISTINCT type) AS types
         FROM subscriptions WHERE club_id = $1`,
        [NY],
      )
    )[0]!;
    expect(Number(ny.trials)).toBeGreaterThan(0);
    expect(Number(ny.cancelling)).toBeGreaterThan(0);
    expect(Number(ny.frozen)).toBeGreaterThan(0);
    expect(Number(ny.canceled_without_time)).toBe(0);
    expect(Number(ny.types)).toBe(3);
  });

  it('has confirmed and canceled bookings, and bookings on several courts', async () => {
    const by = await countsBy(live, `SELECT club_id, status AS key, count(*) AS n FROM bookings GROUP BY 1, 2`);
    for (const club of CLUBS) {
      expect(by[club]!.confirmed).toBeGreaterThan(1000);
      expect(by[club]!.canceled).toBeGreaterThan(50);
    }
    expect(
      Number(await one(live, `SELECT count(*) FROM bookings WHERE (status = 'canceled') <> (canceled_at IS NOT NULL)`)),
    ).toBe(0);
    const multi = await countsBy(
      live,
      `SELECT b.club_id, (count(DISTINCT s.space_id) > 1)::text AS key, count(*) AS n
       FROM bookings b JOIN booking_spaces s ON s.club_id = b.club_id AND s.booking_id = b.id
       GROUP BY b.club_id, b.id HAVING count(DISTINCT s.space_id) > 1`,
    );
    for (const club of CLUBS) expect(Object.keys(multi)).toContain(club);
    // A booking spans exactly the times of its courts, and some courts have times of their own.
    expect(
      Number(
        await one(
          live,
          `SELECT count(*) FROM bookings b
           CROSS JOIN LATERAL (SELECT min(starts_at) AS s, max(ends_at) AS e FROM booking_spaces x
                               WHERE x.club_id = b.club_id AND x.booking_id = b.id) x
           WHERE x.s IS DISTINCT FROM b.starts_at OR x.e IS DISTINCT FROM b.ends_at`,
        ),
      ),
    ).toBe(0);
    expect(
      Number(await one(live, `SELECT count(*) FROM booking_spaces s JOIN bookings b ON b.club_id = s.club_id AND b.id = s.booking_id WHERE s.starts_at > b.starts_at`)),
    ).toBeGreaterThan(0);
  });

  it('has every kind of programming, multi-day events with a session per day, hosts, tags and canceled events', async () => {
    const types = await countsBy(live, `SELECT club_id, event_type AS key, count(*) AS n FROM events GROUP BY 1, 2`);
    for (const club of CLUBS) {
      expect(Object.keys(types[club]!).sort()).toEqual(['camp', 'clinic', 'league', 'lesson', 'open_play', 'social', 'tournament']);
    }
    const tournaments = await rows<{ club_id: string; days: string; consecutive: boolean; slots: string; spaces: string }>(
      live,
      `SELECT e.club_id, count(DISTINCT s.business_date) AS days,
              max(s.business_date) - min(s.business_date) = count(DISTINCT s.business_date) - 1 AS consecutive,
              (SELECT count(*) FROM event_time_slots t WHERE t.club_id = e.club_id AND t.event_id = e.id) AS slots,
              (SELECT count(*) FROM event_time_slots t JOIN event_time_slot_spaces ts ON ts.club_id = t.club_id AND ts.time_slot_id = t.id
                WHERE t.club_id = e.club_id AND t.event_id = e.id) AS spaces
       FROM events e JOIN event_sessions s ON s.club_id = e.club_id AND s.event_id = e.id
       WHERE e.event_type = 'tournament' GROUP BY e.club_id, e.id`,
    );
    for (const club of CLUBS) {
      const three = tournaments.find((t) => t.club_id === club && Number(t.days) === 3);
      expect(three?.consecutive).toBe(true);
      expect(Number(three!.slots)).toBeGreaterThan(3);
      expect(Number(three!.spaces)).toBeGreaterThan(Number(three!.slots));
    }
    const stats = await rows<Record<string, string>>(
      live,
      `SELECT count(*) FILTER (WHERE canceled_at IS NOT NULL) AS canceled,
              count(*) FILTER (WHERE host_customer_id IS NULL) AS without_host,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM event_sessions s WHERE s.club_id = e.club_id AND s.event_id = e.id)) AS without_sessions,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM event_tags t WHERE t.club_id = e.club_id AND t.event_id = e.id)) AS tagged,
              count(*) FILTER (WHERE (SELECT count(*) FROM event_sessions s WHERE s.club_id = e.club_id AND s.event_id = e.id) > 1
                                 AND event_type = 'league') AS leagues
       FROM events e GROUP BY club_id`,
    );
    for (const s of stats) {
      expect(Number(s.canceled)).toBeGreaterThan(2);
      expect(Number(s.without_host)).toBe(0);
      expect(Number(s.without_sessions)).toBe(0);
      expect(Number(s.tagged)).toBeGreaterThan(50);
      expect(Number(s.leagues)).toBe(2);
    }
    // Every session has at least one time slot on at least one court.
    expect(
      Number(
        await one(
          live,
          `SELECT count(*) FROM event_sessions s WHERE NOT EXISTS (
             SELECT 1 FROM event_time_slots t JOIN event_time_slot_spaces ts ON ts.club_id = t.club_id AND ts.time_slot_id = t.id
             WHERE t.club_id = s.club_id AND t.event_id = s.event_id AND t.business_date = s.business_date)`,
        ),
      ),
    ).toBe(0);
  });

  it('has removed and checked-in participants, each customer once per roster, never over capacity', async () => {
    const by = await countsBy(
      live,
      `SELECT club_id, CASE WHEN removed_at IS NOT NULL THEN 'removed' ELSE check_in_status END AS key, count(*) AS n
       FROM participants GROUP BY 1, 2`,
    );
    for (const club of CLUBS) {
      expect(Object.keys(by[club]!).sort()).toEqual(['checked_in', 'no_show', 'not_checked_in', 'removed']);
    }
    expect(
      Number(await one(live, `SELECT count(*) FROM (SELECT 1 FROM participants GROUP BY club_id, event_id, customer_id HAVING count(*) > 1) x`)),
    ).toBe(0);
    expect(
      Number(
        await one(
          live,
          `SELECT count(*) FROM events e WHERE (SELECT count(*) FROM participants p
             WHERE p.club_id = e.club_id AND p.event_id = e.id AND p.removed_at IS NULL) > e.max_participants`,
        ),
      ),
    ).toBe(0);
    // Check-ins only for events that have begun and were not canceled.
    expect(
      Number(
        await one(
          live,
          `SELECT count(*) FROM participants p JOIN events e ON e.club_id = p.club_id AND e.id = p.event_id
           WHERE p.check_in_status <> 'not_checked_in'
             AND (e.canceled_at IS NOT NULL OR p.removed_at IS NOT NULL OR NOT EXISTS (
                  SELECT 1 FROM event_sessions s WHERE s.club_id = e.club_id AND s.event_id = e.id AND s.starts_at < $1))`,
          [now],
        ),
      ),
    ).toBe(0);
  });

  it('has archived coaches, spaces in categories with every visibility, tags and maintenance blocks', async () => {
    const stats = await rows<Record<string, string>>(
      live,
      `SELECT c.club_id,
              (SELECT count(*) FROM coaches x WHERE x.club_id = c.club_id AND x.status = 'archived') AS archived_coaches,
              (SELECT count(*) FROM coaches x WHERE x.club_id = c.club_id AND x.status = 'active') AS active_coaches,
              (SELECT count(*) FROM space_categories x WHERE x.club_id = c.club_id) AS categories,
              (SELECT count(DISTINCT visibility) FROM spaces x WHERE x.club_id = c.club_id) AS visibilities,
              (SELECT count(*) FROM tags x WHERE x.club_id = c.club_id) AS tags,
              (SELECT count(*) FROM maintenance_blocks x WHERE x.club_id = c.club_id) AS maintenance
       FROM clubs c`,
    );
    expect(stats).toHaveLength(2);
    for (const s of stats) {
      expect(Number(s.archived_coaches)).toBeGreaterThan(0);
      expect(Number(s.active_coaches)).toBeGreaterThan(4);
      expect(Number(s.categories)).toBeGreaterThan(1);
      expect(Number(s.visibilities)).toBe(3);
      expect(Number(s.tags)).toBeGreaterThan(5);
      expect(Number(s.maintenance)).toBeGreaterThan(2);
    }
  });

  it('has valid, invalidated (by staff and by an old version) and expired waiver signatures', async () => {
    // The contract's rule (docs/api.md "Resources", waiver status), applied at the seed's today.
    const by = await countsBy(
      live,
      `SELECT w.club_id,
              CASE WHEN w.invalidated_at IS NOT NULL THEN 'invalidated_by_staff'
                   WHEN w.waiver_version < c.waiver_version_required THEN 'invalidated_by_version'
                   WHEN w.signed_at + c.waiver_validity < $1 THEN 'expired'
                   ELSE 'valid' END AS key,
              count(*) AS n
       FROM waiver_signatures w JOIN clubs c USING (club_id) GROUP BY 1, 2`,
      [now],
    );
    expect(Object.keys(by[NY]!).sort()).toEqual(['expired', 'invalidated_by_staff', 'invalidated_by_version', 'valid']);
    expect(Object.keys(by[MAD]!).sort()).toEqual(['expired', 'invalidated_by_staff', 'valid']);
    expect(Number(await one(live, `SELECT count(*) FROM waiver_signatures WHERE signed_for_minor`))).toBeGreaterThan(0);
  });

  it('has orders with several line items and a ledger whose refunds are negative and later than their charge', async () => {
    const stats = await rows<Record<string, string>>(
      live,
      `WITH items AS (
         SELECT club_id, order_id, count(*) AS n, sum(quantity * unit_amount) AS total FROM order_line_items GROUP BY 1, 2
       ), ledger AS (
         SELECT club_id, order_id, sum(amount) AS net FROM transactions GROUP BY 1, 2
       )
       SELECT o.club_id,
              count(*) FILTER (WHERE i.n > 1) AS multi,
              count(DISTINCT o.status) AS statuses,
              count(*) FILTER (WHERE o.status = 'paid' AND l.net IS DISTINCT FROM i.total) AS unbalanced,
              count(*) FILTER (WHERE o.status = 'refunded' AND l.net <> 0) AS not_refunded,
              count(*) FILTER (WHERE o.status IN ('open', 'void') AND l.net IS NOT NULL) AS charged_unpaid
       FROM orders o
       JOIN items i ON i.club_id = o.club_id AND i.order_id = o.id
       LEFT JOIN ledger l ON l.club_id = o.club_id AND l.order_id = o.id
       GROUP BY o.club_id`,
    );
    for (const s of stats) {
      expect(Number(s.multi)).toBeGreaterThan(100);
      expect(Number(s.statuses)).toBe(5);
      expect(Number(s.unbalanced)).toBe(0);
      expect(Number(s.not_refunded)).toBe(0);
      expect(Number(s.charged_unpaid)).toBe(0);
    }
    const refunds = await rows<{ club_id: string; refunds: string; early: string }>(
      live,
      `SELECT r.club_id, count(*) AS refunds,
              count(*) FILTER (WHERE r.created_at <= (SELECT max(c.created_at) FROM transactions c
                                                      WHERE c.club_id = r.club_id AND c.order_id = r.order_id AND c.amount > 0)) AS early
       FROM transactions r WHERE r.amount < 0 GROUP BY r.club_id ORDER BY r.club_id`,
    );
    expect(refunds).toHaveLength(2);
    for (const r of refunds) {
      expect(Number(r.refunds)).toBeGreaterThan(50);
      expect(Number(r.early)).toBe(0);
    }
  });

  it('gives every session and booking the club-local date of its start, within opening hours', async () => {
    for (const table of ['event_sessions', 'event_time_slots', 'bookings']) {
      const [r] = await rows<Record<string, string>>(
        live,
        `SELECT count(*) FILTER (WHERE (t.starts_at AT TIME ZONE c.timezone)::date <> t.business_date) AS wrong_date,
                count(*) FILTER (WHERE (t.starts_at AT TIME ZONE c.timezone)::time < '07:00'
                                    OR (t.ends_at AT TIME ZONE c.timezone)::time > '23:00'
                                    OR (t.ends_at AT TIME ZONE c.timezone)::date <> t.business_date) AS odd_hours,
                count(*) AS n
         FROM ${table} t JOIN clubs c USING (club_id)`,
      );
      expect({ table, wrong: Number(r!.wrong_date), odd: Number(r!.odd_hours) }).toEqual({ table, wrong: 0, odd: 0 });
      expect(Number(r!.n)).toBeGreaterThan(100);
    }
  });

  it('never puts two things on one court at once (bookings, event slots, maintenance)', async () => {
    const clashes = await rows(
      live,
      `WITH occ AS (
         SELECT club_id, space_id, tstzrange(starts_at, ends_at) AS r, 'booking ' || booking_id AS who FROM booking_spaces
         UNION ALL
         SELECT t.club_id, ts.space_id, tstzrange(t.starts_at, t.ends_at), 'event ' || t.event_id
         FROM event_time_slots t JOIN event_time_slot_spaces ts ON ts.club_id = t.club_id AND ts.time_slot_id = t.id
         UNION ALL
         SELECT club_id, space_id, tstzrange(starts_at, ends_at), 'maintenance ' || id FROM maintenance_blocks
       )
       SELECT a.who, b.who AS other FROM occ a JOIN occ b
         ON a.club_id = b.club_id AND a.space_id = b.space_id AND a.who < b.who AND a.r && b.r
       LIMIT 5`,
    );
    expect(clashes).toEqual([]);
  });

  it('has bookings, rosters and orders only from customers who had joined and are not archived', async () => {
    const bad = await rows<{ what: string; n: string }>(
      live,
      `SELECT 'booking' AS what, count(*) AS n FROM bookings x JOIN customers c ON c.club_id = x.club_id AND c.id = x.customer_id
         WHERE x.created_at < c.first_became_customer_at OR c.archived_at IS NOT NULL
       UNION ALL
       SELECT 'participant', count(*) FROM participants x JOIN customers c ON c.club_id = x.club_id AND c.id = x.customer_id
         WHERE x.joined_at < c.first_became_customer_at OR c.archived_at IS NOT NULL
       UNION ALL
       SELECT 'order', count(*) FROM orders x JOIN customers c ON c.club_id = x.club_id AND c.id = x.customer_id
         WHERE x.created_at < c.first_became_customer_at OR c.archived_at IS NOT NULL
       UNION ALL
       SELECT 'host', count(*) FROM events x JOIN customers c ON c.club_id = x.club_id AND c.id = x.host_customer_id
         WHERE c.archived_at IS NOT NULL
       UNION ALL
       SELECT 'waiver', count(*) FROM waiver_signatures x JOIN customers c ON c.club_id = x.club_id AND c.id = x.customer_id
         WHERE x.signed_at < c.first_became_customer_at OR x.signed_at > coalesce(c.archived_at, 'infinity')`,
    );
    expect(bad.map((r) => `${r.what}: ${r.n}`)).toEqual(['booking: 0', 'participant: 0', 'order: 0', 'host: 0', 'waiver: 0']);
  });

  it('has schedule items on today, club-local, in each club', async () => {
    const today = await rows<{ club_id: string; sessions: string; bookings: string }>(
      live,
      `SELECT c.club_id,
              (SELECT count(*) FROM event_sessions s WHERE s.club_id = c.club_id AND s.business_date = ($1::timestamptz AT TIME ZONE c.timezone)::date) AS sessions,
              (SELECT count(*) FROM bookings b WHERE b.club_id = c.club_id AND b.status = 'confirmed'
                 AND b.business_date = ($1::timestamptz AT TIME ZONE c.timezone)::date) AS bookings
       FROM clubs c ORDER BY c.club_id`,
      [now],
    );
    expect(today).toHaveLength(2);
    for (const t of today) {
      expect(Number(t.sessions)).toBeGreaterThan(0);
      expect(Number(t.bookings)).toBeGreaterThan(0);
    }
    // And the schedule spans the weeks around today.
    const span = await rows<{ back: number; ahead: number }>(
      live,
      `SELECT ($1::timestamptz AT TIME ZONE 'America/New_York')::date - min(business_date) AS back,
              max(business_date) - ($1::timestamptz AT TIME ZONE 'America/New_York')::date AS ahead
       FROM event_sessions WHERE club_id = $2`,
      [now, NY],
    );
    expect(span[0]!.back).toBeGreaterThanOrEqual(21);
    expect(span[0]!.ahead).toBeGreaterThanOrEqual(21);
  });
});

describe('seedDemo determinism and DST', () => {
  const TABLES = [
    'clubs', 'customers', 'products', 'plans', 'subscriptions', 'space_categories', 'spaces', 'tags', 'coaches',
    'events', 'event_tags', 'event_sessions', 'event_time_slots', 'event_time_slot_spaces', 'participants',
    'bookings', 'booking_spaces', 'maintenance_blocks', 'waiver_signatures', 'orders', 'order_line_items', 'transactions',
  ];

  async function fingerprint(pool: Pool): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const table of TABLES) {
      out[table] = await one<string>(pool, `SELECT count(*) || ':' || md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) FROM ${table} t`);
    }
    return out;
  }

  it('gives identical rows, ids included, for the same today in two databases', async () => {
    const [a, b] = await Promise.all([fingerprint(fixedA), fingerprint(fixedB)]);
    expect(a).toEqual(b);
    expect(a.bookings).toMatch(/^[1-9]\d+:/);
    // ...and a different today moves the data.
    const l = await fingerprint(live);
    expect(l.bookings).not.toEqual(a.bookings);
  });

  it('keeps club-local times across daylight-saving changes', async () => {
    // Open play is 13:00 in New York and 12:30 in Madrid every day; the UTC time moves with DST.
    const sessions = await rows<{ club_id: string; business_date: string; local: string }>(
      fixedA,
      `SELECT e.club_id, s.business_date::text, cd_local(s.starts_at, c.timezone) AS local
       FROM event_sessions s JOIN events e ON e.club_id = s.club_id AND e.id = s.event_id JOIN clubs c ON c.club_id = e.club_id
       WHERE e.event_type = 'open_play' AND e.title IN ('Pickleball Open Play', 'Juego libre')
         AND s.business_date IN ('2026-03-06', '2026-03-10', '2026-03-27', '2026-03-30')
       ORDER BY e.club_id, s.business_date`,
    );
    expect(sessions.map((s) => s.local)).toEqual([
      '2026-03-06T12:30:00+01:00',
      '2026-03-10T12:30:00+01:00',
      '2026-03-27T12:30:00+01:00',
      '2026-03-30T12:30:00+02:00',
      '2026-03-06T13:00:00-05:00',
      '2026-03-10T13:00:00-04:00',
      '2026-03-27T13:00:00-04:00',
      '2026-03-30T13:00:00-04:00',
    ]);
  });
});

describe('seedDemo refusals, atomicity and the large size', () => {
  it('refuses a second seed and changes nothing', async () => {
    const before = await one(live, 'SELECT count(*) FROM bookings');
    const error = await seedDemo(live, { size: 'small' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DemoExistsError);
    expect((error as Error).message).toMatch(/club_demo_mad, club_demo_ny exists/);
    expect(await one(live, 'SELECT count(*) FROM bookings')).toBe(before);
    expect(await one(live, 'SELECT count(*) FROM clubs')).toBe('2');
  });

  it('refuses when only one demo club exists, adding nothing', async () => {
    await spare.query(`INSERT INTO clubs (club_id, name, timezone) VALUES ($1, 'Somebody else', 'Europe/Madrid')`, [MAD]);
    await expect(seedDemo(spare, { size: 'small' })).rejects.toThrow(/club_demo_mad exists/);
    expect(await one(spare, 'SELECT count(*) FROM clubs')).toBe('1');
    expect(await one(spare, 'SELECT count(*) FROM customers')).toBe('0');
  });

  it('rolls a failed club back whole', async () => {
    // More bookings than the courts can hold fails after customers and events were written.
    await expect(
      seedDemo(spare, { size: 'large', counts: { customers: 2000, bookings: 50_000_000 } }),
    ).rejects.toThrow(/its courts hold only \d+ bookings/);
    expect(await one(spare, `SELECT count(*) FROM clubs WHERE club_id = 'club_demo_large'`)).toBe('0');
    expect(await one(spare, `SELECT count(*) FROM customers`)).toBe('0');
    expect(await one(spare, `SELECT count(*) FROM events`)).toBe('0');
  });

  it('makes one large club with exactly the asked customers and bookings, reaching back in time (small counts)', async () => {
    const progress: string[] = [];
    const result = await seedDemo(spare, {
      size: 'large',
      today: FIXED_TODAY,
      counts: { customers: 3000, bookings: 30_000 },
      onProgress: (m) => progress.push(m),
    });
    expect(result.clubIds).toEqual(['club_demo_large']);
    expect(progress.some((m) => m.startsWith('club_demo_large: customers 3000/3000 ('))).toBe(true);
    // Several batches: each before the last gives an estimate of the time left.
    expect(progress.some((m) => /^club_demo_large: bookings 25000\/30000 \([\d,]+\/s, about \d+ s left\)/.test(m))).toBe(true);
    expect(progress.some((m) => m.startsWith('club_demo_large: bookings 30000/30000 ('))).toBe(true);
    const [s] = await rows<Record<string, string>>(
      spare,
      `SELECT (SELECT timezone FROM clubs WHERE club_id = 'club_demo_large') AS tz,
              (SELECT count(*) FROM customers WHERE club_id = 'club_demo_large') AS customers,
              (SELECT count(*) FROM bookings WHERE club_id = 'club_demo_large') AS bookings,
              (SELECT min(business_date)::text FROM bookings WHERE club_id = 'club_demo_large') AS first_day,
              (SELECT count(*) FROM bookings b WHERE club_id = 'club_demo_large'
                 AND (b.starts_at AT TIME ZONE 'America/Chicago')::date <> b.business_date) AS wrong_date,
              (SELECT count(*) FROM events WHERE club_id = 'club_demo_large') AS events`,
    );
    expect(s).toMatchObject({ tz: 'America/Chicago', customers: '3000', bookings: '30000', wrong_date: '0' });
    expect(s!.first_day! < '2026-02-01').toBe(true); // more than the ±4 weeks of events
    expect(Number(s!.events)).toBeGreaterThan(100);
  });
});
