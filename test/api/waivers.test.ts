import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCOPES } from '../../src/domain/scopes.ts';
import { insertCustomer, insertWaiver, type WaiverFields } from '../fixtures.ts';
import { expectOpenApi } from '../openapi.ts';
import { bearer, insertClub, setupClubApi } from '../helper.ts';

const t = await setupClubApi();
const { club, auth, get } = t;
let other: { id: string };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Signature times are set relative to the test's start: status depends on the clock.
const start = Date.now();
const ago = (ms: number) => new Date(start - ms).toISOString();
const at: Record<string, string> = {
  both: ago(60 * DAY),
  expired: ago(31 * DAY),
  edge: ago(30 * DAY - HOUR),
  valid: ago(10 * DAY),
  staff: ago(5 * DAY),
  oldver: ago(3 * DAY),
};

/** A signature recorded two seconds after it was signed. */
const insertSignature = (clubId: string, f: WaiverFields) =>
  insertWaiver(t.pool, clubId, { createdAt: new Date(Date.parse(f.signedAt) + 2000).toISOString(), ...f });

beforeAll(async () => {
  other = await insertClub(t.pool);
  // Signatures last 30 days here, and version 2 of the waiver is now required.
  await t.pool.query(
    `UPDATE clubs SET waiver_validity = interval '30 days', waiver_version_required = 2 WHERE club_id = $1`,
    [club.id],
  );
  await insertCustomer(t.pool, club.id, { id: 'cus_ana', email: 'ana@example.com' });
  await insertCustomer(t.pool, club.id, { id: 'cus_kid', email: 'parent@example.com' });
  // Inserted out of time order.
  await insertSignature(club.id, { id: 'wvr_valid', customerId: 'cus_kid', waiverVersion: 2, signedAt: at.valid!, signedForMinor: true });
  await insertSignature(club.id, { id: 'wvr_oldver', customerId: 'cus_ana', waiverVersion: 1, signedAt: at.oldver! });
  await insertSignature(club.id, { id: 'wvr_staff', customerId: 'cus_ana', waiverVersion: 2, signedAt: at.staff!, invalidatedAt: ago(DAY) });
  await insertSignature(club.id, { id: 'wvr_expired', customerId: 'cus_ana', waiverVersion: 2, signedAt: at.expired! });
  await insertSignature(club.id, { id: 'wvr_edge', customerId: 'cus_ana', waiverVersion: 3, signedAt: at.edge! });
  await insertSignature(club.id, { id: 'wvr_both', customerId: 'cus_ana', waiverVersion: 1, signedAt: at.both! });
  await insertCustomer(t.pool, other.id, { id: 'cus_ana', email: 'ana@elsewhere.example.com' });
  await insertSignature(other.id, { id: 'wvr_foreign', customerId: 'cus_ana', waiverVersion: 1, signedAt: at.valid! });
});

const idsOf = (body: { data: { id: string }[] }) => body.data.map((x) => x.id);
const waivers = (params: Record<string, string>) => `/v1/waivers?${new URLSearchParams(params)}`;
const statusOf = async (id: string, authorization = auth) =>
  ((await get('/v1/waivers?limit=100', authorization)).json().data as { id: string; status: string }[]).find((w) => w.id === id)
    ?.status;

describe('GET /v1/waivers', () => {
  it('lists signatures oldest signed first in the list envelope', async () => {
    const res = await get('/v1/waivers');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/waivers', 'GET', 200, body);
    expect(body).toMatchObject({ object: 'list', has_more: false, url: '/v1/waivers' });
    expect(idsOf(body)).toEqual(['wvr_both', 'wvr_expired', 'wvr_edge', 'wvr_valid', 'wvr_staff', 'wvr_oldver']);
  });

  it("renders every field, with the customer's email and UTC millisecond timestamps", async () => {
    const { data } = (await get('/v1/waivers')).json();
    const signed = new Date(at.valid!);
    expect(data[3]).toEqual({
      id: 'wvr_valid',
      object: 'signed_waiver',
      customer_id: 'cus_kid',
      customer_email: 'parent@example.com',
      waiver_version: 2,
      signed_at: signed.toISOString(),
      signed_for_minor: true,
      status: 'valid',
      created_at: new Date(signed.getTime() + 2000).toISOString(),
    });
    expect(Object.keys(data[3])).toEqual([
      'id', 'object', 'customer_id', 'customer_email', 'waiver_version', 'signed_at', 'signed_for_minor', 'status', 'created_at',
    ]);
    expect(data[3].signed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(data[0]).toMatchObject({ customer_email: 'ana@example.com', signed_for_minor: false });
  });

  it('computes each status: valid, invalidated by staff, invalidated by a newer required version, expired', async () => {
    const statuses = Object.fromEntries(
      (await get('/v1/waivers')).json().data.map((w: { id: string; status: string }) => [w.id, w.status]),
    );
    expect(statuses).toEqual({
      wvr_valid: 'valid',
      wvr_staff: 'invalidated', // invalidated_at set, though its version and age are fine
      wvr_oldver: 'invalidated', // version 1 is below the required version 2
      wvr_expired: 'expired', // 31 days old; the club allows 30
      wvr_edge: 'valid', // a newer version than required, 30 days less an hour old
      wvr_both: 'invalidated', // old version and expired: invalidation wins
    });
  });

  it("computes status when read, from the club's current settings", async () => {
    const club2 = await insertClub(t.pool);
    const auth2 = await bearer(t.pool, club2.id);
    await insertCustomer(t.pool, club2.id, { id: 'cus_live', email: 'live@example.com' });
    await insertSignature(club2.id, { id: 'wvr_live', customerId: 'cus_live', waiverVersion: 1, signedAt: ago(10 * DAY) });
    expect(await statusOf('wvr_live', auth2)).toBe('valid');
    await t.pool.query(`UPDATE clubs SET waiver_validity = interval '5 days' WHERE club_id = $1`, [club2.id]);
    expect(await statusOf('wvr_live', auth2)).toBe('expired');
    await t.pool.query(`UPDATE clubs SET waiver_validity = interval '1 year', waiver_version_required = 2 WHERE club_id = $1`, [
      club2.id,
    ]);
    expect(await statusOf('wvr_live', auth2)).toBe('invalidated');
    await t.pool.query(`UPDATE customers SET email = 'renamed@example.com' WHERE club_id = $1`, [club2.id]);
    expect((await get('/v1/waivers', auth2)).json().data[0].customer_email).toBe('renamed@example.com');
  });

  it('pages with limit, starting_after and has_more', async () => {
    const first = (await get('/v1/waivers?limit=4')).json();
    expect(idsOf(first)).toEqual(['wvr_both', 'wvr_expired', 'wvr_edge', 'wvr_valid']);
    expect(first.has_more).toBe(true);
    const second = (await get('/v1/waivers?limit=4&starting_after=wvr_valid')).json();
    expectOpenApi(t.app, '/v1/waivers', 'GET', 200, second);
    expect(idsOf(second)).toEqual(['wvr_staff', 'wvr_oldver']);
    expect(second.has_more).toBe(false);
  });

  it('bounds signed_at inclusively, exactly at the boundary', async () => {
    const exact = waivers({ created_after: at.expired!, created_before: at.valid! });
    expect(idsOf((await get(exact)).json())).toEqual(['wvr_expired', 'wvr_edge', 'wvr_valid']);
    const plusOne = new Date(new Date(at.expired!).getTime() + 1).toISOString();
    const minusOne = new Date(new Date(at.valid!).getTime() - 1).toISOString();
    expect(idsOf((await get(waivers({ created_after: plusOne, created_before: minusOne }))).json())).toEqual(['wvr_edge']);
    expect(idsOf((await get(waivers({ created_after: at.staff! }))).json())).toEqual(['wvr_staff', 'wvr_oldver']);
    expect(idsOf((await get(waivers({ created_before: at.both! }))).json())).toEqual(['wvr_both']);
    // The bound is the signature time, not created_at (two seconds later here).
    const created = new Date(new Date(at.oldver!).getTime() + 2000).toISOString();
    expect(idsOf((await get(waivers({ created_after: created }))).json())).toEqual([]);
  });

  it("never lists another club's signatures, and refuses them as a cursor", async () => {
    expect(idsOf((await get('/v1/waivers?limit=100')).json())).not.toContain('wvr_foreign');
    const res = await get('/v1/waivers?starting_after=wvr_foreign');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'parameter_invalid', param: 'starting_after' });
  });

  it('rejects malformed timestamps, a reversed window, bad limits and unknown parameters', async () => {
    const cases: [string, string, string][] = [
      [waivers({ created_after: '2024-01-01T10:00' }), 'created_after', 'parameter_invalid'],
      [waivers({ created_after: '1700000000' }), 'created_after', 'parameter_invalid'],
      [waivers({ created_before: '2024-01-01T10:00:00+5' }), 'created_before', 'parameter_invalid'],
      [waivers({ created_after: at.valid!, created_before: at.expired! }), 'created_before', 'parameter_invalid'],
      [waivers({ limit: '-1' }), 'limit', 'parameter_invalid'],
      [waivers({ customer_id: 'cus_ana' }), 'customer_id', 'parameter_unknown'],
      [waivers({ starting_after: 'wvr_nope' }), 'starting_after', 'parameter_invalid'],
    ];
    for (const [url, param, code] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expectOpenApi(t.app, '/v1/waivers', 'GET', 400, res.json());
      expect(res.json().error, url).toMatchObject({ type: 'invalid_request_error', code, param });
    }
  });

  it('needs the waivers:read scope', async () => {
    const narrow = await bearer(t.pool, club.id, { scopes: DEFAULT_SCOPES.filter((s) => s !== 'waivers:read') });
    const res = await get('/v1/waivers', narrow);
    expect(res.statusCode).toBe(403);
    expectOpenApi(t.app, '/v1/waivers', 'GET', 403, res.json());
    expect(res.json().error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope' });
  });
});
