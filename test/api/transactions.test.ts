import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCOPES } from '../../src/domain/scopes.ts';
import { insertCustomer, insertOrder, insertTransaction } from '../fixtures.ts';
import { expectOpenApi } from '../openapi.ts';
import { bearer, insertClub, setupClubApi } from '../helper.ts';

const t = await setupClubApi();
const { club, get } = t;
let other: { id: string };

/** An order with a customer of its own, `cus_<order id>`, for transactions to settle. */
async function insertOrderWithCustomer(clubId: string, id: string) {
  const customerId = await insertCustomer(t.pool, clubId, { id: `cus_${id}`, email: `${id}@example.com` });
  await insertOrder(t.pool, clubId, { id, customerId });
}

beforeAll(async () => {
  other = await insertClub(t.pool);
  await insertOrderWithCustomer(club.id, 'ord_1');
  await insertOrderWithCustomer(club.id, 'ord_2');
  await insertOrderWithCustomer(club.id, 'ord_3');
  // Inserted out of time order. ord_1 is charged in January and partly refunded in February.
  await insertTransaction(t.pool, club.id, { id: 'txn_refund', orderId: 'ord_1', amount: -2000, createdAt: '2024-02-03T09:15:00.250Z' });
  await insertTransaction(t.pool, club.id, { id: 'txn_charge', orderId: 'ord_1', amount: 5000, createdAt: '2024-01-10T12:00:00Z' });
  await insertTransaction(t.pool, club.id, { id: 'txn_lastjan', orderId: 'ord_2', amount: 3000, createdAt: '2024-01-31T23:59:59.999Z' });
  // Two transactions at the same instant: the id breaks the tie.
  await insertTransaction(t.pool, club.id, {
    id: 'txn_feb_b',
    orderId: 'ord_3',
    amount: 1500,
    createdAt: '2024-02-01T00:00:00Z',
    chargeType: 'cash',
  });
  await insertTransaction(t.pool, club.id, { id: 'txn_feb_a', orderId: 'ord_3', amount: 700, createdAt: '2024-02-01T00:00:00Z' });
  // Stored with microseconds; shown as 2024-03-01T00:00:00.000Z.
  await insertTransaction(t.pool, club.id, { id: 'txn_micro', orderId: 'ord_2', amount: 100, createdAt: '2024-03-01T00:00:00.000400Z' });
  await insertOrderWithCustomer(other.id, 'ord_other');
  await insertTransaction(t.pool, other.id, { id: 'txn_other', orderId: 'ord_other', amount: 999, createdAt: '2024-01-15T00:00:00Z' });
});

const idsOf = (body: { data: { id: string }[] }) => body.data.map((x) => x.id);
const sumOf = (body: { data: { amount: number }[] }) => body.data.reduce((sum, x) => sum + x.amount, 0);
const window = (after?: string, before?: string) => {
  const q = new URLSearchParams();
  if (after !== undefined) q.set('created_after', after);
  if (before !== undefined) q.set('created_before', before);
  return `/v1/transactions?${q}`;
};

describe('GET /v1/transactions', () => {
  it("lists the club's ledger oldest first, ties broken by id, in the list envelope", async () => {
    const res = await get('/v1/transactions');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/transactions', 'GET', 200, body);
    expect(body).toMatchObject({ object: 'list', has_more: false, url: '/v1/transactions' });
    expect(idsOf(body)).toEqual(['txn_charge', 'txn_lastjan', 'txn_feb_a', 'txn_feb_b', 'txn_refund', 'txn_micro']);
  });

  it('renders every field; a refund is its own row with a negative amount and its own time', async () => {
    const { data } = (await get('/v1/transactions')).json();
    expect(data[0]).toEqual({
      id: 'txn_charge',
      object: 'transaction',
      order_id: 'ord_1',
      amount: 5000,
      currency: 'usd',
      charge_type: 'card',
      created_at: '2024-01-10T12:00:00.000Z',
    });
    expect(Object.keys(data[0])).toEqual(['id', 'object', 'order_id', 'amount', 'currency', 'charge_type', 'created_at']);
    const refund = data.find((x: { id: string }) => x.id === 'txn_refund');
    expect(refund).toMatchObject({ order_id: 'ord_1', amount: -2000, created_at: '2024-02-03T09:15:00.250Z' });
    expect(data.find((x: { id: string }) => x.id === 'txn_feb_b').charge_type).toBe('cash');
    // Microseconds are cut, not rounded, to the millisecond shown.
    expect(data.find((x: { id: string }) => x.id === 'txn_micro').created_at).toBe('2024-03-01T00:00:00.000Z');
  });

  it('pages with limit, starting_after and has_more', async () => {
    const first = (await get('/v1/transactions?limit=2')).json();
    expectOpenApi(t.app, '/v1/transactions', 'GET', 200, first);
    expect(idsOf(first)).toEqual(['txn_charge', 'txn_lastjan']);
    expect(first.has_more).toBe(true);
    const second = (await get('/v1/transactions?limit=2&starting_after=txn_lastjan')).json();
    expect(idsOf(second)).toEqual(['txn_feb_a', 'txn_feb_b']);
    expect(second.has_more).toBe(true);
    const third = (await get('/v1/transactions?limit=2&starting_after=txn_feb_b')).json();
    expect(idsOf(third)).toEqual(['txn_refund', 'txn_micro']);
    expect(third.has_more).toBe(false);
  });

  it('keeps a refund outside the window that holds its charge', async () => {
    const january = (await get(window('2024-01-01T00:00:00Z', '2024-01-31T23:59:59.999Z'))).json();
    expectOpenApi(t.app, '/v1/transactions', 'GET', 200, january);
    expect(idsOf(january)).toEqual(['txn_charge', 'txn_lastjan']);
    const february = (await get(window('2024-02-01T00:00:00Z', '2024-02-29T23:59:59.999Z'))).json();
    expect(idsOf(february)).toEqual(['txn_feb_a', 'txn_feb_b', 'txn_refund']);
    expect(february.data[2]).toMatchObject({ order_id: 'ord_1', amount: -2000 });
  });

  it('sums to the net cash movement of each window, and windows add up to the whole', async () => {
    const january = (await get(window('2024-01-01T00:00:00Z', '2024-01-31T23:59:59.999Z'))).json();
    const february = (await get(window('2024-02-01T00:00:00Z', '2024-02-29T23:59:59.999Z'))).json();
    const all = (await get('/v1/transactions')).json();
    expect(sumOf(january)).toBe(5000 + 3000);
    expect(sumOf(february)).toBe(1500 + 700 - 2000);
    expect(sumOf(all)).toBe(sumOf(january) + sumOf(february) + 100);
  });

  it('includes records exactly at either bound', async () => {
    expect(idsOf((await get(window('2024-01-31T23:59:59.999Z', '2024-02-01T00:00:00Z'))).json())).toEqual([
      'txn_lastjan', 'txn_feb_a', 'txn_feb_b',
    ]);
    // One bound alone, each way.
    expect(idsOf((await get(window(undefined, '2024-01-10T12:00:00Z'))).json())).toEqual(['txn_charge']);
    expect(idsOf((await get(window('2024-02-03T09:15:00.250Z'))).json())).toEqual(['txn_refund', 'txn_micro']);
    // One millisecond past either bound leaves the record out.
    expect(idsOf((await get(window('2024-01-10T12:00:00.001Z', '2024-01-31T23:59:59.998Z'))).json())).toEqual([]);
    // Equal bounds make a one-instant window.
    expect(idsOf((await get(window('2024-02-01T00:00:00Z', '2024-02-01T00:00:00Z'))).json())).toEqual([
      'txn_feb_a', 'txn_feb_b',
    ]);
  });

  it('reads bounds written with any UTC offset as the same instant', async () => {
    // 07:00 at -05:00 is 12:00Z, and 00:59:59.999 at +01:00 is 23:59:59.999Z the day before.
    const body = (await get(window('2024-01-10T07:00:00-05:00', '2024-02-01T00:59:59.999+01:00'))).json();
    expect(idsOf(body)).toEqual(['txn_charge', 'txn_lastjan']);
    expect(idsOf((await get(window('2024-01-10T07:00:00.001-0500'))).json())).not.toContain('txn_charge');
  });

  it('compares bounds with the millisecond timestamp shown, so a copied created_at finds its record', async () => {
    // txn_micro is stored at .000400 and shown at .000: both bounds at the shown value keep it.
    const shown = '2024-03-01T00:00:00.000Z';
    expect(idsOf((await get(window(shown, shown))).json())).toEqual(['txn_micro']);
    expect(idsOf((await get(window('2024-03-01T00:00:00.0001Z'))).json())).toEqual([]);
  });

  it('combines a window with pagination', async () => {
    const first = (await get(`${window('2024-01-15T00:00:00Z', '2024-02-29T00:00:00Z')}&limit=2`)).json();
    expect(idsOf(first)).toEqual(['txn_lastjan', 'txn_feb_a']);
    expect(first.has_more).toBe(true);
    const next = (await get(`${window('2024-01-15T00:00:00Z', '2024-02-29T00:00:00Z')}&limit=2&starting_after=txn_feb_a`)).json();
    expect(idsOf(next)).toEqual(['txn_feb_b', 'txn_refund']);
    expect(next.has_more).toBe(false);
  });

  it("never lists another club's transactions", async () => {
    expect(idsOf((await get(window('2024-01-01T00:00:00Z', '2024-12-31T00:00:00Z'))).json())).not.toContain('txn_other');
  });

  it('rejects malformed timestamps, a reversed window, bad limits, unknown parameters and foreign cursors', async () => {
    const cases: [string, string, string][] = [
      [window('yesterday'), 'created_after', 'parameter_invalid'],
      [window('2024-01-01'), 'created_after', 'parameter_invalid'],
      [window('2024-01-01T10:00:00'), 'created_after', 'parameter_invalid'],
      [window(undefined, '2024-02-30T00:00:00Z'), 'created_before', 'parameter_invalid'],
      [window(undefined, '2024-01-01T24:30:00Z'), 'created_before', 'parameter_invalid'],
      [window(''), 'created_after', 'parameter_invalid'],
      [window('2024-02-01T00:00:00Z', '2024-01-31T23:59:59.999Z'), 'created_before', 'parameter_invalid'],
      ['/v1/transactions?limit=0', 'limit', 'parameter_invalid'],
      ['/v1/transactions?limit=101', 'limit', 'parameter_invalid'],
      ['/v1/transactions?order_id=ord_1', 'order_id', 'parameter_unknown'],
      ['/v1/transactions?starting_after=txn_other', 'starting_after', 'parameter_invalid'],
      ['/v1/transactions?starting_after=txn_nope', 'starting_after', 'parameter_invalid'],
    ];
    for (const [url, param, code] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      const body = res.json();
      expectOpenApi(t.app, '/v1/transactions', 'GET', 400, body);
      expect(body.error, url).toMatchObject({ type: 'invalid_request_error', code, param });
      expect(body.error.request_id).toBe(res.headers['x-request-id']);
    }
    const reversed = await get(window('2024-02-01T00:00:00Z', '2024-01-31T23:59:59.999Z'));
    expect(reversed.json().error.message).toMatch(/earlier than created_after/);
  });

  it('refuses, with 400 not 500, bounds the format allows but PostgreSQL cannot hold', async () => {
    // Year 0000 and a +23:59 offset pass the date-time format; they must never reach PostgreSQL.
    for (const [url, param] of [
      [window('0000-01-01T00:00:00Z', '2024-01-11T11:59:00Z'), 'created_after'],
      [window('2024-01-01T00:00:00Z', '2024-01-11T11:59:00+23:59'), 'created_before'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toMatchObject({ code: 'parameter_invalid', param });
    }
    const widest = await get(window('0001-01-01T00:00:00+15:59', '9999-12-31T23:59:59-15:59'));
    expect(widest.statusCode).toBe(200);
    expect(idsOf(widest.json())).toContain('txn_charge');
  });

  it('needs the transactions:read scope, checked before the parameters', async () => {
    const narrow = await bearer(t.pool, club.id, { scopes: DEFAULT_SCOPES.filter((s) => s !== 'transactions:read') });
    for (const url of ['/v1/transactions', window('not-a-time')]) {
      const res = await get(url, narrow);
      expect(res.statusCode, url).toBe(403);
      expectOpenApi(t.app, '/v1/transactions', 'GET', 403, res.json());
      expect(res.json().error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope' });
    }
    const only = await bearer(t.pool, club.id, { scopes: ['transactions:read'] });
    expect((await get('/v1/transactions', only)).statusCode).toBe(200);
  });
});
