import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCOPES } from '../../src/domain/scopes.ts';
import { insertCustomer, insertOrder } from '../fixtures.ts';
import { expectOpenApi } from '../openapi.ts';
import { bearer, insertClub, setupClubApi } from '../helper.ts';

const t = await setupClubApi();
const { club, get } = t;
let other: { id: string };

beforeAll(async () => {
  other = await insertClub(t.pool);
  await insertCustomer(t.pool, club.id, { id: 'cus_ana' });
  await insertCustomer(t.pool, club.id, { id: 'cus_ben' });
  await insertCustomer(t.pool, other.id, { id: 'cus_ana' });
  // Line items inserted out of position order; amounts need more than 32 bits once multiplied.
  await insertOrder(t.pool, club.id, {
    id: 'ord_big',
    customerId: 'cus_ana',
    createdAt: '2024-01-10T12:00:00Z',
    lineItems: [
      { position: 2, description: 'Ball can', quantity: 3, unitAmount: 899 },
      { position: 1, description: 'Court hire, 1 h', quantity: 1, unitAmount: 4000 },
      { position: 3, description: 'Tournament sponsorship', quantity: 2, unitAmount: 2_000_000_000 },
      { position: 4, description: 'Loyalty discount', quantity: 1, unitAmount: -500 },
    ],
  });
  await insertOrder(t.pool, club.id, {
    id: 'ord_ben',
    customerId: 'cus_ben',
    createdAt: '2024-01-20T08:30:00.125Z',
    status: 'refunded',
    currency: 'eur',
    lineItems: [{ position: 1, description: 'Lesson', quantity: 1, unitAmount: 6000 }],
  });
  // Same instant as ord_ben: the id breaks the tie.
  await insertOrder(t.pool, club.id, {
    id: 'ord_ana_2',
    customerId: 'cus_ana',
    createdAt: '2024-01-20T08:30:00.125Z',
    lineItems: [{ position: 1, description: 'Grip', quantity: 2, unitAmount: 500 }],
  });
  await insertOrder(t.pool, club.id, { id: 'ord_empty', customerId: 'cus_ana', createdAt: '2024-02-01T00:00:00Z', status: 'open' });
  await insertOrder(t.pool, other.id, {
    id: 'ord_foreign',
    customerId: 'cus_ana',
    createdAt: '2024-01-15T00:00:00Z',
    lineItems: [{ position: 1, description: 'Elsewhere', quantity: 1, unitAmount: 100 }],
  });
});

const idsOf = (body: { data: { id: string }[] }) => body.data.map((x) => x.id);
const orders = (params: Record<string, string>) => `/v1/orders?${new URLSearchParams(params)}`;

describe('GET /v1/orders', () => {
  it('lists orders oldest first, ties broken by id, in the list envelope', async () => {
    const res = await get('/v1/orders');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/orders', 'GET', 200, body);
    expect(body).toMatchObject({ object: 'list', has_more: false, url: '/v1/orders' });
    expect(idsOf(body)).toEqual(['ord_big', 'ord_ana_2', 'ord_ben', 'ord_empty']);
  });

  it('renders every field, line items in position order, amount as the sum of quantity × unit_amount', async () => {
    const { data } = (await get('/v1/orders')).json();
    expect(data[0]).toEqual({
      id: 'ord_big',
      object: 'order',
      customer_id: 'cus_ana',
      status: 'paid',
      amount: 4000 + 3 * 899 + 2 * 2_000_000_000 - 500,
      currency: 'usd',
      line_items: [
        { description: 'Court hire, 1 h', quantity: 1, unit_amount: 4000, amount: 4000 },
        { description: 'Ball can', quantity: 3, unit_amount: 899, amount: 2697 },
        { description: 'Tournament sponsorship', quantity: 2, unit_amount: 2_000_000_000, amount: 4_000_000_000 },
        { description: 'Loyalty discount', quantity: 1, unit_amount: -500, amount: -500 },
      ],
      created_at: '2024-01-10T12:00:00.000Z',
    });
    expect(Object.keys(data[0])).toEqual([
      'id', 'object', 'customer_id', 'status', 'amount', 'currency', 'line_items', 'created_at',
    ]);
    expect(Object.keys(data[0].line_items[0])).toEqual(['description', 'quantity', 'unit_amount', 'amount']);
    expect(data[2]).toMatchObject({ id: 'ord_ben', status: 'refunded', currency: 'eur', amount: 6000, created_at: '2024-01-20T08:30:00.125Z' });
  });

  it('renders an order without line items with amount 0 and an empty array', async () => {
    const res = await get('/v1/orders/ord_empty');
    expectOpenApi(t.app, '/v1/orders/{id}', 'GET', 200, res.json());
    expect(res.json()).toMatchObject({ id: 'ord_empty', status: 'open', amount: 0, line_items: [] });
  });

  it('pages with limit, starting_after and has_more', async () => {
    const first = (await get('/v1/orders?limit=2')).json();
    expect(idsOf(first)).toEqual(['ord_big', 'ord_ana_2']);
    expect(first.has_more).toBe(true);
    const second = (await get('/v1/orders?limit=2&starting_after=ord_ana_2')).json();
    expectOpenApi(t.app, '/v1/orders', 'GET', 200, second);
    expect(idsOf(second)).toEqual(['ord_ben', 'ord_empty']);
    expect(second.has_more).toBe(false);
  });

  it("filters on customer_id; an unknown or another club's customer gives an empty list", async () => {
    expect(idsOf((await get(orders({ customer_id: 'cus_ana' }))).json())).toEqual(['ord_big', 'ord_ana_2', 'ord_empty']);
    expect(idsOf((await get(orders({ customer_id: 'cus_ben' }))).json())).toEqual(['ord_ben']);
    expect(idsOf((await get(orders({ customer_id: 'cus_nobody' }))).json())).toEqual([]);
    // cus_ana of the other club has ord_foreign; the key's club filter still applies.
    const page = (await get(orders({ customer_id: 'cus_ana', limit: '1', starting_after: 'ord_big' }))).json();
    expect(idsOf(page)).toEqual(['ord_ana_2']);
    expect(page.has_more).toBe(true);
  });

  it('bounds created_at inclusively, exactly at the boundary', async () => {
    const exact = orders({ created_after: '2024-01-20T08:30:00.125Z', created_before: '2024-01-20T08:30:00.125Z' });
    expect(idsOf((await get(exact)).json())).toEqual(['ord_ana_2', 'ord_ben']);
    const around = orders({ created_after: '2024-01-10T12:00:00Z', created_before: '2024-02-01T00:00:00Z' });
    expect(idsOf((await get(around)).json())).toEqual(['ord_big', 'ord_ana_2', 'ord_ben', 'ord_empty']);
    const inside = orders({ created_after: '2024-01-10T12:00:00.001Z', created_before: '2024-01-31T23:59:59.999Z' });
    expect(idsOf((await get(inside)).json())).toEqual(['ord_ana_2', 'ord_ben']);
    const combined = orders({ customer_id: 'cus_ana', created_after: '2024-01-20T10:30:00.125+02:00' });
    expect(idsOf((await get(combined)).json())).toEqual(['ord_ana_2', 'ord_empty']);
  });

  it('rejects malformed timestamps, a reversed window, an empty customer_id, unknown parameters and foreign cursors', async () => {
    const cases: [string, string, string][] = [
      [orders({ created_after: 'last week' }), 'created_after', 'parameter_invalid'],
      [orders({ created_before: '2024-01-20T08:30:00' }), 'created_before', 'parameter_invalid'],
      [orders({ created_after: '2024-02-01T00:00:00Z', created_before: '2024-01-01T00:00:00Z' }), 'created_before', 'parameter_invalid'],
      [orders({ customer_id: '' }), 'customer_id', 'parameter_invalid'],
      [orders({ limit: '1000' }), 'limit', 'parameter_invalid'],
      [orders({ status: 'paid' }), 'status', 'parameter_unknown'],
      [orders({ starting_after: 'ord_foreign' }), 'starting_after', 'parameter_invalid'],
    ];
    for (const [url, param, code] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expectOpenApi(t.app, '/v1/orders', 'GET', 400, res.json());
      expect(res.json().error, url).toMatchObject({ type: 'invalid_request_error', code, param });
    }
  });

  it("never lists another club's orders", async () => {
    expect(idsOf((await get('/v1/orders?limit=100')).json())).not.toContain('ord_foreign');
  });
});

describe('GET /v1/orders/{id}', () => {
  it('returns the order as the list shows it', async () => {
    const res = await get('/v1/orders/ord_big');
    expect(res.statusCode).toBe(200);
    expectOpenApi(t.app, '/v1/orders/{id}', 'GET', 200, res.json());
    const listed = (await get('/v1/orders?limit=1')).json().data[0];
    expect(res.json()).toEqual(listed);
  });

  it("gives another club's order the same 404 as an unknown id", async () => {
    const foreign = await get('/v1/orders/ord_foreign');
    const unknown = await get('/v1/orders/ord_nope');
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expectOpenApi(t.app, '/v1/orders/{id}', 'GET', 404, foreign.json());
    const strip = (b: { error: Record<string, string> }) => ({ ...b.error, message: undefined, request_id: undefined });
    expect(strip(foreign.json())).toEqual(strip(unknown.json()));
    expect(foreign.json().error).toMatchObject({ type: 'not_found_error', code: 'resource_missing' });
  });

  it('takes no query parameters', async () => {
    const res = await get('/v1/orders/ord_big?expand=line_items');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'parameter_unknown', param: 'expand' });
  });

  it('needs the orders:read scope, on the list and on retrieval', async () => {
    const narrow = await bearer(t.pool, club.id, { scopes: DEFAULT_SCOPES.filter((s) => s !== 'orders:read') });
    for (const [url, route] of [['/v1/orders', '/v1/orders'], ['/v1/orders/ord_big', '/v1/orders/{id}']]) {
      const res = await get(url!, narrow);
      expect(res.statusCode, url).toBe(403);
      expectOpenApi(t.app, route!, 'GET', 403, res.json());
      expect(res.json().error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope' });
    }
  });
});
