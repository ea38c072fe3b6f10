// GET /v1/events/{id}, its roster list and one roster entry against the real app: the event
// object of the OpenAPI document (sessions with time slots, counts without removed participants, tags
// in the event's order, host), roster order and include=removed, cursors bound to the event,
// and the one 404 for other clubs, other events and unknown ids.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOpenApi } from '../openapi.ts';
import { insertCustomer, insertEvent, insertParticipant, insertSession, insertSpace } from '../fixtures.ts';
import { bearer, insertClub, setupClubApi, uid } from '../helper.ts';

const t = await setupClubApi({ club: { timezone: 'America/New_York' } });
const { club, get } = t;
const ids: Record<string, string> = {};

// Every event here was created at the same instant.
const CREATED_AT = '2026-01-05T12:00:00Z';

/** A customer whose email starts with the first name, as the roster shows it. */
function insertNamedCustomer(clubId: string, firstName: string, lastName: string) {
  const id = `cus_${uid()}`;
  return insertCustomer(t.pool, clubId, { id, email: `${firstName.toLowerCase()}.${id}@example.com`, firstName, lastName });
}

beforeAll(async () => {
  ids.host = await insertNamedCustomer(club.id, 'Hana', 'Host');
  ids.ana = await insertNamedCustomer(club.id, 'Ana', 'Lopez');
  ids.ben = await insertNamedCustomer(club.id, 'Ben', 'Okafor');
  ids.cai = await insertNamedCustomer(club.id, 'Cai', 'Wong');
  ids.dee = await insertNamedCustomer(club.id, 'Dee', 'Roy');
  ids.court2 = await insertSpace(t.pool, club.id, { name: 'Court 2', position: 2 });
  ids.court1 = await insertSpace(t.pool, club.id, { name: 'Court 1', position: 1 });

  // A two-day league across the March 2026 daylight-saving change.
  ids.league = await insertEvent(t.pool, club.id, {
    title: 'Spring League',
    maxParticipants: 10,
    hostCustomerId: ids.host,
    createdAt: CREATED_AT,
  });
  await insertSession(t.pool, club.id, {
    eventId: ids.league,
    businessDate: '2026-03-08',
    start: '2026-03-08T13:00:00Z',
    end: '2026-03-08T16:00:00Z',
    timeSlots: [{ start: '2026-03-08T13:00:00Z', end: '2026-03-08T16:00:00Z', spaceIds: [ids.court1] }],
  });
  await insertSession(t.pool, club.id, {
    eventId: ids.league,
    businessDate: '2026-03-07',
    start: '2026-03-07T14:00:00Z',
    end: '2026-03-07T17:00:00Z',
    timeSlots: [
      { start: '2026-03-07T15:30:00Z', end: '2026-03-07T17:00:00Z', spaceIds: [ids.court1] },
      { start: '2026-03-07T14:00:00Z', end: '2026-03-07T15:30:00Z', spaceIds: [ids.court2, ids.court1] },
    ],
  });
  await t.pool.query(
    `INSERT INTO tags (club_id, id, name) VALUES ($1, $2, 'Beginner'), ($1, $3, 'Evening')`,
    [club.id, `tag_a${uid()}`, `tag_b${uid()}`],
  );
  const tags = (await t.pool.query<{ id: string; name: string }>('SELECT id, name FROM tags WHERE club_id = $1', [club.id])).rows;
  ids.tagBeginner = tags.find((x) => x.name === 'Beginner')!.id;
  ids.tagEvening = tags.find((x) => x.name === 'Evening')!.id;
  // Evening comes first by the event's own order, whatever the ids.
  await t.pool.query(
    `INSERT INTO event_tags (club_id, event_id, tag_id, position) VALUES ($1, $2, $3, 1), ($1, $2, $4, 0)`,
    [club.id, ids.league, ids.tagBeginner, ids.tagEvening],
  );

  // Roster: Ana first; Ben removed; Cai and Dee joined at the same instant (ordered by id).
  ids.pAna = await insertParticipant(t.pool, club.id, {
    eventId: ids.league,
    customerId: ids.ana,
    joinedAt: '2026-02-01T10:00:00Z',
    checkInStatus: 'checked_in',
  });
  ids.pBen = await insertParticipant(t.pool, club.id, {
    eventId: ids.league,
    customerId: ids.ben,
    joinedAt: '2026-02-02T10:00:00Z',
    removedAt: '2026-02-10T09:15:00.500Z',
  });
  const tie = `par_${uid()}`;
  ids.pDee = await insertParticipant(t.pool, club.id, {
    id: `${tie}_b`,
    eventId: ids.league,
    customerId: ids.dee,
    joinedAt: '2026-02-03T10:00:00Z',
  });
  ids.pCai = await insertParticipant(t.pool, club.id, {
    id: `${tie}_a`,
    eventId: ids.league,
    customerId: ids.cai,
    joinedAt: '2026-02-03T10:00:00Z',
  });

  // A cancelled event with no session, overfull: spots_available stops at 0.
  ids.canceledEvent = await insertEvent(t.pool, club.id, {
    title: 'Cancelled clinic',
    hostCustomerId: ids.dee,
    maxParticipants: 1,
    createdAt: CREATED_AT,
    canceledAt: '2026-02-20T18:00:00.123Z',
  });
  ids.pOther = await insertParticipant(t.pool, club.id, { eventId: ids.canceledEvent, customerId: ids.ana, joinedAt: '2026-02-01T09:00:00Z' });
  await insertParticipant(t.pool, club.id, { eventId: ids.canceledEvent, customerId: ids.ben, joinedAt: '2026-02-01T09:30:00Z' });

  // Another club with an event and a roster entry of its own.
  const other = await insertClub(t.pool);
  ids.otherClub = other.id;
  ids.otherEvent = await insertEvent(t.pool, other.id, {
    title: 'Elsewhere',
    maxParticipants: 4,
    createdAt: CREATED_AT,
    hostCustomerId: await insertNamedCustomer(other.id, 'Yan', 'Far'),
  });
  ids.otherParticipant = await insertParticipant(t.pool, other.id, {
    eventId: ids.otherEvent,
    customerId: await insertNamedCustomer(other.id, 'Zed', 'Far'),
    joinedAt: '2026-02-01T09:00:00Z',
  });
});

const idsOf = (body: { data: { id: string }[] }) => body.data.map((b) => b.id);
const strip = (b: { error: Record<string, string> }) => ({ ...b.error, message: undefined, request_id: undefined });
const timestamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('GET /v1/events/{id}', () => {
  it('renders the event with its sessions, time slots, counts, tags and host', async () => {
    const res = await get(`/v1/events/${ids.league}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/events/{id}', 'GET', 200, body);
    expect(body).toEqual({
      id: ids.league,
      object: 'event',
      event_type: 'league',
      title: 'Spring League',
      open: true,
      privacy: 'public',
      // First session start and last session end, each with the offset of its own day.
      start: '2026-03-07T09:00:00-05:00',
      end: '2026-03-08T12:00:00-04:00',
      sessions: [
        {
          business_date: '2026-03-07',
          start: '2026-03-07T09:00:00-05:00',
          end: '2026-03-07T12:00:00-05:00',
          time_slots: [
            {
              start: '2026-03-07T09:00:00-05:00',
              end: '2026-03-07T10:30:00-05:00',
              spaces: [
                { id: ids.court1, name: 'Court 1' },
                { id: ids.court2, name: 'Court 2' },
              ],
            },
            { start: '2026-03-07T10:30:00-05:00', end: '2026-03-07T12:00:00-05:00', spaces: [{ id: ids.court1, name: 'Court 1' }] },
          ],
        },
        {
          business_date: '2026-03-08',
          start: '2026-03-08T09:00:00-04:00',
          end: '2026-03-08T12:00:00-04:00',
          time_slots: [
            { start: '2026-03-08T09:00:00-04:00', end: '2026-03-08T12:00:00-04:00', spaces: [{ id: ids.court1, name: 'Court 1' }] },
          ],
        },
      ],
      // Ana, Cai and Dee; Ben was removed and does not count.
      participant_count: 3,
      max_participants: 10,
      spots_available: 7,
      tags: [
        { id: ids.tagEvening, name: 'Evening' },
        { id: ids.tagBeginner, name: 'Beginner' },
      ],
      host: { customer_id: ids.host, first_name: 'Hana', last_name: 'Host' },
      created_at: '2026-01-05T12:00:00.000Z',
      updated_at: timestamp,
      canceled_at: null,
    });
    expect(Object.keys(body)).toEqual([
      'id', 'object', 'event_type', 'title', 'open', 'privacy', 'start', 'end', 'sessions', 'participant_count',
      'max_participants', 'spots_available', 'tags', 'host', 'created_at', 'updated_at', 'canceled_at',
    ]);
  });

  it('returns a cancelled event with no session: null start, end and host, spots never below zero', async () => {
    const res = await get(`/v1/events/${ids.canceledEvent}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/events/{id}', 'GET', 200, body);
    expect(body).toMatchObject({
      start: null,
      end: null,
      sessions: [],
      participant_count: 2,
      max_participants: 1,
      spots_available: 0,
      tags: [],
      host: { customer_id: ids.dee, first_name: 'Dee', last_name: 'Roy' },
      canceled_at: '2026-02-20T18:00:00.123Z',
    });
  });

  it("gives another club's event the same 404 as an unknown id", async () => {
    const foreign = await get(`/v1/events/${ids.otherEvent}`);
    const unknown = await get('/v1/events/evt_doesnotexist');
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expectOpenApi(t.app, '/v1/events/{id}', 'GET', 404, foreign.json());
    expect(foreign.json().error).toMatchObject({ type: 'not_found_error', code: 'resource_missing' });
    expect(strip(foreign.json())).toEqual(strip(unknown.json()));
  });

  it('needs the events:read scope', async () => {
    const res = await get(`/v1/events/${ids.league}`, await bearer(t.pool, club.id, { scopes: ['bookings:read'] }));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope' });
  });
});

describe('GET /v1/events/{id}/participants', () => {
  const route = '/v1/events/{id}/participants';

  it('lists the roster in join order, ties by id, without removed participants', async () => {
    const res = await get(`/v1/events/${ids.league}/participants`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, route, 'GET', 200, body);
    expect(body).toMatchObject({ object: 'list', has_more: false, url: `/v1/events/${ids.league}/participants` });
    expect(idsOf(body)).toEqual([ids.pAna, ids.pCai, ids.pDee]);
  });

  it('renders a participant with the customer name and email and its own updated_at', async () => {
    const first = (await get(`/v1/events/${ids.league}/participants?limit=1`)).json().data[0];
    expect(first).toEqual({
      id: ids.pAna,
      object: 'participant',
      event_id: ids.league,
      first_name: 'Ana',
      last_name: 'Lopez',
      email: `ana.${ids.ana}@example.com`,
      customer_id: ids.ana,
      check_in_status: 'checked_in',
      removed_at: null,
      updated_at: timestamp,
    });
    expect(Object.keys(first)).toEqual([
      'id', 'object', 'event_id', 'first_name', 'last_name', 'email', 'customer_id', 'check_in_status', 'removed_at', 'updated_at',
    ]);
    // The customer's current details show through.
    await t.pool.query(`UPDATE customers SET first_name = 'Anna' WHERE club_id = $1 AND id = $2`, [club.id, ids.ana]);
    try {
      expect((await get(`/v1/events/${ids.league}/participants/${ids.pAna}`)).json().first_name).toBe('Anna');
    } finally {
      await t.pool.query(`UPDATE customers SET first_name = 'Ana' WHERE club_id = $1 AND id = $2`, [club.id, ids.ana]);
    }
  });

  it('adds removed participants with include=removed, ignoring unknown values', async () => {
    const body = (await get(`/v1/events/${ids.league}/participants?include=nonsense,removed`)).json();
    expectOpenApi(t.app, route, 'GET', 200, body);
    expect(idsOf(body)).toEqual([ids.pAna, ids.pBen, ids.pCai, ids.pDee]);
    expect(body.data[1].removed_at).toBe('2026-02-10T09:15:00.500Z');
    expect(idsOf((await get(`/v1/events/${ids.league}/participants?include=nonsense`)).json())).toEqual([
      ids.pAna,
      ids.pCai,
      ids.pDee,
    ]);
  });

  it('pages with limit, starting_after and has_more', async () => {
    const first = (await get(`/v1/events/${ids.league}/participants?limit=2`)).json();
    expect(first.has_more).toBe(true);
    expect(idsOf(first)).toEqual([ids.pAna, ids.pCai]);
    const second = (await get(`/v1/events/${ids.league}/participants?limit=2&starting_after=${ids.pCai}`)).json();
    expectOpenApi(t.app, route, 'GET', 200, second);
    expect(second.has_more).toBe(false);
    expect(idsOf(second)).toEqual([ids.pDee]);
    const removed = (await get(`/v1/events/${ids.league}/participants?include=removed&starting_after=${ids.pAna}`)).json();
    expect(idsOf(removed)).toEqual([ids.pBen, ids.pCai, ids.pDee]);
  });

  it('rejects a cursor that is not a participant of this event', async () => {
    const cases = ['par_nope', ids.pOther, ids.otherParticipant, ids.league];
    for (const cursor of cases) {
      const res = await get(`/v1/events/${ids.league}/participants?starting_after=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      const body = res.json();
      expectOpenApi(t.app, route, 'GET', 400, body);
      expect(body.error, cursor).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid', param: 'starting_after' });
    }
    const res = await get(`/v1/events/${ids.league}/participants?limit=0`);
    expect(res.json().error).toMatchObject({ code: 'parameter_invalid', param: 'limit' });
  });

  it("gives another club's event and an unknown event the same 404", async () => {
    const foreign = await get(`/v1/events/${ids.otherEvent}/participants`);
    const unknown = await get('/v1/events/evt_doesnotexist/participants');
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expectOpenApi(t.app, route, 'GET', 404, foreign.json());
    expect(strip(foreign.json())).toEqual(strip(unknown.json()));
  });

  it('lists the roster of a cancelled event', async () => {
    const body = (await get(`/v1/events/${ids.canceledEvent}/participants`)).json();
    expect(body.data.map((p: { customer_id: string }) => p.customer_id)).toEqual([ids.ana, ids.ben]);
  });
});

describe('GET /v1/events/{id}/participants/{participant_id}', () => {
  const route = '/v1/events/{id}/participants/{participant_id}';

  it('returns a roster entry as the list shows it', async () => {
    const res = await get(`/v1/events/${ids.league}/participants/${ids.pCai}`);
    expect(res.statusCode).toBe(200);
    expectOpenApi(t.app, route, 'GET', 200, res.json());
    const listed = (await get(`/v1/events/${ids.league}/participants`)).json().data[1];
    expect(res.json()).toEqual(listed);
  });

  it('returns a removed participant with removed_at set', async () => {
    const res = await get(`/v1/events/${ids.league}/participants/${ids.pBen}`);
    expect(res.statusCode).toBe(200);
    expectOpenApi(t.app, route, 'GET', 200, res.json());
    expect(res.json()).toMatchObject({ id: ids.pBen, customer_id: ids.ben, removed_at: '2026-02-10T09:15:00.500Z' });
  });

  it('gives one 404 for another event, another club and an unknown id', async () => {
    const unknown = await get(`/v1/events/${ids.league}/participants/par_doesnotexist`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ type: 'not_found_error', code: 'resource_missing' });
    const cases = [
      `/v1/events/${ids.league}/participants/${ids.pOther}`, // a participant of another event of the club
      `/v1/events/${ids.canceledEvent}/participants/${ids.pAna}`, // the right participant, the wrong event
      `/v1/events/${ids.otherEvent}/participants/${ids.otherParticipant}`, // another club's pair
      `/v1/events/${ids.league}/participants/${ids.otherParticipant}`, // another club's participant
      `/v1/events/evt_doesnotexist/participants/${ids.pAna}`,
    ];
    for (const url of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expectOpenApi(t.app, route, 'GET', 404, res.json());
      expect(strip(res.json()), url).toEqual(strip(unknown.json()));
    }
  });
});

describe('GET /v1/events', () => {
  it('lists events oldest first, each as GET /v1/events/{id} shows it; cancelled ones only with include=canceled', async () => {
    const open = await get('/v1/events');
    expect(open.statusCode).toBe(200);
    expectOpenApi(t.app, '/v1/events', 'GET', 200, open.json());
    expect(open.json().data.map((e: { id: string }) => e.id)).toEqual([ids.league]);
    expect(open.json()).toMatchObject({ object: 'list', has_more: false, url: '/v1/events' });
    expect(open.headers['signal-sequence']).toMatch(/^\d+$/);

    const all = (await get('/v1/events?include=canceled')).json().data as { id: string }[];
    // Both were created at the same instant: the id breaks the tie.
    expect(all.map((e) => e.id)).toEqual([ids.league, ids.canceledEvent].sort());
    for (const event of all) expect(event).toEqual((await get(`/v1/events/${event.id}`)).json());
  });

  it('pages with limit and starting_after, a cancelled event being a valid cursor', async () => {
    const first = (await get('/v1/events?include=canceled&limit=1')).json();
    expect(first.data).toHaveLength(1);
    expect(first.has_more).toBe(true);
    const second = (await get(`/v1/events?include=canceled&limit=1&starting_after=${first.data[0].id}`)).json();
    expect(second.data).toHaveLength(1);
    expect(second.has_more).toBe(false);
    expect(second.data[0].id).not.toBe(first.data[0].id);
    const afterCanceled = await get(`/v1/events?starting_after=${ids.canceledEvent}`);
    expect(afterCanceled.statusCode).toBe(200);
  });

  it('needs events:read, and shows no other club', async () => {
    const narrow = await bearer(t.pool, club.id, { scopes: ['customers:read'] });
    expect((await get('/v1/events', narrow)).json().error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope' });
    const other = await insertClub(t.pool);
    await insertEvent(t.pool, other.id, { title: 'Elsewhere', hostCustomerId: await insertCustomer(t.pool, other.id) });
    const otherKey = await bearer(t.pool, other.id);
    const theirs = (await get('/v1/events', otherKey)).json().data as { title: string }[];
    expect(theirs.map((e) => e.title)).toEqual(['Elsewhere']);
  });
});
