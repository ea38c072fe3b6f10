// booking.*, event.* and participant.* signals, and the child-table rule: a change to rows a
// representation embeds emits the parent's signal once per transaction.
import { beforeAll, describe, expect, it } from 'vitest';
import { scopeOfSignalType, SIGNAL_TYPES } from '../../src/domain/signal-types.ts';
import { insertCustomer, insertSpace, insertSpaceCategory } from '../fixtures.ts';
import { setupClubApi, uid } from '../helper.ts';
import { inTransaction, lastSequence, signalsSince } from './signal-helper.ts';

const t = await setupClubApi({ scopes: ['bookings:read', 'events:read', 'signals:read'] });
const { club, get } = t;
let customer: string;

beforeAll(async () => {
  customer = await insertCustomer(t.pool, club.id, { email: 'p@example.com', firstName: 'Pat', lastName: 'Lee' });
  await insertSpaceCategory(t.pool, club.id, { id: 'spc_1', name: 'Courts' });
  await insertSpace(t.pool, club.id, { id: 'spa_1', categoryId: 'spc_1', name: 'Court 1', shortName: 'C1', position: 1 });
  await insertSpace(t.pool, club.id, { id: 'spa_2', categoryId: 'spc_1', name: 'Court 2', shortName: 'C2', position: 2 });
  await t.pool.query(`INSERT INTO tags (club_id, id, name) VALUES ($1, 'tag_1', 'Beginners')`, [club.id]);
});

async function newBooking(): Promise<string> {
  const id = `bkg_${uid()}`;
  await inTransaction(t.pool, [
    [
      `INSERT INTO bookings (club_id, id, customer_id, business_date, starts_at, ends_at)
       VALUES ($1, $2, $3, '2026-07-01', '2026-07-01T14:00:00Z', '2026-07-01T15:30:00Z')`,
      [club.id, id, customer],
    ],
    [
      `INSERT INTO booking_spaces (club_id, booking_id, space_id, starts_at, ends_at)
       VALUES ($1, $2, 'spa_1', '2026-07-01T14:00:00Z', '2026-07-01T15:30:00Z')`,
      [club.id, id],
    ],
  ]);
  return id;
}

async function newEvent(): Promise<string> {
  const id = `evt_${uid()}`;
  const slot = `ets_${uid()}`;
  await inTransaction(t.pool, [
    [
      `INSERT INTO events (club_id, id, event_type, title, max_participants, host_customer_id) VALUES ($1, $2, 'clinic', 'Drills', 8, $3)`,
      [club.id, id, customer],
    ],
    [
      `INSERT INTO event_sessions (club_id, event_id, business_date, starts_at, ends_at)
       VALUES ($1, $2, '2026-07-02', '2026-07-02T13:00:00Z', '2026-07-02T15:00:00Z')`,
      [club.id, id],
    ],
    [
      `INSERT INTO event_time_slots (club_id, id, event_id, business_date, starts_at, ends_at)
       VALUES ($1, $2, $3, '2026-07-02', '2026-07-02T13:00:00Z', '2026-07-02T15:00:00Z')`,
      [club.id, slot, id],
    ],
    [`INSERT INTO event_time_slot_spaces (club_id, time_slot_id, space_id) VALUES ($1, $2, 'spa_1')`, [club.id, slot]],
  ]);
  return id;
}

describe('booking signals', () => {
  it('a booking inserted with its courts in one transaction emits one booking.created equal to GET', async () => {
    const before = await lastSequence(t.pool, club.id);
    const id = await newBooking();
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => s.type)).toEqual(['booking.created']);
    expect(signals[0]!.data.object).toEqual((await get(`/v1/bookings/${id}`)).json());
    expect((signals[0]!.data.object.spaces as unknown[]).length).toBe(1);
  });

  it('adding a court and moving the time in one transaction emits one booking.updated', async () => {
    const id = await newBooking();
    const before = await lastSequence(t.pool, club.id);
    const previous = (await get(`/v1/bookings/${id}`)).json();
    await inTransaction(t.pool, [
      [
        `INSERT INTO booking_spaces (club_id, booking_id, space_id, starts_at, ends_at)
         VALUES ($1, $2, 'spa_2', '2026-07-01T14:00:00Z', '2026-07-01T15:30:00Z')`,
        [club.id, id],
      ],
      [`UPDATE bookings SET title = 'Doubles' WHERE club_id = $1 AND id = $2`, [club.id, id]],
    ]);
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => s.type)).toEqual(['booking.updated']);
    expect(signals[0]!.previous_attributes).toEqual({ title: null, spaces: previous.spaces });
    expect(signals[0]!.data.object).toEqual((await get(`/v1/bookings/${id}`)).json());
  });

  it('a change to a court row alone emits booking.updated', async () => {
    const id = await newBooking();
    const before = await lastSequence(t.pool, club.id);
    await t.pool.query(`UPDATE booking_spaces SET space_id = 'spa_2' WHERE club_id = $1 AND booking_id = $2`, [club.id, id]);
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => s.type)).toEqual(['booking.updated']);
    expect(Object.keys(signals[0]!.previous_attributes!)).toEqual(['spaces']);
  });

  it('cancelling emits booking.canceled and keeps the courts and times', async () => {
    const id = await newBooking();
    const before = await lastSequence(t.pool, club.id);
    await t.pool.query(`UPDATE bookings SET status = 'canceled', canceled_at = now() WHERE club_id = $1 AND id = $2`, [club.id, id]);
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => s.type)).toEqual(['booking.canceled']);
    expect(signals[0]!.data.object).toMatchObject({ status: 'canceled', start: '2026-07-01T10:00:00-04:00' });
    expect(signals[0]!.previous_attributes).toBeUndefined();
  });

  it('a booking touched without a visible change emits nothing', async () => {
    const id = await newBooking();
    const before = await lastSequence(t.pool, club.id);
    await t.pool.query(`UPDATE bookings SET title = title WHERE club_id = $1 AND id = $2`, [club.id, id]);
    await t.pool.query(`UPDATE booking_spaces SET ends_at = ends_at WHERE club_id = $1 AND booking_id = $2`, [club.id, id]);
    expect(await signalsSince(t.pool, club.id, before)).toEqual([]);
  });
});

describe('event signals', () => {
  it('an event created with sessions, slots and courts in one transaction emits one event.created', async () => {
    const before = await lastSequence(t.pool, club.id);
    const id = await newEvent();
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => s.type)).toEqual(['event.created']);
    expect(signals[0]!.data.object).toEqual((await get(`/v1/events/${id}`)).json());
  });

  it('sessions, slot courts and tags changed in one transaction emit one event.updated', async () => {
    const id = await newEvent();
    const before = await lastSequence(t.pool, club.id);
    const previous = (await get(`/v1/events/${id}`)).json();
    await inTransaction(t.pool, [
      [
        `INSERT INTO event_sessions (club_id, event_id, business_date, starts_at, ends_at)
         VALUES ($1, $2, '2026-07-03', '2026-07-03T13:00:00Z', '2026-07-03T15:00:00Z')`,
        [club.id, id],
      ],
      [`INSERT INTO event_tags (club_id, event_id, tag_id) VALUES ($1, $2, 'tag_1')`, [club.id, id]],
      [
        `INSERT INTO event_time_slot_spaces (club_id, time_slot_id, space_id)
         SELECT $1, s.id, 'spa_2' FROM event_time_slots s WHERE s.club_id = $1 AND s.event_id = $2`,
        [club.id, id],
      ],
    ]);
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => s.type)).toEqual(['event.updated']);
    const changed = signals[0]!.previous_attributes!;
    expect(changed.sessions).toEqual(previous.sessions);
    expect(changed.tags).toEqual([]);
    expect(changed.end).toBe(previous.end);
    expect(signals[0]!.data.object).toEqual((await get(`/v1/events/${id}`)).json());
  });

  it('a title change emits event.updated with the previous title', async () => {
    const id = await newEvent();
    const before = await lastSequence(t.pool, club.id);
    await t.pool.query(`UPDATE events SET title = 'Advanced drills' WHERE club_id = $1 AND id = $2`, [club.id, id]);
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => s.type)).toEqual(['event.updated']);
    expect(signals[0]!.previous_attributes).toEqual({ title: 'Drills' });
  });
});

describe('participant signals', () => {
  it('joined, checked_in and left, each equal to GET, without an event.updated for the counts', async () => {
    const event = await newEvent();
    const id = `par_${uid()}`;
    const before = await lastSequence(t.pool, club.id);
    await t.pool.query(`INSERT INTO participants (club_id, id, event_id, customer_id) VALUES ($1, $2, $3, $4)`, [club.id, id, event, customer]);
    const joined = await signalsSince(t.pool, club.id, before);
    expect(joined.map((s) => s.type)).toEqual(['participant.joined']);
    expect(joined[0]!.data.object).toEqual((await get(`/v1/events/${event}/participants/${id}`)).json());

    const mid = await lastSequence(t.pool, club.id);
    await t.pool.query(`UPDATE participants SET check_in_status = 'checked_in' WHERE club_id = $1 AND id = $2`, [club.id, id]);
    await t.pool.query(`UPDATE participants SET removed_at = now() WHERE club_id = $1 AND id = $2`, [club.id, id]);
    const later = await signalsSince(t.pool, club.id, mid);
    expect(later.map((s) => s.type)).toEqual(['participant.checked_in', 'participant.left']);
    expect(later[1]!.data.object).toEqual((await get(`/v1/events/${event}/participants/${id}`)).json());
    expect(later[1]!.data.object.removed_at).not.toBeNull();
  });

  it('re-adding a removed participant emits participant.joined', async () => {
    const event = await newEvent();
    const id = `par_${uid()}`;
    await t.pool.query(
      `INSERT INTO participants (club_id, id, event_id, customer_id, removed_at) VALUES ($1, $2, $3, $4, now())`,
      [club.id, id, event, customer],
    );
    const before = await lastSequence(t.pool, club.id);
    await t.pool.query(`UPDATE participants SET removed_at = NULL WHERE club_id = $1 AND id = $2`, [club.id, id]);
    expect((await signalsSince(t.pool, club.id, before)).map((s) => s.type)).toEqual(['participant.joined']);
  });
});

describe('scopes of the signal types', () => {
  it('stores the scope the catalogue gives each type (SQL and TypeScript agree)', async () => {
    const { rows } = await t.pool.query('SELECT DISTINCT type, scope FROM signals WHERE club_id = $1 ORDER BY type', [club.id]);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row.scope, row.type).toBe(scopeOfSignalType(row.type));
    const { rows: all } = await t.pool.query('SELECT t AS type, cd_signal_scope(t) AS scope FROM unnest($1::text[]) t', [SIGNAL_TYPES]);
    for (const row of all) expect(row.scope, row.type).toBe(scopeOfSignalType(row.type));
  });
});
