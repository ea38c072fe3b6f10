// GET /v1/schedule against the real app: club-local days that stay right across the March 2026
// daylight-saving change in America/New_York, inclusive windows of at most 31 days, one item
// per event session, reservation items from confirmed bookings, the type and space_id filters,
// and what never appears (cancelled events and bookings, maintenance blocks, the roster).
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOpenApi } from '../openapi.ts';
import { insertBooking, insertCustomer, insertEvent, insertParticipant, insertSession, insertSpace, NOW } from '../fixtures.ts';
import { bearer, insertClub, setupClubApi, uid } from '../helper.ts';

const t = await setupClubApi({ club: { timezone: 'America/New_York' } });
const { club, get } = t;
const ids: Record<string, string> = {};

/** A session whose single time slot spans it, on the given spaces. Times are instants (UTC). */
const insertEventDay = (clubId: string, eventId: string, businessDate: string, start: string, end: string, spaceIds: string[] = []) =>
  insertSession(t.pool, clubId, { eventId, businessDate, start, end, spaceIds });

// Court hire for three, unless a booking says otherwise.
const COURT_HIRE = { title: 'Court hire', participantCount: 3 } as const;

// America/New_York: -05:00 until 2026-03-08 02:00 local, -04:00 after. UTC instants below.
beforeAll(async () => {
  ids.host = await insertCustomer(t.pool, club.id, { firstName: 'Hana', lastName: 'Host' });
  ids.booker = await insertCustomer(t.pool, club.id, { firstName: 'Bo', lastName: 'Booker' });
  ids.player = await insertCustomer(t.pool, club.id, { firstName: 'Pat', lastName: 'Player' });
  ids.court2 = await insertSpace(t.pool, club.id, { name: 'Court 2', position: 2 });
  ids.court1 = await insertSpace(t.pool, club.id, { name: 'Court 1', position: 1 });

  // A three-day league at 09:00 local, on court 1.
  ids.league = await insertEvent(t.pool, club.id, { title: 'Spring League', maxParticipants: 2, hostCustomerId: ids.host });
  await insertEventDay(club.id, ids.league, '2026-03-07', '2026-03-07T14:00:00Z', '2026-03-07T17:00:00Z', [ids.court1]);
  await insertEventDay(club.id, ids.league, '2026-03-08', '2026-03-08T13:00:00Z', '2026-03-08T16:00:00Z', [ids.court1]);
  await insertEventDay(club.id, ids.league, '2026-03-09', '2026-03-09T13:00:00Z', '2026-03-09T16:00:00Z', [ids.court1]);
  await t.pool.query(`INSERT INTO tags (club_id, id, name) VALUES ($1, 'tag_league', 'League')`, [club.id]);
  await t.pool.query(`INSERT INTO event_tags (club_id, event_id, tag_id) VALUES ($1, $2, 'tag_league')`, [club.id, ids.league]);
  // Three on the roster, one removed: the count is 2 and the item carries no roster.
  const roster: [joinedAt: string, removedAt: string | null][] = [
    ['2026-02-01T00:00:00Z', null],
    ['2026-02-02T00:00:00Z', null],
    ['2026-02-03T00:00:00Z', '2026-02-04T00:00:00Z'],
  ];
  for (const [joinedAt, removedAt] of roster) {
    await insertParticipant(t.pool, club.id, { eventId: ids.league, customerId: ids.player, joinedAt, removedAt });
  }

  // 23:30 local on the 7th is 04:30Z on the 8th: it belongs to the 7th.
  ids.late7 = await insertEvent(t.pool, club.id, { title: 'Late social', hostCustomerId: ids.player });
  await insertEventDay(club.id, ids.late7, '2026-03-07', '2026-03-08T04:30:00Z', '2026-03-08T05:30:00Z');
  // 00:30 local on the 8th (still -05:00) belongs to the 8th.
  ids.early8 = await insertEvent(t.pool, club.id, { title: 'Midnight open play', hostCustomerId: ids.host });
  await insertEventDay(club.id, ids.early8, '2026-03-08', '2026-03-08T05:30:00Z', '2026-03-08T06:00:00Z');
  // 23:30 local on the 8th (-04:00) is 03:30Z on the 9th: it belongs to the 8th.
  ids.late8 = await insertEvent(t.pool, club.id, { title: 'Late social 2', hostCustomerId: ids.host });
  await insertEventDay(club.id, ids.late8, '2026-03-08', '2026-03-09T03:30:00Z', '2026-03-09T04:30:00Z');
  // 00:30 local on the 9th is 04:30Z: within 24 hours of the 8th's midnight (05:00Z), yet the 9th.
  ids.early9 = await insertEvent(t.pool, club.id, { title: 'Early bird', hostCustomerId: ids.host });
  await insertEventDay(club.id, ids.early9, '2026-03-09', '2026-03-09T04:30:00Z', '2026-03-09T05:30:00Z');

  // Two events starting together on the 7th at 11:00 local: ordered by item id.
  ids.tieB = await insertEvent(t.pool, club.id, { title: 'Tie B', id: `evt_${uid()}_b`, hostCustomerId: ids.host });
  ids.tieA = ids.tieB.replace(/_b$/, '_a');
  await insertEvent(t.pool, club.id, { title: 'Tie A', id: ids.tieA, hostCustomerId: ids.host });
  await insertEventDay(club.id, ids.tieB, '2026-03-07', '2026-03-07T16:00:00Z', '2026-03-07T17:00:00Z', [ids.court2]);
  await insertEventDay(club.id, ids.tieA, '2026-03-07', '2026-03-07T16:00:00Z', '2026-03-07T17:00:00Z', [ids.court2]);

  // A court booking at 10:00 local on the 7th: courts 2 and 1 for an hour, then court 2 alone.
  ids.booking = await insertBooking(t.pool, club.id, {
    ...COURT_HIRE,
    customerId: ids.booker,
    businessDate: '2026-03-07',
    start: '2026-03-07T15:00:00Z',
    end: '2026-03-07T17:00:00Z',
    spaces: [
      { spaceId: ids.court2, start: '2026-03-07T15:00:00Z', end: '2026-03-07T16:00:00Z' },
      { spaceId: ids.court1, start: '2026-03-07T15:00:00Z', end: '2026-03-07T16:00:00Z' },
      { spaceId: ids.court2, start: '2026-03-07T16:00:00Z', end: '2026-03-07T17:00:00Z' },
    ],
  });
  // A booking without a title at 10:00 local on the 8th (-04:00).
  ids.booking8 = await insertBooking(t.pool, club.id, {
    ...COURT_HIRE,
    customerId: ids.booker,
    businessDate: '2026-03-08',
    start: '2026-03-08T14:00:00Z',
    end: '2026-03-08T15:00:00Z',
    title: null,
    spaces: [{ spaceId: ids.court2, start: '2026-03-08T14:00:00Z', end: '2026-03-08T15:00:00Z' }],
  });

  // Never in the schedule: a cancelled event, a cancelled booking, a maintenance block.
  ids.canceledEvent = await insertEvent(t.pool, club.id, { title: 'Rained off', canceledAt: NOW, hostCustomerId: ids.host });
  await insertEventDay(club.id, ids.canceledEvent, '2026-03-07', '2026-03-07T18:00:00Z', '2026-03-07T19:00:00Z', [ids.court1]);
  ids.canceledBooking = await insertBooking(t.pool, club.id, {
    ...COURT_HIRE,
    customerId: ids.booker,
    businessDate: '2026-03-07',
    start: '2026-03-07T19:00:00Z',
    end: '2026-03-07T20:00:00Z',
    canceledAt: NOW,
    spaces: [{ spaceId: ids.court1, start: '2026-03-07T19:00:00Z', end: '2026-03-07T20:00:00Z' }],
  });
  await t.pool.query(
    `INSERT INTO maintenance_blocks (club_id, space_id, starts_at, ends_at, reason) VALUES ($1, $2, '2026-03-07T20:00:00Z', '2026-03-07T21:00:00Z', 'Resurfacing')`,
    [club.id, ids.court1],
  );
});

const itemIds = (body: { data: { id: string }[] }) => body.data.map((i) => i.id);
const q = (params: Record<string, string>) => `/v1/schedule?${new URLSearchParams(params).toString()}`;

async function schedule(params: Record<string, string>) {
  const res = await get(q(params));
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expectOpenApi(t.app, '/v1/schedule', 'GET', 200, body);
  expect(body).toMatchObject({ object: 'list', has_more: false, url: '/v1/schedule' });
  return body;
}

describe('GET /v1/schedule: a club-local day', () => {
  it('lists the items starting on the day, ordered by start then id, with the offset of the day', async () => {
    const body = await schedule({ date: '2026-03-07' });
    expect(itemIds(body)).toEqual([
      `${ids.league}_2026-03-07`,
      `${ids.booking}_2026-03-07`,
      `${ids.tieA}_2026-03-07`,
      `${ids.tieB}_2026-03-07`,
      `${ids.late7}_2026-03-07`,
    ]);
    expect(body.data.map((i: { start: string }) => i.start)).toEqual([
      '2026-03-07T09:00:00-05:00',
      '2026-03-07T10:00:00-05:00',
      '2026-03-07T11:00:00-05:00',
      '2026-03-07T11:00:00-05:00',
      '2026-03-07T23:30:00-05:00',
    ]);
  });

  it('renders an event item with counts, tags and host but no roster', async () => {
    const body = await schedule({ date: '2026-03-07' });
    const item = body.data[0];
    expect(item).toEqual({
      id: `${ids.league}_2026-03-07`,
      object: 'schedule_item',
      type: 'event',
      event_id: ids.league,
      event_type: 'league',
      title: 'Spring League',
      open: true,
      privacy: 'public',
      business_date: '2026-03-07',
      start: '2026-03-07T09:00:00-05:00',
      end: '2026-03-07T12:00:00-05:00',
      time_slots: [
        { start: '2026-03-07T09:00:00-05:00', end: '2026-03-07T12:00:00-05:00', spaces: [{ id: ids.court1, name: 'Court 1' }] },
      ],
      participant_count: 2,
      max_participants: 2,
      spots_available: 0,
      tags: [{ id: 'tag_league', name: 'League' }],
      host: { customer_id: ids.host, first_name: 'Hana', last_name: 'Host' },
    });
    expect(Object.keys(item)).toEqual([
      'id', 'object', 'type', 'event_id', 'event_type', 'title', 'open', 'privacy', 'business_date', 'start', 'end',
      'time_slots', 'participant_count', 'max_participants', 'spots_available', 'tags', 'host',
    ]);
    // Every event has its host, with or without tags and time slots.
    expect(body.data[4]).toMatchObject({
      id: `${ids.late7}_2026-03-07`,
      host: { customer_id: ids.player, first_name: 'Pat', last_name: 'Player' },
      tags: [],
      time_slots: [],
    });
  });

  it('renders a reservation item from the booking', async () => {
    const body = await schedule({ date: '2026-03-07' });
    expect(body.data[1]).toEqual({
      id: `${ids.booking}_2026-03-07`,
      object: 'schedule_item',
      type: 'reservation',
      event_id: null,
      event_type: null,
      title: 'Court hire',
      open: false,
      privacy: 'private',
      business_date: '2026-03-07',
      start: '2026-03-07T10:00:00-05:00',
      end: '2026-03-07T12:00:00-05:00',
      // Courts booked for the same times form one slot, in the club's display order.
      time_slots: [
        {
          start: '2026-03-07T10:00:00-05:00',
          end: '2026-03-07T11:00:00-05:00',
          spaces: [
            { id: ids.court1, name: 'Court 1' },
            { id: ids.court2, name: 'Court 2' },
          ],
        },
        { start: '2026-03-07T11:00:00-05:00', end: '2026-03-07T12:00:00-05:00', spaces: [{ id: ids.court2, name: 'Court 2' }] },
      ],
      participant_count: 3,
      max_participants: 4,
      spots_available: 1,
      tags: [],
      host: { customer_id: ids.booker, first_name: 'Bo', last_name: 'Booker' },
    });
  });

  it('follows the daylight-saving change: the 8th runs from 00:00 -05:00 to 24:00 -04:00', async () => {
    const body = await schedule({ date: '2026-03-08' });
    expect(itemIds(body)).toEqual([
      `${ids.early8}_2026-03-08`,
      `${ids.league}_2026-03-08`,
      `${ids.booking8}_2026-03-08`,
      `${ids.late8}_2026-03-08`,
    ]);
    expect(body.data.map((i: { start: string }) => i.start)).toEqual([
      '2026-03-08T00:30:00-05:00',
      '2026-03-08T09:00:00-04:00',
      '2026-03-08T10:00:00-04:00',
      '2026-03-08T23:30:00-04:00',
    ]);
    expect(body.data[2]).toMatchObject({ type: 'reservation', title: null });
    // The 23:30 item of the 7th and the 00:30 item of the 9th stay on their own days.
    expect(itemIds(await schedule({ date: '2026-03-09' }))).toEqual([`${ids.early9}_2026-03-09`, `${ids.league}_2026-03-09`]);
  });

  it('gives an empty list for a day without items', async () => {
    expect((await schedule({ date: '2026-03-10' })).data).toEqual([]);
  });

  it("defaults to today on the club's clock", async () => {
    // Auckland's day never matches the UTC day, so a UTC default would miss or add an item.
    const nz = await insertClub(t.pool, { timezone: 'Pacific/Auckland' });
    const host = await insertCustomer(t.pool, nz.id);
    const event = await insertEvent(t.pool, nz.id, { title: 'Today', hostCustomerId: host });
    const { rows } = await t.pool.query<{ today: string; day_start: Date; next_day_start: Date }>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS today, d::timestamp AT TIME ZONE $1 AS day_start,
              (d + 1)::timestamp AT TIME ZONE $1 AS next_day_start
       FROM (SELECT (now() AT TIME ZONE $1)::date AS d) x`,
      [nz.timezone],
    );
    const { today, day_start: dayStart, next_day_start: nextDayStart } = rows[0]!;
    const hour = 3_600_000;
    const sessions: [string, Date][] = [
      ['yesterday', new Date(dayStart.getTime() - hour)],
      ['first', dayStart],
      ['last', new Date(nextDayStart.getTime() - hour)],
      ['tomorrow', nextDayStart],
    ];
    for (const [name, start] of sessions) {
      const eventId = await insertEvent(t.pool, nz.id, { title: name, id: `${event}_${name}`, hostCustomerId: host });
      const { rows: local } = await t.pool.query<{ date: string }>(
        `SELECT to_char(($1::timestamptz AT TIME ZONE $2)::date, 'YYYY-MM-DD') AS date`,
        [start, nz.timezone],
      );
      await insertEventDay(nz.id, eventId, local[0]!.date, start.toISOString(), new Date(start.getTime() + hour / 2).toISOString());
    }
    const res = await get('/v1/schedule', await bearer(t.pool, nz.id));
    expect(res.statusCode).toBe(200);
    expectOpenApi(t.app, '/v1/schedule', 'GET', 200, res.json());
    expect(res.json().data.map((i: { title: string; business_date: string }) => [i.title, i.business_date])).toEqual([
      ['first', today],
      ['last', today],
    ]);
  });
});

describe('GET /v1/schedule: a window', () => {
  it('gives one item per in-range session of a multi-day event, all with the same event_id', async () => {
    const body = await schedule({
      starts_after: '2026-03-07T09:00:00-05:00',
      starts_before: '2026-03-09T09:00:00-04:00',
      type: 'event',
    });
    const league = body.data.filter((i: { event_id: string }) => i.event_id === ids.league);
    expect(league.map((i: { id: string }) => i.id)).toEqual([
      `${ids.league}_2026-03-07`,
      `${ids.league}_2026-03-08`,
      `${ids.league}_2026-03-09`,
    ]);
    expect(league.map((i: { business_date: string }) => i.business_date)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    // Both bounds are inclusive: the first and last league sessions start exactly on them.
    expect(body.data[0].id).toBe(`${ids.league}_2026-03-07`);
    expect(body.data.at(-1).id).toBe(`${ids.league}_2026-03-09`);
    // A window that ends a second earlier leaves the 9th's session out.
    const shorter = await schedule({
      starts_after: '2026-03-07T14:00:01Z',
      starts_before: '2026-03-09T12:59:59Z',
      type: 'event',
    });
    expect(shorter.data.filter((i: { event_id: string }) => i.event_id === ids.league).map((i: { id: string }) => i.id)).toEqual([
      `${ids.league}_2026-03-08`,
    ]);
  });

  it('accepts any offset or Z and compares instants', async () => {
    const utc = await schedule({ starts_after: '2026-03-08T04:30:00Z', starts_before: '2026-03-08T04:30:00Z' });
    expect(itemIds(utc)).toEqual([`${ids.late7}_2026-03-07`]);
    const offset = await schedule({ starts_after: '2026-03-08T10:00:00+05:30', starts_before: '2026-03-07T23:30:00-05:00' });
    expect(itemIds(offset)).toEqual([`${ids.late7}_2026-03-07`]);
  });

  it('allows exactly 31 days and refuses a second more', async () => {
    await schedule({ starts_after: '2026-03-01T00:00:00Z', starts_before: '2026-04-01T00:00:00Z' });
    const res = await get(q({ starts_after: '2026-03-01T00:00:00Z', starts_before: '2026-04-01T00:00:01Z' }));
    expect(res.statusCode).toBe(400);
    expectOpenApi(t.app, '/v1/schedule', 'GET', 400, res.json());
    expect(res.json().error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid', param: 'starts_before' });
  });
});

describe('GET /v1/schedule: filters', () => {
  it('keeps one type with type=event or type=reservation', async () => {
    const events = await schedule({ date: '2026-03-07', type: 'event' });
    expect(events.data.every((i: { type: string }) => i.type === 'event')).toBe(true);
    expect(itemIds(events)).toEqual([
      `${ids.league}_2026-03-07`,
      `${ids.tieA}_2026-03-07`,
      `${ids.tieB}_2026-03-07`,
      `${ids.late7}_2026-03-07`,
    ]);
    const reservations = await schedule({ date: '2026-03-07', type: 'reservation' });
    expect(itemIds(reservations)).toEqual([`${ids.booking}_2026-03-07`]);
  });

  it('keeps the items that use a space with space_id; an unknown space gives an empty list', async () => {
    const court1 = await schedule({ date: '2026-03-07', space_id: ids.court1! });
    expect(itemIds(court1)).toEqual([`${ids.league}_2026-03-07`, `${ids.booking}_2026-03-07`]);
    const court2 = await schedule({ date: '2026-03-07', space_id: ids.court2! });
    expect(itemIds(court2)).toEqual([`${ids.booking}_2026-03-07`, `${ids.tieA}_2026-03-07`, `${ids.tieB}_2026-03-07`]);
    const both = await schedule({ date: '2026-03-07', space_id: ids.court2!, type: 'event' });
    expect(itemIds(both)).toEqual([`${ids.tieA}_2026-03-07`, `${ids.tieB}_2026-03-07`]);
    expect((await schedule({ date: '2026-03-07', space_id: 'spa_unknown' })).data).toEqual([]);
  });

  it('never shows cancelled events, cancelled bookings or maintenance blocks', async () => {
    const body = await schedule({ starts_after: '2026-03-01T00:00:00Z', starts_before: '2026-03-31T00:00:00Z' });
    const all = JSON.stringify(body);
    expect(all).not.toContain(ids.canceledEvent);
    expect(all).not.toContain(ids.canceledBooking);
    expect(all).not.toContain('Resurfacing');
    // The cancelled rows would have started inside the window: they exist and are filtered.
    expect(body.data.some((i: { start: string }) => i.start === '2026-03-07T13:00:00-05:00')).toBe(false);
    expect(body.data.some((i: { start: string }) => i.start === '2026-03-07T14:00:00-05:00')).toBe(false);
  });

  it("does not show another club's items", async () => {
    const other = await insertClub(t.pool, { timezone: 'America/New_York' });
    const event = await insertEvent(t.pool, other.id, { title: 'Elsewhere', hostCustomerId: await insertCustomer(t.pool, other.id) });
    await insertEventDay(other.id, event, '2026-03-07', '2026-03-07T14:00:00Z', '2026-03-07T15:00:00Z');
    const body = await schedule({ date: '2026-03-07' });
    expect(JSON.stringify(body)).not.toContain(event);
    expect(itemIds((await get(q({ date: '2026-03-07' }), await bearer(t.pool, other.id))).json())).toEqual([
      `${event}_2026-03-07`,
    ]);
  });
});

describe('GET /v1/schedule: parameter errors', () => {
  it('rejects bad combinations and values, naming the parameter', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ date: '2026-03-07', starts_after: '2026-03-07T00:00:00Z', starts_before: '2026-03-08T00:00:00Z' }, 'date', 'parameter_invalid'],
      [{ date: '2026-03-07', starts_after: '2026-03-07T00:00:00Z' }, 'date', 'parameter_invalid'],
      [{ starts_after: '2026-03-07T00:00:00Z' }, 'starts_before', 'parameter_missing'],
      [{ starts_before: '2026-03-07T00:00:00Z' }, 'starts_after', 'parameter_missing'],
      [{ starts_after: '2026-03-08T00:00:00Z', starts_before: '2026-03-07T23:59:59Z' }, 'starts_before', 'parameter_invalid'],
      [{ date: '2026-02-30' }, 'date', 'parameter_invalid'],
      [{ date: '2026-3-7' }, 'date', 'parameter_invalid'],
      [{ date: '0000-01-01' }, 'date', 'parameter_invalid'],
      [{ starts_after: '2026-03-07T00:00:00', starts_before: '2026-03-08T00:00:00Z' }, 'starts_after', 'parameter_invalid'],
      [{ starts_after: '2026-03-07', starts_before: '2026-03-08T00:00:00Z' }, 'starts_after', 'parameter_invalid'],
      [{ starts_after: '2026-03-07T00:00:00Z', starts_before: '2026-03-08T00:00:00+16:00' }, 'starts_before', 'parameter_invalid'],
      [{ type: 'lesson' }, 'type', 'parameter_invalid'],
      [{ space_id: '' }, 'space_id', 'parameter_invalid'],
      [{ limit: '10' }, 'limit', 'parameter_unknown'],
      [{ starting_after: 'x' }, 'starting_after', 'parameter_unknown'],
    ];
    for (const [params, param, code] of cases) {
      const res = await get(q(params));
      const label = JSON.stringify(params);
      expect(res.statusCode, label).toBe(400);
      const body = res.json();
      expectOpenApi(t.app, '/v1/schedule', 'GET', 400, body);
      expect(body.error, label).toMatchObject({ type: 'invalid_request_error', code, param });
      expect(body.error.request_id).toBe(res.headers['x-request-id']);
    }
  });

  it('needs the schedule:read scope', async () => {
    const res = await get(q({ date: '2026-03-07' }), await bearer(t.pool, club.id, { scopes: ['events:read'] }));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope' });
  });
});
