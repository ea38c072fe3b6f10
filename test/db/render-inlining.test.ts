// The performance rules of sql/README.md ("Writing a function", "Renderers"), checked without
// timing anything: every renderer, with its leaf helpers (cd_utc, cd_local, cd_date), is inlined
// into the plan that calls it, the signal triggers' included, and schedule
// items take the club's timezone from the club row rather than from a function call per item
// (sql/1-render/cd_render_event_schedule_item.sql). With track_functions = 'all', PostgreSQL
// counts each call of a SQL function that really runs as a call; an inlined one is part of its
// caller's plan and never shows up in pg_stat_xact_user_functions. The benchmark
// (bench/read-api.ts) found the schedule spending over half its time in such calls. A delivery
// claim, which the workers make thousands of times a second, runs no helper as a call and plans
// its statements once per session (auto_explain shows the plans it runs).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../src/db/pool.ts';
import { fanOutSignal } from '../../src/db/deliveries.ts';
import { insertBooking, insertCustomer, insertEvent, insertParticipant, insertSession, insertSpace } from '../fixtures.ts';
import { createTestDatabase, insertClub, testSecretBox } from '../helper.ts';
import { endpointsWithSignals } from '../workers/pipeline-helper.ts';

let pool: Pool;
let clubId: string;

// One club day in America/Chicago (-05:00 in July): 2026-07-10 00:00 to 2026-07-11 00:00.
const DAY_START = '2026-07-10T05:00:00Z';
const DAY_END = '2026-07-11T05:00:00Z';

beforeAll(async () => {
  ({ pool } = await createTestDatabase());
  clubId = (await insertClub(pool, { timezone: 'America/Chicago' })).id;
  const host = await insertCustomer(pool, clubId, { firstName: 'Hana', lastName: 'Host' });
  const court1 = await insertSpace(pool, clubId, { name: 'Court 1', position: 1 });
  const court2 = await insertSpace(pool, clubId, { name: 'Court 2', position: 2 });
  const clinic = await insertEvent(pool, clubId, { title: 'Clinic', hostCustomerId: host });
  await insertSession(pool, clubId, {
    eventId: clinic,
    businessDate: '2026-07-10',
    start: '2026-07-10T14:00:00Z',
    end: '2026-07-10T15:00:00Z',
    spaceIds: [court1, court2],
  });
  await insertParticipant(pool, clubId, { eventId: clinic, customerId: host });
  for (const hour of [16, 17, 18]) {
    await insertBooking(pool, clubId, {
      customerId: host,
      title: 'Court hire',
      businessDate: '2026-07-10',
      start: `2026-07-10T${hour}:00:00Z`,
      end: `2026-07-10T${hour + 1}:00:00Z`,
      spaces: [{ spaceId: court1, start: `2026-07-10T${hour}:00:00Z`, end: `2026-07-10T${hour + 1}:00:00Z` }],
    });
  }
});

/** Calls of each of our SQL functions that ran as a call while `sql` ran (in a transaction of its own). */
async function functionCalls(sql: string, params: unknown[] = []): Promise<Record<string, number>> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL track_functions = 'all'`);
    // Twice: the second run uses the plans PL/pgSQL cached in the first.
    await client.query(sql, params);
    await client.query(sql, params);
    const { rows } = await client.query<{ funcname: string; calls: number }>(
      'SELECT funcname, calls::int AS calls FROM pg_stat_xact_user_functions',
    );
    return Object.fromEntries(rows.map((row) => [row.funcname, row.calls]));
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}


describe('schedule items', () => {
  it('take the club timezone from the club row and keep cd_local inlined', async () => {
    const calls = await functionCalls('SELECT cd_schedule_items($1, $2::timestamptz, $3::timestamptz, false)', [clubId, DAY_START, DAY_END]);
    // The renderers did run (two runs: 2 x 3 reservations, 2 x 1 session), so the absence below means something.
    expect(calls.cd_render_reservation_schedule_item).toBe(6);
    expect(calls.cd_render_event_schedule_item).toBe(2);
    expect(calls.cd_local).toBeUndefined();
  });

  it('are rendered in the club’s local time with its offset', async () => {
    const { rows } = await pool.query<{ items: { start: string; end: string; type: string }[] }>(
      'SELECT cd_schedule_items($1, $2::timestamptz, $3::timestamptz, false) AS items',
      [clubId, DAY_START, DAY_END],
    );
    expect(rows[0]!.items.map((item) => [item.type, item.start, item.end])).toEqual([
      ['event', '2026-07-10T09:00:00-05:00', '2026-07-10T10:00:00-05:00'],
      ['reservation', '2026-07-10T11:00:00-05:00', '2026-07-10T12:00:00-05:00'],
      ['reservation', '2026-07-10T12:00:00-05:00', '2026-07-10T13:00:00-05:00'],
      ['reservation', '2026-07-10T13:00:00-05:00', '2026-07-10T14:00:00-05:00'],
    ]);
  });
});

const OURS = /^cd_(render_|utc$|local$|date$|waiver_status$|event_participant_count$|subscription_is_current$)/;

/** The renderers and helpers that ran as calls, by name (none when each was inlined). */
const renderCalls = (calls: Record<string, number>) => Object.keys(calls).filter((name) => OURS.test(name) && !CALLED.includes(name));
// PL/pgSQL by design, what they call inlined: the schedule's item renderers, one call per item
// (checked above), cd_render_resources, one call per batch of resources, and cd_render_rows, one
// call per statement's old rows.
const CALLED = ['cd_render_event_schedule_item', 'cd_render_reservation_schedule_item', 'cd_render_resources', 'cd_render_rows'];

describe('every renderer is inlined into its caller’s plan, with its helpers (sql/README.md, "Renderers")', () => {
  const cases: [renderer: string, sql: string][] = [
    ['cd_render_booking', 'SELECT json_agg((SELECT r FROM cd_render_booking(t) r)) AS rendered FROM bookings t WHERE t.club_id = $1'],
    ['cd_render_event', 'SELECT json_agg((SELECT r FROM cd_render_event(t) r)) AS rendered FROM events t WHERE t.club_id = $1'],
    ['cd_render_participant', 'SELECT json_agg((SELECT r FROM cd_render_participant(t) r)) AS rendered FROM participants t WHERE t.club_id = $1'],
    ['cd_render_customer', 'SELECT json_agg((SELECT r FROM cd_render_customer(t, true) r)) AS rendered FROM customers t WHERE t.club_id = $1'],
    ['cd_render_resources', `SELECT json_agg(r.rendered) AS rendered FROM (SELECT array_agg(kind) AS kinds, array_agg(club_id) AS clubs, array_agg(id) AS ids
       FROM (SELECT 'booking' AS kind, club_id, id FROM bookings UNION ALL SELECT 'event', club_id, id FROM events
             UNION ALL SELECT 'customer', club_id, id FROM customers UNION ALL SELECT 'participant', club_id, id FROM participants) k
      WHERE club_id = $1) a, cd_render_resources(a.kinds, a.clubs, a.ids) r`],
    ['cd_render_rows', `SELECT json_agg(r.rendered) AS rendered FROM (
       SELECT 'booking' AS kind, ARRAY(SELECT t::text FROM bookings t WHERE t.club_id = $1) AS resource_rows
       UNION ALL SELECT 'event', ARRAY(SELECT t::text FROM events t WHERE t.club_id = $1)
       UNION ALL SELECT 'customer', ARRAY(SELECT t::text FROM customers t WHERE t.club_id = $1)
       UNION ALL SELECT 'participant', ARRAY(SELECT t::text FROM participants t WHERE t.club_id = $1)) k,
      cd_render_rows(k.kind, k.resource_rows) r`],
    ['cd_schedule_items', `SELECT cd_schedule_items($1, '${DAY_START}'::timestamptz, '${DAY_END}'::timestamptz, false) AS rendered`],
  ];
  it.each(cases)('%s', async (_renderer, sql) => {
    const calls = await functionCalls(sql, [clubId]);
    expect(renderCalls(calls)).toEqual([]);
    // It did render: the club has one or more of each.
    const { rows } = await pool.query<{ rendered: unknown[] | null }>(sql, [clubId]);
    expect(rows[0]!.rendered).not.toBeNull();
  });

  it('in the signal triggers: no renderer runs as a call, at a first touch or in the commit-time pass', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL track_functions = 'all'`);
      const { rows: last } = await client.query<{ n: number }>('SELECT coalesce(max(sequence), 0)::int AS n FROM signals WHERE club_id = $1', [clubId]);
      await client.query(`UPDATE bookings SET title = 'Renamed' WHERE club_id = $1`, [clubId]);
      await client.query(`UPDATE events SET title = 'Renamed' WHERE club_id = $1`, [clubId]);
      await client.query(`UPDATE customers SET first_name = 'Renamed' WHERE club_id = $1`, [clubId]);
      await client.query('SET CONSTRAINTS ALL IMMEDIATE'); // the commit-time pass
      const { rows } = await client.query<{ funcname: string; calls: number }>(
        'SELECT funcname, calls::int AS calls FROM pg_stat_xact_user_functions',
      );
      const calls = Object.fromEntries(rows.map((row) => [row.funcname, row.calls]));
      // Both ran: each statement touched what it changed (three bookings, an event and a
      // customer) after it, from its old rows, and one pass emitted. (The counts of this
      // transaction can include calls of an earlier one not yet reported: at least.)
      expect(calls.tg__signal_touch_rows).toBeGreaterThanOrEqual(3);
      expect(calls.cd_render_rows).toBeGreaterThanOrEqual(3);
      expect(calls.cd_emit_signals).toBe(1);
      expect(renderCalls(calls)).toEqual([]);
      const { rows: emitted } = await client.query<{ type: string }>('SELECT type FROM signals WHERE club_id = $1 AND sequence > $2', [clubId, last[0]!.n]);
      expect(emitted.map((row) => row.type).sort()).toEqual(['booking.updated', 'booking.updated', 'booking.updated', 'customer.updated', 'event.updated']);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

/** An endpoint made now, with `count` deliveries pending: the signals of as many new customers. */
async function pendingDeliveries(count: number) {
  const { endpoints, sequences } = await endpointsWithSignals(pool, testSecretBox(), clubId, 1, count);
  for (const sequence of sequences) await fanOutSignal(pool, clubId, sequence);
  return endpoints[0]!;
}

describe('a delivery claim', () => {
  it('runs no helper as a call of its own: the row describing the lane is part of the claim’s plan', async () => {
    const endpoint = await pendingDeliveries(3);
    // A claim of 2 of the 3 pending: the lane row then says whether others are left, which it
    // counts; as an argument of the row's helper that count made the helper run (and be planned)
    // as a call at every claim.
    const calls = await functionCalls(
      `SELECT * FROM cd_claim_lanes(ARRAY[$1], ARRAY[$2], ARRAY[2], ARRAY[30000]::float8[], ARRAY[0]::bigint[], ARRAY['holder'],
                                    ARRAY[false], ARRAY[NULL]::float8[], '{{0}}'::bigint[])`,
      [clubId, endpoint.id],
    );
    expect(calls.cd_claim_lane).toBe(2);
    expect(calls.cd_claim_lane_row).toBeUndefined();
  });

  it('plans its statements once per session, for any values, whatever the statistics say', async () => {
    const endpoint = await pendingDeliveries(3);
    const client = await pool.connect();
    try {
      // With fresh statistics of a busy lane, PL/pgSQL kept planning each statement of a claim
      // anew at every call (a custom plan, kept while the generic one looks dearer): most of a
      // claim's time (sql/README.md, "Writing a function"). This session asks for exactly that.
      await client.query(`SET plan_cache_mode = force_custom_plan`);
      // auto_explain shows each statement's plan as it ran: a generic plan names the function's
      // variables as parameters ($n), a custom one has their values written in.
      await client.query(`LOAD 'auto_explain'`);
      await client.query(`SET auto_explain.log_min_duration = 0`);
      await client.query(`SET auto_explain.log_nested_statements = on`);
      const plans: string[] = [];
      client.on('notice', (notice: { message?: string }) => plans.push(notice.message ?? ''));
      await client.query(`SET client_min_messages = log`);
      await client.query(
        `SELECT * FROM cd_claim_lanes(ARRAY[$1], ARRAY[$2], ARRAY[1], ARRAY[30000]::float8[], ARRAY[0]::bigint[], ARRAY['holder'],
                                      ARRAY[false], ARRAY[NULL]::float8[], '{{0}}'::bigint[])`,
        [clubId, endpoint.id],
      );
      await client.query(`RESET client_min_messages`);
      const claimed = plans.filter((plan) => plan.includes(`Query Text: SELECT 'claimed'::text`));
      expect(claimed).toHaveLength(1);
      expect(claimed[0]).toMatch(/endpoint_id = \$\d+/);
      expect(claimed[0]).not.toContain(endpoint.id);
    } finally {
      client.release(true);
    }
  });
});
