// order.*, transaction.*, waiver.*, coach.*, space.* and club.* signals: emitted by the triggers
// on real writes, each once, its data.object exactly what the resource's endpoint returns, and
// seen only by keys and endpoints holding the resource's scope.
import { describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';
import { insertCoach, insertCustomer, insertOrder, insertSpace, insertSpaceCategory, insertTransaction, insertWaiver } from '../fixtures.ts';
import { bearer, setupClubApi } from '../helper.ts';
import { inTransaction, lastSequence, signalsSince, type StoredSignal } from './signal-helper.ts';

const t = await setupClubApi({ scopes: ALL_SCOPES });
const { club, get } = t;
const customer = await insertCustomer(t.pool, club.id, { firstName: 'Ines', lastName: 'Duarte', email: 'ines@example.com' });

/** The signals a write made: runs it, returns what it emitted. */
async function emitted(write: () => Promise<unknown>): Promise<StoredSignal[]> {
  const before = await lastSequence(t.pool, club.id);
  await write();
  return signalsSince(t.pool, club.id, before);
}

/** One record of a list endpoint (the test club's lists fit in a page), as it returns it. */
async function listed(path: string, id: string): Promise<unknown> {
  const res = await get(path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { id: string }[] }>().data.find((record) => record.id === id);
}

describe('order signals', () => {
  it('order.created carries the order with its line items as GET /v1/orders/{id} returns it, once', async () => {
    const id = `ord_${club.id.slice(-6)}_1`;
    const signals = await emitted(() =>
      inTransaction(t.pool, [
        ['INSERT INTO orders (club_id, id, customer_id, currency) VALUES ($1, $2, $3, $4)', [club.id, id, customer, 'usd']],
        ['INSERT INTO order_line_items (club_id, order_id, position, description, quantity, unit_amount) VALUES ($1, $2, 1, $3, 2, 1500)', [club.id, id, 'Court fee']],
        ['INSERT INTO order_line_items (club_id, order_id, position, description, quantity, unit_amount) VALUES ($1, $2, 2, $3, 1, 300)', [club.id, id, 'Balls']],
      ]),
    );
    expect(signals.map((s) => s.type)).toEqual(['order.created']);
    expect(signals[0]!.data.object).toEqual((await get(`/v1/orders/${id}`)).json());
    expect(signals[0]!.data.object).toMatchObject({ amount: 3300, status: 'paid' });
  });

  it('order.updated for a new status and for changed line items, with the earlier values', async () => {
    const id = await insertOrder(t.pool, club.id, { customerId: customer, lineItems: [{ position: 1, description: 'Lesson', quantity: 1, unitAmount: 6000 }] });
    const refunded = await emitted(() => t.pool.query(`UPDATE orders SET status = 'refunded' WHERE club_id = $1 AND id = $2`, [club.id, id]));
    expect(refunded.map((s) => [s.type, s.previous_attributes])).toEqual([['order.updated', { status: 'paid' }]]);
    const added = await emitted(() =>
      t.pool.query(`INSERT INTO order_line_items (club_id, order_id, position, description, quantity, unit_amount) VALUES ($1, $2, 2, 'Racket', 1, 2500)`, [club.id, id]),
    );
    expect(added.map((s) => s.type)).toEqual(['order.updated']);
    expect(added[0]!.previous_attributes).toMatchObject({ amount: 6000 });
    expect(added[0]!.data.object).toEqual((await get(`/v1/orders/${id}`)).json());
  });
});

describe('transaction signals', () => {
  it('transaction.created for a charge and for its refund, each as GET /v1/transactions lists it; a change to one makes none', async () => {
    const order = await insertOrder(t.pool, club.id, { customerId: customer });
    const charge = await insertTransaction(t.pool, club.id, { orderId: order, amount: 4000 });
    const refund = `txn_${club.id.slice(-6)}_refund`;
    const signals = await emitted(() => insertTransaction(t.pool, club.id, { id: refund, orderId: order, amount: -4000 }));
    expect(signals.map((s) => [s.type, s.data.object.id])).toEqual([['transaction.created', refund]]);
    expect(signals[0]!.data.object).toEqual(await listed('/v1/transactions?limit=100', refund));
    expect(await emitted(() => t.pool.query(`UPDATE transactions SET charge_type = 'cash' WHERE club_id = $1 AND id = $2`, [club.id, charge]))).toEqual([]);
  });
});

describe('waiver signals', () => {
  it('waiver.signed, then waiver.updated when staff invalidate it; the customer’s new email alone makes none', async () => {
    let id = '';
    const signed = await emitted(async () => {
      id = await insertWaiver(t.pool, club.id, { customerId: customer, waiverVersion: 1, signedAt: new Date().toISOString() });
    });
    expect(signed.map((s) => s.type)).toEqual(['waiver.signed']);
    expect(signed[0]!.data.object).toEqual(await listed('/v1/waivers?limit=100', id));
    expect(signed[0]!.data.object).toMatchObject({ status: 'valid' });
    const invalidated = await emitted(() => t.pool.query('UPDATE waiver_signatures SET invalidated_at = now() WHERE club_id = $1 AND id = $2', [club.id, id]));
    expect(invalidated.map((s) => [s.type, s.previous_attributes])).toEqual([['waiver.updated', { status: 'valid' }]]);
    expect(invalidated[0]!.data.object).toEqual(await listed('/v1/waivers?limit=100', id));
    const email = await emitted(() => t.pool.query(`UPDATE customers SET email = 'ines.d@example.com' WHERE club_id = $1 AND id = $2`, [club.id, customer]));
    expect(email.map((s) => s.type)).toEqual(['customer.updated']);
  });

  it('waiver.updated for each signature below a newly required version, and none for the club itself', async () => {
    const other = await insertCustomer(t.pool, club.id, { firstName: 'Ole' });
    const old = await insertWaiver(t.pool, club.id, { customerId: other, waiverVersion: 1, signedAt: new Date().toISOString() });
    const current = await insertWaiver(t.pool, club.id, { customerId: other, waiverVersion: 2, signedAt: new Date().toISOString() });
    const signals = await emitted(() => t.pool.query('UPDATE clubs SET waiver_version_required = 2 WHERE club_id = $1', [club.id]));
    expect(signals.map((s) => [s.type, s.data.object.id])).toEqual([['waiver.updated', old]]);
    expect(signals[0]!.data.object).toMatchObject({ status: 'invalidated' });
    expect(await listed('/v1/waivers?limit=100', current)).toMatchObject({ status: 'valid' });
    await t.pool.query('UPDATE clubs SET waiver_version_required = 1 WHERE club_id = $1', [club.id]);
  });
});

describe('coach signals', () => {
  it('coach.created, coach.updated with the earlier values, coach.archived; a deleted coach is archived too', async () => {
    let id = '';
    const created = await emitted(async () => {
      id = await insertCoach(t.pool, club.id, { firstName: 'Rafa', lastName: 'Mendez', slug: `rafa-${club.id.slice(-6)}` });
    });
    expect(created.map((s) => s.type)).toEqual(['coach.created']);
    expect(created[0]!.data.object).toEqual(await listed('/v1/coaches?include=archived', id));
    const updated = await emitted(() => t.pool.query(`UPDATE coaches SET title = 'Head pro' WHERE club_id = $1 AND id = $2`, [club.id, id]));
    expect(updated.map((s) => [s.type, s.previous_attributes])).toEqual([['coach.updated', { title: '' }]]);
    const archived = await emitted(() => t.pool.query(`UPDATE coaches SET status = 'archived' WHERE club_id = $1 AND id = $2`, [club.id, id]));
    expect(archived.map((s) => s.type)).toEqual(['coach.archived']);
    expect(archived[0]!.data.object).toEqual(await listed('/v1/coaches?include=archived', id));
    const gone = await insertCoach(t.pool, club.id, { firstName: 'Gus', slug: `gus-${club.id.slice(-6)}` });
    const deleted = await emitted(() => t.pool.query('DELETE FROM coaches WHERE club_id = $1 AND id = $2', [club.id, gone]));
    expect(deleted.map((s) => [s.type, s.data.object.id])).toEqual([['coach.archived', gone]]);
  });
});

describe('space signals', () => {
  it('space.created, then space.updated for every space of a renamed category', async () => {
    const category = await insertSpaceCategory(t.pool, club.id, { name: 'Courts' });
    let first = '';
    const created = await emitted(async () => {
      first = await insertSpace(t.pool, club.id, { name: 'Court 1', categoryId: category });
    });
    expect(created.map((s) => s.type)).toEqual(['space.created']);
    expect(created[0]!.data.object).toEqual(await listed('/v1/spaces', first));
    const second = await insertSpace(t.pool, club.id, { name: 'Court 2', categoryId: category });
    const renamed = await emitted(() => t.pool.query(`UPDATE space_categories SET name = 'Clay courts' WHERE club_id = $1 AND id = $2`, [club.id, category]));
    expect(renamed.map((s) => [s.type, s.data.object.id]).sort()).toEqual([['space.updated', first], ['space.updated', second]].sort());
    expect(renamed[0]!.previous_attributes).toEqual({ category: { id: category, name: 'Courts' } });
  });
});

describe('club signals', () => {
  it('club.updated for a new name or timezone, as GET /v1/club returns it; its other settings make none', async () => {
    const was = (await get('/v1/club')).json<{ name: string; timezone: string }>();
    const renamed = await emitted(() => t.pool.query(`UPDATE clubs SET name = name || ' & Padel' WHERE club_id = $1`, [club.id]));
    expect(renamed.map((s) => [s.type, s.data.object.id, s.previous_attributes])).toEqual([['club.updated', club.id, { name: was.name }]]);
    expect(renamed[0]!.data.object).toEqual((await get('/v1/club')).json());
    const moved = await emitted(() => t.pool.query(`UPDATE clubs SET timezone = 'Europe/Lisbon' WHERE club_id = $1`, [club.id]));
    expect(moved.map((s) => s.type)).toEqual(['club.updated']);
    expect(moved[0]!.previous_attributes).toEqual({ timezone: was.timezone });
    expect(await emitted(() => t.pool.query(`UPDATE clubs SET billing_model = 'legacy', api_access = true WHERE club_id = $1`, [club.id]))).toEqual([]);
    await t.pool.query(`UPDATE clubs SET billing_model = 'subscriptions' WHERE club_id = $1`, [club.id]);
  });
});

describe('a key or endpoint without a resource’s scope', () => {
  it('never sees its signals: not listed, not retrieved, not delivered', async () => {
    const order = await insertOrder(t.pool, club.id, { customerId: customer });
    const [transaction] = await emitted(() => insertTransaction(t.pool, club.id, { orderId: order, amount: 900 }));
    expect(transaction!.type).toBe('transaction.created');
    const narrow = await bearer(t.pool, club.id, { scopes: ['signals:read', 'orders:read', 'webhook_endpoints:write'] });
    const page = await get('/v1/signals?limit=100', narrow);
    const types = page.json<{ data: { type: string }[] }>().data.map((s) => s.type);
    expect(types).toContain('order.created');
    expect(types.filter((type) => !type.startsWith('order.'))).toEqual([]);
    expect((await get(`/v1/signals/${transaction!.id}`, narrow)).statusCode).toBe(404);
    expect((await get(`/v1/signals?type=transaction.created`, narrow)).json<{ data: unknown[] }>().data).toEqual([]);
    // An endpoint of that key, subscribed to every type: the fan-out gives it the order's next
    // signal and not the next charge.
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/webhook_endpoints',
      headers: { authorization: narrow },
      payload: { url: 'https://1.1.1.1/hook', signal_types: ['*'] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const endpoint = made.json<{ id: string; scopes: string[] }>();
    expect(endpoint.scopes).toEqual(['orders:read']);
    const next = await emitted(async () => {
      await t.pool.query(`UPDATE orders SET status = 'void' WHERE club_id = $1 AND id = $2`, [club.id, order]);
      await insertTransaction(t.pool, club.id, { orderId: order, amount: -900 });
    });
    expect(next.map((s) => s.type)).toEqual(['order.updated', 'transaction.created']);
    const { rows } = await t.pool.query<{ signal_id: string }>(
      `SELECT f.signal_id FROM cd_fan_out_signals($1, $2, NULL) f WHERE f.endpoint_id = $3`,
      [next.map(() => club.id), next.map((s) => s.sequence), endpoint.id],
    );
    expect(rows.map((row) => row.signal_id)).toEqual([next[0]!.id]);
  });
});
