// customer.* and subscription.* signals, emitted by the triggers in the writer's transaction.
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer } from '../fixtures.ts';
import { insertClub, setupClubApi, uid } from '../helper.ts';
import { inTransaction, lastSequence, signalsSince } from './signal-helper.ts';

const t = await setupClubApi({ scopes: ['customers:read', 'signals:read'] });
const { club, get } = t;

beforeAll(async () => {
  await t.pool.query(`INSERT INTO products (club_id, id, name, slug) VALUES ($1, 'prod_1', 'Gold', 'gold')`, [club.id]);
  await t.pool.query(`INSERT INTO plans (club_id, id, product_id, name) VALUES ($1, 'plan_1', 'prod_1', 'Gold monthly')`, [club.id]);
});

const newCustomer = (clubId = club.id) => insertCustomer(t.pool, clubId, { firstName: 'Ana', lastName: 'Lopez' });

describe('customer signals', () => {
  it('customer.created carries what GET /v1/customers/{id} returns', async () => {
    const before = await lastSequence(t.pool, club.id);
    const id = await newCustomer();
    const [signal, ...rest] = await signalsSince(t.pool, club.id, before);
    expect(rest).toEqual([]);
    expect(signal).toMatchObject({ object: 'signal', type: 'customer.created', api_version: 'v1' });
    expect(signal!.id).toMatch(/^sig_/);
    expect(signal!.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(signal!.previous_attributes).toBeUndefined();
    expect(signal!.data.object).toEqual((await get(`/v1/customers/${id}`)).json());
  });

  it('customer.updated holds the previous values of the changed attributes only', async () => {
    const id = await newCustomer();
    const before = await lastSequence(t.pool, club.id);
    await t.pool.query(`UPDATE customers SET first_name = 'Anabel', phone = '+34 600' WHERE club_id = $1 AND id = $2`, [club.id, id]);
    const [signal, ...rest] = await signalsSince(t.pool, club.id, before);
    expect(rest).toEqual([]);
    expect(signal!.type).toBe('customer.updated');
    expect(signal!.previous_attributes).toEqual({ first_name: 'Ana', phone: '' });
    expect(signal!.data.object).toEqual((await get(`/v1/customers/${id}`)).json());
  });

  it('a write that changes nothing visible emits nothing', async () => {
    const id = await newCustomer();
    const before = await lastSequence(t.pool, club.id);
    await t.pool.query(`UPDATE customers SET first_name = first_name WHERE club_id = $1 AND id = $2`, [club.id, id]);
    await t.pool.query(`UPDATE customers SET created_at = created_at - interval '1 day' WHERE club_id = $1 AND id = $2`, [club.id, id]);
    expect(await signalsSince(t.pool, club.id, before)).toEqual([]);
  });

  it('archiving emits customer.archived, not customer.updated', async () => {
    const id = await newCustomer();
    const before = await lastSequence(t.pool, club.id);
    await t.pool.query(`UPDATE customers SET archived_at = now() WHERE club_id = $1 AND id = $2`, [club.id, id]);
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => s.type)).toEqual(['customer.archived']);
    expect(signals[0]!.data.object.archived_at).not.toBeNull();
  });

  it('several writes to one customer in one transaction emit one signal with the net change', async () => {
    const id = await newCustomer();
    const before = await lastSequence(t.pool, club.id);
    await inTransaction(t.pool, [
      [`UPDATE customers SET first_name = 'B' WHERE club_id = $1 AND id = $2`, [club.id, id]],
      [`UPDATE customers SET first_name = 'C', last_name = 'Diaz' WHERE club_id = $1 AND id = $2`, [club.id, id]],
    ]);
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => s.type)).toEqual(['customer.updated']);
    expect(signals[0]!.previous_attributes).toEqual({ first_name: 'Ana', last_name: 'Lopez' });
  });

  it('a rolled-back write emits nothing', async () => {
    const id = await newCustomer();
    const before = await lastSequence(t.pool, club.id);
    await expect(
      inTransaction(t.pool, [
        [`UPDATE customers SET first_name = 'Z' WHERE club_id = $1 AND id = $2`, [club.id, id]],
        ['SELECT 1/0'],
      ]),
    ).rejects.toThrow();
    expect(await signalsSince(t.pool, club.id, before)).toEqual([]);
  });

  it("SET LOCAL clubdata.signals = 'off' silences a bulk import", async () => {
    const before = await lastSequence(t.pool, club.id);
    await inTransaction(t.pool, [
      ["SET LOCAL clubdata.signals = 'off'"],
      [`INSERT INTO customers (club_id, email) VALUES ($1, 'bulk@example.com')`, [club.id]],
    ]);
    expect(await signalsSince(t.pool, club.id, before)).toEqual([]);
  });
});

describe('subscription signals', () => {
  async function newSubscription(customerId: string, clubId = club.id): Promise<string> {
    const id = `sub_${uid()}`;
    await t.pool.query(
      `INSERT INTO subscriptions (club_id, id, customer_id, plan_id, status, current_period_end)
       VALUES ($1, $2, $3, 'plan_1', 'active', '2030-01-01T00:00:00Z')`,
      [clubId, id, customerId],
    );
    return id;
  }

  const cases: [string, string, string][] = [
    ['renewed', `current_period_end = current_period_end + interval '1 month'`, 'subscription.renewed'],
    ['past due', `status = 'past_due'`, 'subscription.past_due'],
    ['canceled', `status = 'canceled', canceled_at = now()`, 'subscription.canceled'],
    ['expired', `status = 'expired'`, 'subscription.expired'],
    ['updated', `cancel_at_period_end = true`, 'subscription.updated'],
  ];

  it('subscription.created carries the embedded subscription representation', async () => {
    const customer = await newCustomer();
    const before = await lastSequence(t.pool, club.id);
    const id = await newSubscription(customer);
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => s.type)).toEqual(['subscription.created']);
    const embedded = (await get(`/v1/customers/${customer}`)).json().subscriptions[0];
    expect(signals[0]!.data.object).toEqual(embedded);
    expect(embedded.id).toBe(id);
  });

  for (const [name, change, type] of cases) {
    it(`${name}: emits ${type}`, async () => {
      const customer = await newCustomer();
      const id = await newSubscription(customer);
      const before = await lastSequence(t.pool, club.id);
      await t.pool.query(`UPDATE subscriptions SET ${change} WHERE club_id = $1 AND id = $2`, [club.id, id]);
      const signals = await signalsSince(t.pool, club.id, before);
      expect(signals.map((s) => s.type)).toEqual([type]);
      expect(signals[0]!.data.object.id).toBe(id);
      if (type === 'subscription.updated') {
        expect(signals[0]!.previous_attributes).toEqual({ cancel_at_period_end: false });
      }
    });
  }

  it('a club on legacy billing emits no subscription signal at all', async () => {
    const legacy = await insertClub(t.pool, { billing_model: 'legacy' });
    await t.pool.query(`INSERT INTO products (club_id, id, name, slug) VALUES ($1, 'prod_1', 'Gold', 'gold')`, [legacy.id]);
    await t.pool.query(`INSERT INTO plans (club_id, id, product_id, name) VALUES ($1, 'plan_1', 'prod_1', 'Gold')`, [legacy.id]);
    const customer = await newCustomer(legacy.id);
    const id = await newSubscription(customer, legacy.id);
    await t.pool.query(`UPDATE subscriptions SET status = 'canceled' WHERE club_id = $1 AND id = $2`, [legacy.id, id]);
    const signals = await signalsSince(t.pool, legacy.id);
    expect(signals.map((s) => s.type)).toEqual(['customer.created']);
  });
});
