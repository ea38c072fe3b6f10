// GET /v1/bookings and /v1/bookings/{id} against the real app: every field of the OpenAPI
// document's Booking, club-offset schedule times across daylight saving, cancelled bookings only on
// request in the list but always by id, keyset pages, and the 404 other clubs' ids and event
// ids get.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOpenApi } from '../openapi.ts';
import { insertBooking, insertCustomer, insertEvent, insertSpace } from '../fixtures.ts';
import { bearer, insertClub, setupClubApi, uid } from '../helper.ts';

const t = await setupClubApi({ club: { timezone: 'America/New_York' } });
const { club, get } = t;
const ids: Record<string, string> = {};

// An open doubles game for two, unless a booking says otherwise.
const DOUBLES = { title: 'Doubles', open: true, partySize: 2, participantCount: 2 } as const;

/** A new club with one booking of its own, for the ids this club must not see. */
async function insertOtherClubBooking(): Promise<{ clubId: string; bookingId: string }> {
  const other = await insertClub(t.pool);
  const bookingId = await insertBooking(t.pool, other.id, {
    ...DOUBLES,
    customerId: await insertCustomer(t.pool, other.id, { firstName: 'Ana', lastName: 'Lopez' }),
    createdAt: '2026-01-01T00:00:00Z',
    businessDate: '2026-01-20',
    start: '2026-01-20T14:00:00Z',
    end: '2026-01-20T15:00:00Z',
  });
  return { clubId: other.id, bookingId };
}

beforeAll(async () => {
  ids.customer = await insertCustomer(t.pool, club.id, { firstName: 'Ana', lastName: 'Lopez' });
  ids.court2 = await insertSpace(t.pool, club.id, { name: 'Court 2', position: 2 });
  ids.court1 = await insertSpace(t.pool, club.id, { name: 'Court 1', position: 1 });
  // Winter (-05:00): two courts at the same time, then one more hour on court 2.
  ids.winter = await insertBooking(t.pool, club.id, {
    ...DOUBLES,
    customerId: ids.customer,
    createdAt: '2026-01-01T10:00:00Z',
    businessDate: '2026-01-15',
    start: '2026-01-15T14:00:00Z',
    end: '2026-01-15T16:00:00Z',
    spaces: [
      { spaceId: ids.court2, start: '2026-01-15T14:00:00Z', end: '2026-01-15T15:00:00Z' },
      { spaceId: ids.court1, start: '2026-01-15T14:00:00Z', end: '2026-01-15T15:00:00Z' },
      { spaceId: ids.court2, start: '2026-01-15T15:00:00Z', end: '2026-01-15T16:00:00Z' },
    ],
  });
  ids.canceled = await insertBooking(t.pool, club.id, {
    ...DOUBLES,
    customerId: ids.customer,
    createdAt: '2026-01-02T10:00:00Z',
    businessDate: '2026-01-16',
    start: '2026-01-16T14:00:00Z',
    end: '2026-01-16T15:00:00Z',
    canceledAt: '2026-01-10T08:30:00.250Z',
    spaces: [{ spaceId: ids.court1, start: '2026-01-16T14:00:00Z', end: '2026-01-16T15:00:00Z' }],
  });
  // Summer (-04:00), overbooked: spots_available stops at 0.
  ids.summer = await insertBooking(t.pool, club.id, {
    ...DOUBLES,
    customerId: ids.customer,
    createdAt: '2026-01-03T10:00:00Z',
    businessDate: '2026-07-01',
    start: '2026-07-01T13:00:00Z',
    end: '2026-07-01T14:30:00Z',
    title: null,
    participantCount: 6,
    maxParticipants: 4,
    spaces: [{ spaceId: ids.court1, start: '2026-07-01T13:00:00Z', end: '2026-07-01T14:30:00Z' }],
  });
  // Two bookings created at the same instant are ordered by id.
  ids.tieB = await insertBooking(t.pool, club.id, {
    ...DOUBLES,
    id: `bkg_${uid()}_b`,
    customerId: ids.customer,
    createdAt: '2026-01-04T10:00:00Z',
    businessDate: '2026-07-02',
    start: '2026-07-02T13:00:00Z',
    end: '2026-07-02T14:00:00Z',
  });
  ids.tieA = ids.tieB.replace(/_b$/, '_a');
  await insertBooking(t.pool, club.id, {
    ...DOUBLES,
    id: ids.tieA,
    customerId: ids.customer,
    createdAt: '2026-01-04T10:00:00Z',
    businessDate: '2026-07-02',
    start: '2026-07-02T13:00:00Z',
    end: '2026-07-02T14:00:00Z',
  });
  // An event of the club: its id is no booking.
  ids.event = await insertEvent(t.pool, club.id, { eventType: 'clinic', title: 'Clinic', maxParticipants: 8, hostCustomerId: ids.customer });
});

const idsOf = (body: { data: { id: string }[] }) => body.data.map((b) => b.id);

describe('GET /v1/bookings', () => {
  it('lists confirmed bookings oldest first, ties by id, in the list envelope', async () => {
    const res = await get('/v1/bookings');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/bookings', 'GET', 200, body);
    expect(body).toMatchObject({ object: 'list', has_more: false, url: '/v1/bookings' });
    expect(idsOf(body)).toEqual([ids.winter, ids.summer, ids.tieA, ids.tieB]);
  });

  it('renders every field, with club-offset schedule times and UTC record timestamps', async () => {
    const body = (await get('/v1/bookings?limit=1')).json();
    const booking = body.data[0];
    expect(booking).toEqual({
      id: ids.winter,
      object: 'booking',
      status: 'confirmed',
      customer_id: ids.customer,
      title: 'Doubles',
      business_date: '2026-01-15',
      start: '2026-01-15T09:00:00-05:00',
      end: '2026-01-15T11:00:00-05:00',
      // In time order; courts at the same time in the club's display order.
      spaces: [
        { id: ids.court1, name: 'Court 1', start: '2026-01-15T09:00:00-05:00', end: '2026-01-15T10:00:00-05:00' },
        { id: ids.court2, name: 'Court 2', start: '2026-01-15T09:00:00-05:00', end: '2026-01-15T10:00:00-05:00' },
        { id: ids.court2, name: 'Court 2', start: '2026-01-15T10:00:00-05:00', end: '2026-01-15T11:00:00-05:00' },
      ],
      open: true,
      privacy: 'private',
      party_size: 2,
      participant_count: 2,
      max_participants: 4,
      spots_available: 2,
      created_at: '2026-01-01T10:00:00.000Z',
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      canceled_at: null,
    });
    expect(Object.keys(booking)).toEqual([
      'id', 'object', 'status', 'customer_id', 'title', 'business_date', 'start', 'end', 'spaces', 'open', 'privacy',
      'party_size', 'participant_count', 'max_participants', 'spots_available', 'created_at', 'updated_at', 'canceled_at',
    ]);
  });

  it('shows the summer offset, a null title and spots_available never below zero', async () => {
    const summer = (await get(`/v1/bookings/${ids.summer}`)).json();
    expect(summer).toMatchObject({
      title: null,
      start: '2026-07-01T09:00:00-04:00',
      end: '2026-07-01T10:30:00-04:00',
      participant_count: 6,
      max_participants: 4,
      spots_available: 0,
    });
  });

  it('adds cancelled bookings with include=canceled, ignoring unknown values', async () => {
    const res = await get('/v1/bookings?include=bogus,canceled');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/bookings', 'GET', 200, body);
    expect(idsOf(body)).toEqual([ids.winter, ids.canceled, ids.summer, ids.tieA, ids.tieB]);
    expect(body.data[1]).toMatchObject({ status: 'canceled', canceled_at: '2026-01-10T08:30:00.250Z' });
    expect(idsOf((await get('/v1/bookings?include=bogus')).json())).toEqual([ids.winter, ids.summer, ids.tieA, ids.tieB]);
  });

  it('pages with limit, starting_after and has_more', async () => {
    const first = (await get('/v1/bookings?limit=2')).json();
    expect(first.has_more).toBe(true);
    expect(idsOf(first)).toEqual([ids.winter, ids.summer]);
    const second = (await get(`/v1/bookings?limit=2&starting_after=${ids.summer}`)).json();
    expectOpenApi(t.app, '/v1/bookings', 'GET', 200, second);
    expect(second.has_more).toBe(false);
    expect(idsOf(second)).toEqual([ids.tieA, ids.tieB]);
    // The tie is broken by id across pages too.
    expect(idsOf((await get(`/v1/bookings?starting_after=${ids.tieA}`)).json())).toEqual([ids.tieB]);
    const withCanceled = (await get(`/v1/bookings?include=canceled&limit=1&starting_after=${ids.winter}`)).json();
    expect(idsOf(withCanceled)).toEqual([ids.canceled]);
    expect(withCanceled.has_more).toBe(true);
  });

  it('rejects a cursor that is not a booking of the club, bad limits and unknown parameters', async () => {
    const { bookingId: otherBooking } = await insertOtherClubBooking();
    const cases: [string, string, string][] = [
      ['/v1/bookings?starting_after=bkg_nope', 'starting_after', 'parameter_invalid'],
      [`/v1/bookings?starting_after=${otherBooking}`, 'starting_after', 'parameter_invalid'],
      [`/v1/bookings?starting_after=${ids.event}`, 'starting_after', 'parameter_invalid'],
      ['/v1/bookings?limit=0', 'limit', 'parameter_invalid'],
      ['/v1/bookings?limit=101', 'limit', 'parameter_invalid'],
      ['/v1/bookings?status=canceled', 'status', 'parameter_unknown'],
    ];
    for (const [url, param, code] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      const body = res.json();
      expectOpenApi(t.app, '/v1/bookings', 'GET', 400, body);
      expect(body.error, url).toMatchObject({ type: 'invalid_request_error', code, param });
    }
  });

  it('needs the bookings:read scope', async () => {
    const res = await get('/v1/bookings', await bearer(t.pool, club.id, { scopes: ['customers:read'] }));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope' });
  });
});

describe('GET /v1/bookings/{id}', () => {
  it('returns a confirmed booking as the list shows it', async () => {
    const res = await get(`/v1/bookings/${ids.winter}`);
    expect(res.statusCode).toBe(200);
    expectOpenApi(t.app, '/v1/bookings/{id}', 'GET', 200, res.json());
    const listed = (await get('/v1/bookings?limit=1')).json().data[0];
    expect(res.json()).toEqual(listed);
  });

  it('returns a cancelled booking with its status, canceled_at and courts as they stood', async () => {
    const res = await get(`/v1/bookings/${ids.canceled}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/bookings/{id}', 'GET', 200, body);
    expect(body).toMatchObject({
      id: ids.canceled,
      status: 'canceled',
      canceled_at: '2026-01-10T08:30:00.250Z',
      spaces: [{ id: ids.court1, name: 'Court 1', start: '2026-01-16T09:00:00-05:00', end: '2026-01-16T10:00:00-05:00' }],
    });
  });

  it("gives another club's booking, an event id and an unknown id the same 404", async () => {
    const { clubId: otherClub, bookingId: otherBooking } = await insertOtherClubBooking();
    // The other club can read its own booking, so the 404 below is about the club only.
    expect((await get(`/v1/bookings/${otherBooking}`, await bearer(t.pool, otherClub))).statusCode).toBe(200);
    const strip = (b: { error: Record<string, string> }) => ({ ...b.error, message: undefined, request_id: undefined });
    const unknown = await get('/v1/bookings/bkg_doesnotexist');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ type: 'not_found_error', code: 'resource_missing' });
    for (const id of [otherBooking, ids.event]) {
      const res = await get(`/v1/bookings/${id}`);
      expect(res.statusCode, id).toBe(404);
      expectOpenApi(t.app, '/v1/bookings/{id}', 'GET', 404, res.json());
      expect(strip(res.json())).toEqual(strip(unknown.json()));
    }
  });

  it('rejects query parameters', async () => {
    const res = await get(`/v1/bookings/${ids.winter}?include=canceled`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'parameter_unknown', param: 'include' });
  });
});
