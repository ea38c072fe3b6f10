// A transaction's signals are emitted in one set-based pass at commit (sql/2-signals/
// cd_emit_signals.sql). What that pass could get wrong: bulk statements, a resource reached
// through two tables or over several statements, several clubs at once, deletes, the order of
// first touches, savepoints, and the one firing per batch that makes it cheap.
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/db/transaction.ts';
import { insertCustomer, insertSpace, insertSpaceCategory } from '../fixtures.ts';
import { insertClub, setupClubApi, uid } from '../helper.ts';
import { inTransaction, lastSequence, signalsSince, type StoredSignal } from './signal-helper.ts';

const t = await setupClubApi({ scopes: ['bookings:read', 'customers:read', 'signals:read'] });
const { club, get } = t;
let customer: string;

beforeAll(async () => {
  customer = await insertCustomer(t.pool, club.id, { email: 'bulk@example.com' });
  await insertSpaceCategory(t.pool, club.id, { id: 'spc_1', name: 'Courts' });
  await insertSpace(t.pool, club.id, { id: 'spa_1', categoryId: 'spc_1', name: 'Court 1', shortName: 'C1', position: 1 });
  await insertSpace(t.pool, club.id, { id: 'spa_2', categoryId: 'spc_1', name: 'Court 2', shortName: 'C2', position: 2 });
});

/** One statement: `n` bookings and a court each (a writable CTE), ids `<prefix>_<1..n>`. */
function insertBookingsWithCourts(prefix: string, n: number): [string, unknown[]] {
  return [
    `WITH b AS (
       INSERT INTO bookings (club_id, id, customer_id, business_date, starts_at, ends_at)
       SELECT $1, $2 || '_' || g, $3, '2026-08-01', '2026-08-01T14:00:00Z', '2026-08-01T15:00:00Z'
         FROM generate_series(1, $4::int) g
       RETURNING club_id, id)
     INSERT INTO booking_spaces (club_id, booking_id, space_id, starts_at, ends_at)
     SELECT club_id, id, 'spa_1', '2026-08-01T14:00:00Z', '2026-08-01T15:00:00Z' FROM b`,
    [club.id, prefix, customer, n],
  ];
}

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}_${i + 1}`);
const sequences = (signals: StoredSignal[]) => signals.map((s) => s.sequence);
const contiguous = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('one statement writing many resources', () => {
  it('emits, byte for byte, what one-row statements emit for the same changes, in the statement’s row order', async () => {
    // Two new clubs written in the same transactions, so that every timestamp the rows get is
    // the same: one row by row, the other in one statement. Ids out of key order, so that the
    // order of the statement's rows is what orders the signals.
    const [single, bulk] = [await insertClub(t.pool), await insertClub(t.pool)];
    const keys = Array.from({ length: 30 }, (_, i) => `cus_${String((i * 7) % 30).padStart(2, '0')}`);
    // A signal's own id and the instant it was emitted differ between clubs; all else must not.
    const comparable = async (clubId: string) =>
      (await t.pool.query<{ body: string }>('SELECT body FROM signals WHERE club_id = $1 ORDER BY sequence', [clubId])).rows.map((row) =>
        row.body.replace(/^\{"id" : "sig_[0-9a-f]{24}"/, '{"id" : ""').replace(/"created" : "[^"]*"/, '"created" : ""'),
      );
    await withTransaction(t.pool, async (client) => {
      // The bulk insert first: it opens the transaction's batch (nothing was pending before it).
      await client.query(
        `INSERT INTO customers (club_id, id, email, first_name)
         SELECT $1, k, k || '@example.com', 'Ann' FROM unnest($2::text[]) WITH ORDINALITY AS u (k, o) ORDER BY o`,
        [bulk.id, keys],
      );
      for (const key of keys) {
        await client.query(`INSERT INTO customers (club_id, id, email, first_name) VALUES ($1, $2, $2 || '@example.com', 'Ann')`, [single.id, key]);
      }
    });
    await withTransaction(t.pool, async (client) => {
      // The bulk update first, to learn its row order; the same changes row by row in that order.
      const { rows } = await client.query<{ id: string }>(
        `UPDATE customers SET first_name = 'Anna', phone = '+1 555 0100' WHERE club_id = $1 AND id = ANY ($2) AND id <> 'cus_00' RETURNING id`,
        [bulk.id, keys],
      );
      for (const { id } of rows) {
        await client.query(`UPDATE customers SET first_name = 'Anna', phone = '+1 555 0100' WHERE club_id = $1 AND id = $2`, [single.id, id]);
      }
    });
    const [one, many] = [await comparable(single.id), await comparable(bulk.id)];
    expect(one).toHaveLength(30 + 29);
    expect(many).toEqual(one);
    const types = one.map((body) => (JSON.parse(body) as StoredSignal).type);
    expect(types).toEqual([...Array(30).fill('customer.created'), ...Array(29).fill('customer.updated')]);
  });

  it('inserts: one created signal per booking, courts included, equal to GET, in row order', async () => {
    const before = await lastSequence(t.pool, club.id);
    const prefix = `bkg_${uid()}`;
    await inTransaction(t.pool, [insertBookingsWithCourts(prefix, 12)]);
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => s.type)).toEqual(Array(12).fill('booking.created'));
    expect(signals.map((s) => s.data.object.id)).toEqual(ids(prefix, 12));
    expect(sequences(signals)).toEqual(contiguous(before + 1, 12));
    for (const signal of [signals[0]!, signals[11]!]) {
      expect(signal.data.object).toEqual((await get(`/v1/bookings/${signal.data.object.id}`)).json());
      expect(signal.data.object.spaces).toHaveLength(1);
    }
    // `created` never goes back as sequences go up, and each row's id is its body's.
    const created = signals.map((s) => s.created);
    expect([...created].sort()).toEqual(created);
    const { rows } = await t.pool.query('SELECT id, body::json ->> $3 AS body_id FROM signals WHERE club_id = $1 AND sequence > $2', [
      club.id,
      before,
      'id',
    ]);
    for (const row of rows) expect(row.body_id).toBe(row.id);
  });

  it('updates: only the rows whose representation changed, each with its previous attributes', async () => {
    const prefix = `bkg_${uid()}`;
    await inTransaction(t.pool, [insertBookingsWithCourts(prefix, 6)]);
    const before = await lastSequence(t.pool, club.id);
    await t.pool.query(
      `UPDATE bookings SET title = CASE WHEN right(id, 1)::int % 2 = 0 THEN 'Doubles' ELSE title END
        WHERE club_id = $1 AND id = ANY ($2)`,
      [club.id, ids(prefix, 6)],
    );
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => s.data.object.id).sort()).toEqual([`${prefix}_2`, `${prefix}_4`, `${prefix}_6`]);
    expect(sequences(signals)).toEqual(contiguous(before + 1, 3));
    for (const signal of signals) {
      expect(signal.type).toBe('booking.updated');
      expect(signal.previous_attributes).toEqual({ title: null });
      expect(signal.data.object).toEqual((await get(`/v1/bookings/${signal.data.object.id}`)).json());
    }
  });

  it('deletes: each booking described as it last was, courts included; one already cancelled emits nothing', async () => {
    const prefix = `bkg_${uid()}`;
    await inTransaction(t.pool, [insertBookingsWithCourts(prefix, 4)]);
    await t.pool.query(`UPDATE bookings SET status = 'canceled', canceled_at = now() WHERE club_id = $1 AND id = $2`, [
      club.id,
      `${prefix}_4`,
    ]);
    const shown = new Map<string, unknown>();
    for (const id of ids(prefix, 3)) shown.set(id, (await get(`/v1/bookings/${id}`)).json());
    const before = await lastSequence(t.pool, club.id);
    await t.pool.query('DELETE FROM bookings WHERE club_id = $1 AND id = ANY ($2)', [club.id, ids(prefix, 4)]);
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => s.type)).toEqual(Array(3).fill('booking.canceled'));
    expect(sequences(signals)).toEqual(contiguous(before + 1, 3));
    for (const signal of signals) expect(signal.data.object).toEqual(shown.get(signal.data.object.id));
    expect((signals[0]!.data.object.spaces as unknown[]).length).toBe(1);
  });

  it('a resource changed through its own row and a child row in one statement emits one signal with both', async () => {
    const prefix = `bkg_${uid()}`;
    await inTransaction(t.pool, [insertBookingsWithCourts(prefix, 1)]);
    const id = `${prefix}_1`;
    const previous = (await get(`/v1/bookings/${id}`)).json();
    const before = await lastSequence(t.pool, club.id);
    await t.pool.query(
      `WITH moved AS (UPDATE booking_spaces SET space_id = 'spa_2' WHERE club_id = $1 AND booking_id = $2 RETURNING booking_id)
       UPDATE bookings SET title = 'Doubles' WHERE club_id = $1 AND id = $2`,
      [club.id, id],
    );
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => s.type)).toEqual(['booking.updated']);
    expect(signals[0]!.previous_attributes).toEqual({ title: null, spaces: previous.spaces });
    expect(signals[0]!.data.object).toEqual((await get(`/v1/bookings/${id}`)).json());
  });

  it('one statement for two clubs numbers each club from its own counter, in row order; legacy billing holds back subscriptions', async () => {
    const a = await insertClub(t.pool);
    const legacy = await insertClub(t.pool, { billing_model: 'legacy' });
    for (const c of [a.id, legacy.id]) {
      await t.pool.query(`INSERT INTO products (club_id, id, name, slug) VALUES ($1, 'prod_1', 'Gold', 'gold')`, [c]);
      await t.pool.query(`INSERT INTO plans (club_id, id, product_id, name) VALUES ($1, 'plan_1', 'prod_1', 'Gold')`, [c]);
    }
    await t.pool.query(
      `INSERT INTO customers (club_id, id, email)
       VALUES ($1, 'cus_a1', 'a1@example.com'), ($2, 'cus_l1', 'l1@example.com'), ($1, 'cus_a2', 'a2@example.com'),
              ($2, 'cus_l2', 'l2@example.com'), ($1, 'cus_a3', 'a3@example.com')`,
      [a.id, legacy.id],
    );
    await t.pool.query(
      `INSERT INTO subscriptions (club_id, id, customer_id, plan_id, current_period_end)
       VALUES ($1, 'sub_a1', 'cus_a1', 'plan_1', '2030-01-01Z'), ($2, 'sub_l1', 'cus_l1', 'plan_1', '2030-01-01Z')`,
      [a.id, legacy.id],
    );
    const ofA = await signalsSince(t.pool, a.id);
    const ofLegacy = await signalsSince(t.pool, legacy.id);
    expect(ofA.map((s) => [s.sequence, s.type, s.data.object.id])).toEqual([
      [1, 'customer.created', 'cus_a1'],
      [2, 'customer.created', 'cus_a2'],
      [3, 'customer.created', 'cus_a3'],
      [4, 'subscription.created', 'sub_a1'],
    ]);
    expect(ofLegacy.map((s) => [s.sequence, s.type, s.data.object.id])).toEqual([
      [1, 'customer.created', 'cus_l1'],
      [2, 'customer.created', 'cus_l2'],
    ]);
    const { rows } = await t.pool.query('SELECT club_id, last_sequence::int AS n FROM signal_sequences WHERE club_id = ANY ($1)', [
      [a.id, legacy.id],
    ]);
    expect(Object.fromEntries(rows.map((r) => [r.club_id, r.n]))).toEqual({ [a.id]: 4, [legacy.id]: 2 });
  });
});

describe('a resource’s own table touches after each statement, from its transition tables (tg__signal_touch_rows)', () => {
  it('updates keep the statement’s row order, not the order of their keys', async () => {
    const prefix = `bkg_${uid()}`;
    await inTransaction(t.pool, [insertBookingsWithCourts(prefix, 12)]);
    const before = await lastSequence(t.pool, club.id);
    // A scan in the table's order, where prefix_10 comes after prefix_9, not after prefix_1.
    const returned = await withTransaction(t.pool, async (client) => {
      await client.query('SET LOCAL enable_indexscan = off');
      await client.query('SET LOCAL enable_bitmapscan = off');
      const { rows } = await client.query<{ id: string }>(
        `UPDATE bookings SET title = 'Ladder' WHERE club_id = $1 AND id = ANY ($2) RETURNING id`,
        [club.id, ids(prefix, 12)],
      );
      return rows.map((row) => row.id);
    });
    expect(returned).not.toEqual([...returned].sort());
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => s.data.object.id)).toEqual(returned);
    expect(signals.map((s) => s.previous_attributes)).toEqual(Array(12).fill({ title: null }));
  });

  it('a statement updating more rows than one chunk of rendering (10,000) touches each row once, in its order', async () => {
    const c = await insertClub(t.pool);
    const n = 10_050;
    await t.pool.query(
      `INSERT INTO customers (club_id, id, email, first_name) SELECT $1, 'cus_' || g, g || '@example.com', 'Ann' FROM generate_series(1, $2::int) g`,
      [c.id, n],
    );
    const before = await lastSequence(t.pool, c.id);
    const returned = await withTransaction(t.pool, async (client) => {
      await client.query('SET LOCAL enable_indexscan = off');
      await client.query('SET LOCAL enable_bitmapscan = off');
      const { rows } = await client.query<{ id: string }>(`UPDATE customers SET first_name = 'Anna' WHERE club_id = $1 RETURNING id`, [c.id]);
      return rows.map((row) => row.id);
    });
    const signals = await signalsSince(t.pool, c.id, before);
    expect(signals).toHaveLength(n);
    expect(signals.map((s) => s.data.object.id)).toEqual(returned);
    expect(new Set(signals.map((s) => `${s.type} ${JSON.stringify(s.previous_attributes)}`))).toEqual(new Set(['customer.updated {"first_name":"Ann"}']));
  });

  it('a platform trigger moving a booking’s court as its row changes: one booking.updated showing both changes', async () => {
    const prefix = `bkg_${uid()}`;
    await inTransaction(t.pool, [insertBookingsWithCourts(prefix, 1)]);
    const id = `${prefix}_1`;
    const previous = (await get(`/v1/bookings/${id}`)).json();
    // The court row changes during the statement, after the booking's own row: its touch renders
    // the booking with the new title already in it.
    const before = await lastSequence(t.pool, club.id);
    await withTransaction(t.pool, async (client) => {
      await client.query(`CREATE OR REPLACE FUNCTION pg_temp.move_court() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE booking_spaces SET space_id = 'spa_2' WHERE club_id = NEW.club_id AND booking_id = NEW.id;
          RETURN NULL;
        END $$`);
      await client.query(`CREATE TRIGGER move_court AFTER UPDATE ON bookings FOR EACH ROW
        WHEN (NEW.title = 'Moved court') EXECUTE FUNCTION pg_temp.move_court()`);
      await client.query(`UPDATE bookings SET title = 'Moved court' WHERE club_id = $1 AND id = $2`, [club.id, id]);
      await client.query('DROP TRIGGER move_court ON bookings');
    });
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => s.type)).toEqual(['booking.updated']);
    expect(signals[0]!.previous_attributes).toEqual({ title: null, spaces: previous.spaces });
    expect(signals[0]!.data.object).toEqual((await get(`/v1/bookings/${id}`)).json());
  });

  it('an update that changes nothing in a row touches nothing; a changed key is the old resource gone and a new one', async () => {
    const c = await insertClub(t.pool);
    const kept = await insertCustomer(t.pool, c.id, { firstName: 'Ann' });
    const renamed = await insertCustomer(t.pool, c.id, { firstName: 'Bo' });
    const before = await lastSequence(t.pool, c.id);
    const pending = await withTransaction(t.pool, async (client) => {
      await client.query(`UPDATE customers SET first_name = first_name WHERE club_id = $1`, [c.id]);
      const { rows } = await client.query('SELECT count(*)::int AS n FROM signal_pending WHERE txid = pg_current_xact_id()');
      await client.query(`UPDATE customers SET id = 'cus_renamed' WHERE club_id = $1 AND id = $2`, [c.id, renamed]);
      return rows[0].n;
    });
    expect(pending).toBe(0);
    const signals = await signalsSince(t.pool, c.id, before);
    expect(signals.map((s) => [s.type, s.data.object.id])).toEqual([
      ['customer.archived', renamed],
      ['customer.created', 'cus_renamed'],
    ]);
    expect(signals.some((s) => s.data.object.id === kept)).toBe(false);
  });

  it('a customer deleted and inserted again in one transaction is customer.updated, as one-row writes make it', async () => {
    const c = await insertClub(t.pool);
    const id = await insertCustomer(t.pool, c.id, { firstName: 'Ann' });
    const before = await lastSequence(t.pool, c.id);
    await inTransaction(t.pool, [
      ['DELETE FROM customers WHERE club_id = $1 AND id = $2', [c.id, id]],
      [`INSERT INTO customers (club_id, id, email, first_name, first_became_customer_at) VALUES ($1, $2, $2 || '@example.com', 'Anna', '2026-01-01Z')`, [c.id, id]],
    ]);
    const signals = await signalsSince(t.pool, c.id, before);
    expect(signals.map((s) => s.type)).toEqual(['customer.updated']);
    expect(signals[0]!.previous_attributes).toMatchObject({ first_name: 'Ann' });
  });

  it('INSERT … ON CONFLICT DO UPDATE and MERGE: the rows inserted are created, the rows updated updated', async () => {
    const c = await insertClub(t.pool);
    const existing = await insertCustomer(t.pool, c.id, { firstName: 'Ann' });
    const before = await lastSequence(t.pool, c.id);
    await t.pool.query(
      `INSERT INTO customers (club_id, id, email, first_name) VALUES ($1, $2, 'x@example.com', 'Anna'), ($1, 'cus_upserted', 'u@example.com', 'Una')
       ON CONFLICT (club_id, id) DO UPDATE SET first_name = EXCLUDED.first_name`,
      [c.id, existing],
    );
    await t.pool.query(
      `MERGE INTO customers t USING (VALUES ($2::text, 'Annie'), ('cus_merged', 'Mia')) AS s (id, first_name) ON t.club_id = $1 AND t.id = s.id
       WHEN MATCHED THEN UPDATE SET first_name = s.first_name
       WHEN NOT MATCHED THEN INSERT (club_id, id, email, first_name) VALUES ($1, s.id, s.id || '@example.com', s.first_name)`,
      [c.id, existing],
    );
    const signals = await signalsSince(t.pool, c.id, before);
    // Each statement's rows it inserted, then those it updated.
    expect(signals.map((s) => [s.type, s.data.object.id, s.previous_attributes ?? null])).toEqual([
      ['customer.created', 'cus_upserted', null],
      ['customer.updated', existing, { first_name: 'Ann' }],
      ['customer.created', 'cus_merged', null],
      ['customer.updated', existing, { first_name: 'Anna' }],
    ]);
  });

  it('statements with signals off touch nothing, and each statement’s mark is taken off again', async () => {
    const c = await insertClub(t.pool);
    const marks = await withTransaction(t.pool, async (client) => {
      await client.query(`SET LOCAL clubdata.signals = 'off'`);
      await client.query(`INSERT INTO customers (club_id, id, email) VALUES ($1, 'cus_quiet', 'q@example.com')`, [c.id]);
      await client.query(`SET LOCAL clubdata.signals = 'on'`);
      await client.query(`INSERT INTO customers (club_id, id, email) VALUES ($1, 'cus_heard', 'h@example.com')`, [c.id]);
      await client.query(`UPDATE customers SET first_name = 'Hal' WHERE club_id = $1 AND id = 'cus_heard'`, [c.id]);
      const { rows } = await client.query(`SELECT current_setting('clubdata.signal_marks_customers') AS marks`);
      return rows[0].marks;
    });
    expect(marks).toBe('');
    const signals = await signalsSince(t.pool, c.id);
    expect(signals.map((s) => [s.type, s.data.object.id])).toEqual([['customer.created', 'cus_heard']]);
  });
  it('a platform trigger making a booking for each new customer: each customer’s signal comes before its booking’s', async () => {
    const c = await insertClub(t.pool);
    const signals = await withTransaction(t.pool, async (client) => {
      await client.query(`CREATE OR REPLACE FUNCTION pg_temp.welcome_booking() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO bookings (club_id, id, customer_id, business_date, starts_at, ends_at)
          VALUES (NEW.club_id, 'bkg_' || NEW.id, NEW.id, '2026-08-03', '2026-08-03T14:00:00Z', '2026-08-03T15:00:00Z');
          RETURN NULL;
        END $$`);
      await client.query(`CREATE TRIGGER welcome_booking AFTER INSERT ON customers FOR EACH ROW
        WHEN (NEW.email LIKE '%@welcome.example') EXECUTE FUNCTION pg_temp.welcome_booking()`);
      await client.query(
        `INSERT INTO customers (club_id, id, email) VALUES ($1, 'cus_w1', 'w1@welcome.example'), ($1, 'cus_w2', 'w2@welcome.example')`,
        [c.id],
      );
      await client.query('DROP TRIGGER welcome_booking ON customers');
      return null;
    }).then(() => signalsSince(t.pool, c.id));
    expect(signals.map((s) => [s.type, s.data.object.id])).toEqual([
      ['customer.created', 'cus_w1'],
      ['customer.created', 'cus_w2'],
      ['booking.created', 'bkg_cus_w1'],
      ['booking.created', 'bkg_cus_w2'],
    ]);
  });

  it('a customer deleted and inserted again by one statement is customer.updated', async () => {
    const c = await insertClub(t.pool);
    const id = await insertCustomer(t.pool, c.id, { firstName: 'Ann' });
    const before = await lastSequence(t.pool, c.id);
    await t.pool.query(
      `WITH gone AS (DELETE FROM customers WHERE club_id = $1 AND id = $2 RETURNING club_id, id, email)
       INSERT INTO customers (club_id, id, email, first_name) SELECT club_id, id, email, 'Anna' FROM gone`,
      [c.id, id],
    );
    const signals = await signalsSince(t.pool, c.id, before);
    expect(signals.map((s) => s.type)).toEqual(['customer.updated']);
    expect(signals[0]!.previous_attributes).toMatchObject({ first_name: 'Ann' });
  });

  it('a writer whose session shows dates in another style updates rows of any date', async () => {
    const c = await insertClub(t.pool);
    const id = await insertCustomer(t.pool, c.id, { firstName: 'Ann', firstBecameCustomerAt: '0001-01-01T00:00:00Z' });
    const before = await lastSequence(t.pool, c.id);
    await withTransaction(t.pool, async (client) => {
      await client.query(`SET LOCAL DateStyle = 'SQL, DMY'`);
      await client.query(`SET LOCAL TimeZone = 'America/New_York'`);
      await client.query(`UPDATE customers SET first_name = 'Anna' WHERE club_id = $1 AND id = $2`, [c.id, id]);
    });
    const signals = await signalsSince(t.pool, c.id, before);
    expect(signals.map((s) => [s.type, s.previous_attributes])).toEqual([['customer.updated', { first_name: 'Ann' }]]);
  });

  it('with the mark trigger switched off alone, writes still emit what they change', async () => {
    const c = await insertClub(t.pool);
    const kinds = await withTransaction(t.pool, async (client) => {
      await client.query('ALTER TABLE customers DISABLE TRIGGER _490_signal_mark');
      await client.query(`INSERT INTO customers (club_id, id, email) VALUES ($1, 'cus_unmarked', 'u@example.com')`, [c.id]);
      await client.query(`UPDATE customers SET first_name = 'Una' WHERE club_id = $1 AND id = 'cus_unmarked'`, [c.id]);
      await client.query('ALTER TABLE customers ENABLE TRIGGER _490_signal_mark');
      const { rows } = await client.query<{ kind: string }>('SELECT kind FROM signal_pending WHERE txid = pg_current_xact_id()');
      return rows.map((row) => row.kind);
    });
    expect(kinds).toEqual(['customer']);
    const signals = await signalsSince(t.pool, c.id);
    expect(signals.map((s) => [s.type, s.data.object.first_name])).toEqual([['customer.created', 'Una']]);
  });

  it('a session whose first update wrote one row joins a later bulk update’s old and new rows by hashing, and compiles no plan', async () => {
    const c = await insertClub(t.pool);
    const n = 200;
    await t.pool.query(
      `INSERT INTO customers (club_id, id, email) SELECT $1, 'cus_' || g, g || '@example.com' FROM generate_series(1, $2::int) g`,
      [c.id, n],
    );
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      // JIT at no cost: any plan the touch may compile shows a JIT section (where the server has JIT).
      await client.query('SET jit_above_cost = 0');
      const jit = (await client.query<{ on: boolean }>('SELECT pg_jit_available() AS on')).rows[0]!.on;
      // The touch's plan is made here, for transition tables of one row, and kept for the session.
      await client.query(`UPDATE customers SET first_name = 'One' WHERE club_id = $1 AND id = 'cus_1'`, [c.id]);
      // auto_explain shows the plans the touch runs, with each node's loops.
      await client.query(`LOAD 'auto_explain'`);
      await client.query('SET auto_explain.log_min_duration = 0');
      await client.query('SET auto_explain.log_nested_statements = on');
      await client.query('SET auto_explain.log_analyze = on');
      await client.query('SET auto_explain.log_timing = off');
      const plans: string[] = [];
      client.on('notice', (notice: { message?: string }) => plans.push(notice.message ?? ''));
      await client.query('SET client_min_messages = log');
      await client.query('BEGIN');
      await client.query(`UPDATE customers SET first_name = 'Many' WHERE club_id = $1`, [c.id]);
      await client.query('RESET client_min_messages');
      await client.query('COMMIT');
      const touch = plans.filter((plan) => plan.includes('INSERT INTO signal_pending AS p') && plan.includes('old_rows'));
      expect(touch).toHaveLength(1);
      // Each transition table read once, not once per row of the other (a nested loop: loops=200).
      const scans = touch[0]!.match(/Named Tuplestore Scan[^\n]*/g) ?? [];
      expect(scans.length).toBeGreaterThan(0);
      for (const scan of scans) expect(scan).toMatch(/loops=1\)/);
      if (jit) expect(touch[0]).not.toContain('JIT:');
    } finally {
      await client.end();
    }
    // The one-row update, then every row.
    const signals = await signalsSince(t.pool, c.id);
    expect(signals.filter((s) => s.type === 'customer.updated')).toHaveLength(1 + n);
  });
});

describe('one transaction, several statements', () => {
  it('numbers signals in the order resources were first touched, whatever touches them later', async () => {
    const c = await insertClub(t.pool);
    const first = await insertCustomer(t.pool, c.id, { firstName: 'Ann' });
    const second = await insertCustomer(t.pool, c.id, { firstName: 'Bo' });
    const before = await lastSequence(t.pool, c.id);
    await inTransaction(t.pool, [
      [`UPDATE customers SET first_name = 'Bea' WHERE club_id = $1 AND id = $2`, [c.id, second]],
      [`INSERT INTO customers (club_id, id, email) VALUES ($1, 'cus_new', 'new@example.com')`, [c.id]],
      [`UPDATE customers SET first_name = 'Anna' WHERE club_id = $1 AND id = $2`, [c.id, first]],
      [`UPDATE customers SET last_name = 'Berg' WHERE club_id = $1 AND id = $2`, [c.id, second]],
    ]);
    const signals = await signalsSince(t.pool, c.id, before);
    expect(signals.map((s) => [s.sequence, s.type, s.data.object.id])).toEqual([
      [before + 1, 'customer.updated', second],
      [before + 2, 'customer.created', 'cus_new'],
      [before + 3, 'customer.updated', first],
    ]);
    expect(signals[0]!.previous_attributes).toEqual({ first_name: 'Bo', last_name: '' });
  });

  it('a booking created, changed and given a court in one transaction emits one booking.created as it ends', async () => {
    const before = await lastSequence(t.pool, club.id);
    const id = `bkg_${uid()}`;
    await inTransaction(t.pool, [
      [
        `INSERT INTO bookings (club_id, id, customer_id, business_date, starts_at, ends_at)
         VALUES ($1, $2, $3, '2026-08-02', '2026-08-02T14:00:00Z', '2026-08-02T15:00:00Z')`,
        [club.id, id, customer],
      ],
      [`UPDATE bookings SET title = 'Doubles' WHERE club_id = $1 AND id = $2`, [club.id, id]],
      [
        `INSERT INTO booking_spaces (club_id, booking_id, space_id, starts_at, ends_at)
         VALUES ($1, $2, 'spa_2', '2026-08-02T14:00:00Z', '2026-08-02T15:00:00Z')`,
        [club.id, id],
      ],
    ]);
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => s.type)).toEqual(['booking.created']);
    expect(signals[0]!.data.object).toEqual((await get(`/v1/bookings/${id}`)).json());
  });

  it('a booking created and deleted in the same transaction emits nothing', async () => {
    const before = await lastSequence(t.pool, club.id);
    const prefix = `bkg_${uid()}`;
    await inTransaction(t.pool, [
      insertBookingsWithCourts(prefix, 3),
      ['DELETE FROM bookings WHERE club_id = $1 AND id = ANY ($2)', [club.id, ids(prefix, 3)]],
    ]);
    expect(await signalsSince(t.pool, club.id, before)).toEqual([]);
  });

  it('a savepoint rolled back takes its touches with it, even the first of the batch', async () => {
    const c = await insertClub(t.pool);
    const insert = (id: string): [string, unknown[]] => [`INSERT INTO customers (club_id, id, email) VALUES ($1, $2, $2 || '@example.com')`, [c.id, id]];
    await inTransaction(t.pool, [['SAVEPOINT s'], insert('cus_gone'), ['ROLLBACK TO SAVEPOINT s'], insert('cus_kept')]);
    await inTransaction(t.pool, [insert('cus_first'), ['SAVEPOINT s'], insert('cus_undone'), ['ROLLBACK TO SAVEPOINT s']]);
    const signals = await signalsSince(t.pool, c.id);
    expect(signals.map((s) => [s.sequence, s.data.object.id])).toEqual([
      [1, 'cus_kept'],
      [2, 'cus_first'],
    ]);
    const { rows } = await t.pool.query('SELECT count(*)::int AS n FROM signal_pending');
    expect(rows[0].n).toBe(0);
  });
});

describe('the commit-time pass', () => {
  it('finds a bulk statement’s touches through the index, even with plans made after VACUUM emptied the table', async () => {
    const prefix = `bkg_${uid()}`;
    await inTransaction(t.pool, [insertBookingsWithCourts(prefix, 60)]);
    // signal_pending is empty between transactions; VACUUM truncates it to no pages at all, and
    // a plan made now would find that scanning it beats its index.
    await t.pool.query('VACUUM signal_pending');
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      // A few single writes first, so that the session's plans are the cached, generic ones.
      for (let i = 1; i <= 8; i++) {
        await client.query(`UPDATE bookings SET title = $3 WHERE club_id = $1 AND id = $2`, [club.id, `${prefix}_1`, `Warm ${i}`]);
      }
      await client.query('BEGIN');
      const scans = async () =>
        (
          await client.query<{ seq: number }>(
            `SELECT coalesce(sum(seq_scan), 0)::int AS seq FROM pg_stat_xact_user_tables WHERE relname = 'signal_pending'`,
          )
        ).rows[0]!.seq;
      const before = await scans();
      await client.query(`UPDATE bookings SET title = 'Nightly' WHERE club_id = $1 AND id = ANY ($2)`, [club.id, ids(prefix, 60)]);
      await client.query('SET CONSTRAINTS ALL IMMEDIATE');
      // Without the index, each of the 60 touches scanned the table (and the pass at commit once).
      expect((await scans()) - before).toBe(0);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
  });

  it('runs once for a whole bulk statement', async () => {
    const c = await insertClub(t.pool);
    const firings = await withTransaction(t.pool, async (client) => {
      await client.query("SET LOCAL track_functions = 'all'");
      // The view also holds calls this connection made before and has not reported yet (when the
      // server tracks functions itself): count from here.
      const emitCalls = async () =>
        (await client.query(`SELECT coalesce(sum(calls), 0)::int AS n FROM pg_stat_xact_user_functions WHERE funcname = 'tg__signal_emit'`))
          .rows[0].n as number;
      const before = await emitCalls();
      await client.query(`INSERT INTO customers (club_id, email) SELECT $1, 'f' || g || '@example.com' FROM generate_series(1, 40) g`, [c.id]);
      await client.query('SET CONSTRAINTS ALL IMMEDIATE'); // the commit-time work, now, where this transaction can count it
      return (await emitCalls()) - before;
    });
    expect(firings).toBe(1);
    expect(sequences(await signalsSince(t.pool, c.id))).toEqual(contiguous(1, 40));
  });

  it('locks the clubs’ counters in id order, so two writers of the same clubs never wait on each other in a cycle', async () => {
    const [low, high] = [(await insertClub(t.pool)).id, (await insertClub(t.pool)).id].sort() as [string, string];
    const insert = (clubId: string): [string, unknown[]] => [`INSERT INTO customers (club_id, email) VALUES ($1, $2)`, [clubId, `${uid()}@example.com`]];
    await inTransaction(t.pool, [insert(low), insert(high)]);
    const holder = await t.pool.connect();
    let writer: Promise<void> | undefined;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM signal_sequences WHERE club_id = $1 FOR UPDATE', [high]);
      // Touches the higher club first; its commit waits for the holder.
      writer = inTransaction(t.pool, [insert(high), insert(low)]);
      let waiting = 0;
      for (let i = 0; i < 1500 && waiting === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        const { rows } = await t.pool.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query = 'COMMIT'`,
        );
        waiting = rows[0].n;
      }
      expect(waiting).toBe(1);
      // While it waits for the higher club, it already holds the lower one's counter.
      await expect(t.pool.query('SELECT 1 FROM signal_sequences WHERE club_id = $1 FOR UPDATE NOWAIT', [low])).rejects.toThrow(
        /could not obtain lock/,
      );
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
      await writer;
    }
    expect((await signalsSince(t.pool, high)).map((s) => s.sequence)).toEqual([1, 2]);
  });

  it('wakes listeners once per club and transaction, naming the club’s last sequence', async () => {
    const [a, b] = [await insertClub(t.pool), await insertClub(t.pool)];
    const listener = new pg.Client({ connectionString: t.url });
    await listener.connect();
    const received: string[] = [];
    listener.on('notification', (n) => received.push(n.payload ?? ''));
    await listener.query('LISTEN clubdata_signals');
    try {
      const insert = (clubId: string, n: number): [string, unknown[]] => [
        `INSERT INTO customers (club_id, email) SELECT $1, $2 || g || '@example.com' FROM generate_series(1, $3::int) g`,
        [clubId, uid(), n],
      ];
      await inTransaction(t.pool, [insert(a.id, 3), insert(b.id, 2), insert(a.id, 1)]);
      for (let i = 0; i < 1500 && received.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100)); // and no more
      expect(received.sort()).toEqual([`${a.id}:4`, `${b.id}:2`].sort());
    } finally {
      await listener.end();
    }
  });
});
