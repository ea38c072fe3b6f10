import { beforeAll, describe, expect, it } from 'vitest';
import { expectOpenApi } from '../openapi.ts';
import { insertCustomer, NOW } from '../fixtures.ts';
import { insertClub, setupClubApi } from '../helper.ts';

const t = await setupClubApi();
const { club, get } = t;
const ids: Record<string, string> = {};

// Every customer here is Ana Lopez with a phone number; emails and relationship starts differ.
const ANA = { firstName: 'Ana', lastName: 'Lopez', phone: '+1 555 0100' } as const;

beforeAll(async () => {
  ids.first = await insertCustomer(t.pool, club.id, { ...ANA, email: 'First@Example.com', firstBecameCustomerAt: '2024-01-01T10:00:00Z' });
  ids.archived = await insertCustomer(t.pool, club.id, {
    ...ANA,
    email: 'gone@example.com',
    firstBecameCustomerAt: '2024-02-01T10:00:00Z',
    archivedAt: NOW,
  });
  ids.percent = await insertCustomer(t.pool, club.id, { ...ANA, email: 'a%b_c@example.com', firstBecameCustomerAt: '2024-03-01T10:00:00Z' });
  ids.lookalike = await insertCustomer(t.pool, club.id, { ...ANA, email: 'aXbYc@example.com', firstBecameCustomerAt: '2024-04-01T10:00:00Z' });
  await t.pool.query(`INSERT INTO products (club_id, id, name, slug) VALUES ($1, 'prod_1', 'Gold', 'gold')`, [club.id]);
  await t.pool.query(`INSERT INTO plans (club_id, id, product_id, name) VALUES ($1, 'plan_1', 'prod_1', 'Gold monthly')`, [club.id]);
  await t.pool.query(
    `INSERT INTO subscriptions (club_id, id, customer_id, plan_id, status, started_at, current_period_end, canceled_at)
     VALUES ($1, 'sub_active', $2, 'plan_1', 'active', '2024-01-01T10:00:00Z', '2030-01-01T00:00:00Z', NULL),
            ($1, 'sub_ended', $2, 'plan_1', 'canceled', '2023-01-01T10:00:00Z', '2023-06-01T00:00:00Z', '2023-05-01T08:30:00.250Z')`,
    [club.id, ids.first],
  );
});

describe('GET /v1/customers', () => {
  it('lists active customers oldest relationship first in the list envelope', async () => {
    const res = await get('/v1/customers');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/customers', 'GET', 200, body);
    expect(body.object).toBe('list');
    expect(body.url).toBe('/v1/customers');
    expect(body.has_more).toBe(false);
    expect(body.data.map((c: { id: string }) => c.id)).toEqual([ids.first, ids.percent, ids.lookalike]);
  });

  it('renders every field with UTC millisecond timestamps and current subscriptions only', async () => {
    const body = (await get('/v1/customers?limit=1')).json();
    const customer = body.data[0];
    expect(customer).toMatchObject({
      id: ids.first,
      object: 'customer',
      email: 'First@Example.com',
      first_name: 'Ana',
      last_name: 'Lopez',
      phone: '+1 555 0100',
      first_became_customer_at: '2024-01-01T10:00:00.000Z',
      archived_at: null,
    });
    expect(customer.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(customer.subscriptions.map((s: { id: string }) => s.id)).toEqual(['sub_active']);
    expect(customer.subscriptions[0]).toMatchObject({
      object: 'subscription',
      customer_id: ids.first,
      product: { id: 'prod_1', name: 'Gold', slug: 'gold' },
      plan: { id: 'plan_1', name: 'Gold monthly' },
      current_period_end: '2030-01-01T00:00:00.000Z',
      canceled_at: null,
    });
  });

  it('adds ended subscriptions and archived customers only when included', async () => {
    const body = (await get('/v1/customers?include=ended_subscriptions,archived,bogus')).json();
    expect(body.data.map((c: { id: string }) => c.id)).toEqual([ids.first, ids.archived, ids.percent, ids.lookalike]);
    expect(body.data[0].subscriptions.map((s: { id: string }) => s.id)).toEqual(['sub_ended', 'sub_active']);
    expect(body.data[0].subscriptions[0].canceled_at).toBe('2023-05-01T08:30:00.250Z');
  });

  it('pages with starting_after and has_more', async () => {
    const first = (await get('/v1/customers?limit=2')).json();
    expect(first.has_more).toBe(true);
    expect(first.data).toHaveLength(2);
    const second = (await get(`/v1/customers?limit=2&starting_after=${first.data[1].id}`)).json();
    expect(second.has_more).toBe(false);
    expect(second.data.map((c: { id: string }) => c.id)).toEqual([ids.lookalike]);
  });

  it('matches email exactly and case-insensitively, with % and _ compared literally', async () => {
    const exact = (await get('/v1/customers?email=first%40EXAMPLE.com')).json();
    expect(exact.data.map((c: { id: string }) => c.id)).toEqual([ids.first]);
    const literal = (await get(`/v1/customers?email=${encodeURIComponent('a%b_c@example.com')}`)).json();
    expect(literal.data.map((c: { id: string }) => c.id)).toEqual([ids.percent]);
    const pattern = (await get(`/v1/customers?email=${encodeURIComponent('%@example.com')}`)).json();
    expect(pattern.data).toEqual([]);
  });

  it('excludes archived customers from an email match unless included', async () => {
    expect((await get('/v1/customers?email=gone@example.com')).json().data).toEqual([]);
    const body = (await get('/v1/customers?email=gone@example.com&include=archived')).json();
    expect(body.data.map((c: { id: string }) => c.id)).toEqual([ids.archived]);
  });

  it('rejects an empty email, bad limits, unknown parameters and unknown cursors with param', async () => {
    const cases: [string, string, string][] = [
      ['/v1/customers?email=', 'email', 'parameter_invalid'],
      ['/v1/customers?limit=0', 'limit', 'parameter_invalid'],
      ['/v1/customers?limit=101', 'limit', 'parameter_invalid'],
      ['/v1/customers?limit=2.5', 'limit', 'parameter_invalid'],
      ['/v1/customers?limit=ten', 'limit', 'parameter_invalid'],
      ['/v1/customers?colour=red', 'colour', 'parameter_unknown'],
      ['/v1/customers?starting_after=cus_nope', 'starting_after', 'parameter_invalid'],
    ];
    for (const [url, param, code] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      const body = res.json();
      expectOpenApi(t.app, '/v1/customers', 'GET', 400, body);
      expect(body.error, url).toMatchObject({ type: 'invalid_request_error', code, param });
      expect(body.error.request_id).toBe(res.headers['x-request-id']);
    }
  });
});

describe('GET /v1/customers/{id}', () => {
  it('returns archived customers too', async () => {
    const res = await get(`/v1/customers/${ids.archived}`);
    expect(res.statusCode).toBe(200);
    expectOpenApi(t.app, '/v1/customers/{id}', 'GET', 200, res.json());
    expect(res.json().archived_at).not.toBeNull();
  });

  it('adds ended subscriptions with include', async () => {
    const plain = (await get(`/v1/customers/${ids.first}`)).json();
    expect(plain.subscriptions).toHaveLength(1);
    const full = (await get(`/v1/customers/${ids.first}?include=ended_subscriptions`)).json();
    expect(full.subscriptions).toHaveLength(2);
  });

  it("gives another club's customer the same 404 as an unknown id", async () => {
    const other = await insertClub(t.pool);
    const otherCustomer = await insertCustomer(t.pool, other.id, {
      ...ANA,
      email: 'x@example.com',
      firstBecameCustomerAt: '2024-01-01T00:00:00Z',
    });
    const foreign = await get(`/v1/customers/${otherCustomer}`);
    const unknown = await get('/v1/customers/cus_doesnotexist');
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expectOpenApi(t.app, '/v1/customers/{id}', 'GET', 404, foreign.json());
    const strip = (b: { error: Record<string, string> }) => ({ ...b.error, message: undefined, request_id: undefined });
    expect(strip(foreign.json())).toEqual(strip(unknown.json()));
    expect(foreign.json().error).toMatchObject({ type: 'not_found_error', code: 'resource_missing' });
  });
});
