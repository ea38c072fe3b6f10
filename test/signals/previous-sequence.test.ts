// previous_sequence: each signal names the club's previous signal about the same resource
// (data.object.id), or null for its first; stored at emit time (sql/2-signals/cd_emit_signals.sql)
// so that the list, the stream and every delivery carry the same value. What could get it wrong:
// a resource reached through a child table, several changes in one transaction or in two
// batches of one, interleaved records, another club, a bulk statement, and a transaction that
// commits a signal about the same resource while the emitting one waits for the club's counter.
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer, insertSpace, insertSpaceCategory } from '../fixtures.ts';
import { cleanUp, insertClub, setupClubApi, uid } from '../helper.ts';
import { openStream } from '../streams/sse-client.ts';
import { insertEndpoint, runPipeline } from '../workers/pipeline-helper.ts';
import { TestReceiver } from '../workers/receiver.ts';
import { emitCounting, emitWhileHeld, inTransaction, lastSequence, signalsSince, type StoredSignal } from './signal-helper.ts';

const t = await setupClubApi({ scopes: ['customers:read', 'bookings:read', 'events:read', 'signals:read'] });
const { club, get } = t;
let customer: string;

beforeAll(async () => {
  customer = await insertCustomer(t.pool, club.id, { email: 'chain@example.com' });
  await insertSpaceCategory(t.pool, club.id, { id: 'spc_1', name: 'Courts' });
  await insertSpace(t.pool, club.id, { id: 'spa_1', categoryId: 'spc_1', name: 'Court 1', shortName: 'C1', position: 1 });
  await insertSpace(t.pool, club.id, { id: 'spa_2', categoryId: 'spc_1', name: 'Court 2', shortName: 'C2', position: 2 });
});

const insertBooking = (id: string, clubId = club.id, customerId = customer): [string, unknown[]] => [
  `INSERT INTO bookings (club_id, id, customer_id, business_date, starts_at, ends_at)
   VALUES ($1, $2, $3, '2026-09-01', '2026-09-01T14:00:00Z', '2026-09-01T15:00:00Z')`,
  [clubId, id, customerId],
];
const addCourt = (id: string, space: string): [string, unknown[]] => [
  `INSERT INTO booking_spaces (club_id, booking_id, space_id, starts_at, ends_at)
   VALUES ($1, $2, $3, '2026-09-01T14:00:00Z', '2026-09-01T15:00:00Z')`,
  [club.id, id, space],
];
const retitle = (id: string, title: string, clubId = club.id): [string, unknown[]] => [
  `UPDATE bookings SET title = $3 WHERE club_id = $1 AND id = $2`,
  [clubId, id, title],
];

/** [type, sequence, previous_sequence] of each signal about `id`, oldest first. */
const chainOf = (signals: StoredSignal[], id: string) =>
  signals.filter((s) => s.data.object.id === id).map((s) => [s.type, s.sequence, s.previous_sequence] as const);

/** Checks that each signal names the one before it about the same resource, the first null. */
function expectChained(signals: StoredSignal[], id: string, types: string[]): void {
  const chain = chainOf(signals, id);
  expect(chain.map(([type]) => type)).toEqual(types);
  chain.forEach(([, , previous], i) => expect(previous, `${id} #${i + 1}`).toBe(i === 0 ? null : chain[i - 1]![1]));
}

describe('previous_sequence in the stored signal', () => {
  it('chains a record created, changed twice and deleted; it follows sequence in the body', async () => {
    const id = `bkg_${uid()}`;
    const before = await lastSequence(t.pool, club.id);
    await inTransaction(t.pool, [insertBooking(id), addCourt(id, 'spa_1')]);
    await inTransaction(t.pool, [retitle(id, 'Doubles')]);
    await t.pool.query(`UPDATE booking_spaces SET space_id = 'spa_2' WHERE club_id = $1 AND booking_id = $2`, [club.id, id]); // a child row alone
    await t.pool.query('DELETE FROM bookings WHERE club_id = $1 AND id = $2', [club.id, id]);
    const signals = await signalsSince(t.pool, club.id, before);
    expectChained(signals, id, ['booking.created', 'booking.updated', 'booking.updated', 'booking.canceled']);
    const { rows } = await t.pool.query<{ body: string; previous_sequence: string | null }>(
      'SELECT body, previous_sequence FROM signals WHERE club_id = $1 AND resource_id = $2 ORDER BY sequence',
      [club.id, id],
    );
    // The column holds what the body says, and the key comes right after `sequence`.
    expect(rows.map((r) => (r.previous_sequence === null ? null : Number(r.previous_sequence)))).toEqual(
      chainOf(signals, id).map(([, , previous]) => previous),
    );
    for (const row of rows) expect(Object.keys(JSON.parse(row.body)).slice(4, 7)).toEqual(['sequence', 'previous_sequence', 'api_version']);
  });

  it('chains two records changed in turns, each on its own, within and across transactions', async () => {
    const [a, b] = [`bkg_${uid()}`, `bkg_${uid()}`];
    const before = await lastSequence(t.pool, club.id);
    await inTransaction(t.pool, [insertBooking(a)]);
    await inTransaction(t.pool, [insertBooking(b), retitle(a, 'A1')]);
    await inTransaction(t.pool, [retitle(b, 'B1')]);
    await inTransaction(t.pool, [retitle(a, 'A2'), retitle(b, 'B2')]);
    const signals = await signalsSince(t.pool, club.id, before);
    expectChained(signals, a, ['booking.created', 'booking.updated', 'booking.updated']);
    expectChained(signals, b, ['booking.created', 'booking.updated', 'booking.updated']);
    expect(signals).toHaveLength(6);
  });

  it('several changes to one record in one transaction are one signal naming the transaction’s before', async () => {
    const id = `bkg_${uid()}`;
    await inTransaction(t.pool, [insertBooking(id)]);
    const before = await lastSequence(t.pool, club.id);
    await inTransaction(t.pool, [retitle(id, 'One'), addCourt(id, 'spa_1'), retitle(id, 'Two'), addCourt(id, 'spa_2')]);
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals.map((s) => [s.type, s.data.object.id])).toEqual([['booking.updated', id]]);
    const { rows } = await t.pool.query('SELECT sequence::int FROM signals WHERE club_id = $1 AND resource_id = $2 ORDER BY sequence', [club.id, id]);
    expect(signals[0]!.previous_sequence).toBe(rows[0].sequence);
  });

  it('two batches of one transaction each emit about the record, the second naming the first', async () => {
    const id = `bkg_${uid()}`;
    const before = await lastSequence(t.pool, club.id);
    await inTransaction(t.pool, [
      insertBooking(id),
      ['SET CONSTRAINTS ALL IMMEDIATE'], // emits the first batch now
      ['SET CONSTRAINTS ALL DEFERRED'],
      retitle(id, 'Later'),
    ]);
    expectChained(await signalsSince(t.pool, club.id, before), id, ['booking.created', 'booking.updated']);
  });

  it('one statement changing many records chains each to its own previous signal', async () => {
    const ids = Array.from({ length: 20 }, () => `bkg_${uid()}`);
    const before = await lastSequence(t.pool, club.id);
    // Created in one transaction in reverse, so that sequence order differs from id order.
    await inTransaction(t.pool, [...ids].reverse().map((id) => insertBooking(id)));
    await t.pool.query(`UPDATE bookings SET title = 'Nightly' WHERE club_id = $1 AND id = ANY ($2)`, [club.id, ids]);
    const signals = await signalsSince(t.pool, club.id, before);
    expect(signals).toHaveLength(40);
    for (const id of ids) expectChained(signals, id, ['booking.created', 'booking.updated']);
  });

  it('is per club: the same id in another club starts its own chain', async () => {
    const other = await insertClub(t.pool);
    const id = `cus_${uid()}`;
    const before = await lastSequence(t.pool, club.id);
    await insertCustomer(t.pool, club.id, { id, firstName: 'Here' });
    await insertCustomer(t.pool, other.id, { id, firstName: 'There' });
    await inTransaction(t.pool, [
      [`UPDATE customers SET first_name = 'Here again' WHERE club_id = $1 AND id = $2`, [club.id, id]],
      [`UPDATE customers SET first_name = 'There again' WHERE club_id = $1 AND id = $2`, [other.id, id]],
    ]);
    expectChained(await signalsSince(t.pool, club.id, before), id, ['customer.created', 'customer.updated']);
    const theirs = await signalsSince(t.pool, other.id);
    expect(theirs.map((s) => [s.sequence, s.previous_sequence])).toEqual([
      [1, null],
      [2, 1],
    ]);
  });

  it('names data.object.id’s previous signal for every kind, an event reached through its slots’ courts included', async () => {
    const c = await insertClub(t.pool);
    const host = await insertCustomer(t.pool, c.id);
    await insertSpaceCategory(t.pool, c.id, { id: 'spc_1', name: 'Courts' });
    await insertSpace(t.pool, c.id, { id: 'spa_1', categoryId: 'spc_1', name: 'Court 1', shortName: 'C1', position: 1 });
    await t.pool.query(`INSERT INTO products (club_id, id, name, slug) VALUES ($1, 'prod_1', 'Gold', 'gold')`, [c.id]);
    await t.pool.query(`INSERT INTO plans (club_id, id, product_id, name) VALUES ($1, 'plan_1', 'prod_1', 'Gold')`, [c.id]);
    const run = (sql: string, params: unknown[] = []) => t.pool.query(sql, [c.id, ...params]);
    await run(`INSERT INTO subscriptions (club_id, id, customer_id, plan_id, current_period_end) VALUES ($1, 'sub_1', $2, 'plan_1', '2030-01-01Z')`, [host]);
    await run(`UPDATE subscriptions SET status = 'past_due' WHERE club_id = $1 AND id = 'sub_1'`);
    await inTransaction(t.pool, [
      [`INSERT INTO events (club_id, id, event_type, title, max_participants, host_customer_id) VALUES ($1, 'evt_1', 'clinic', 'Drills', 8, $2)`, [c.id, host]],
      [
        `INSERT INTO event_sessions (club_id, event_id, business_date, starts_at, ends_at)
         VALUES ($1, 'evt_1', '2026-09-02', '2026-09-02T13:00:00Z', '2026-09-02T15:00:00Z')`,
        [c.id],
      ],
      [
        `INSERT INTO event_time_slots (club_id, id, event_id, business_date, starts_at, ends_at)
         VALUES ($1, 'ets_1', 'evt_1', '2026-09-02', '2026-09-02T13:00:00Z', '2026-09-02T15:00:00Z')`,
        [c.id],
      ],
    ]);
    await run(`INSERT INTO event_time_slot_spaces (club_id, time_slot_id, space_id) VALUES ($1, 'ets_1', 'spa_1')`); // through the slot
    await run(`UPDATE events SET title = 'Advanced drills' WHERE club_id = $1 AND id = 'evt_1'`);
    await run(`INSERT INTO participants (club_id, id, event_id, customer_id) VALUES ($1, 'par_1', 'evt_1', $2)`, [host]);
    await run(`UPDATE participants SET check_in_status = 'checked_in' WHERE club_id = $1 AND id = 'par_1'`);
    await run(`DELETE FROM participants WHERE club_id = $1 AND id = 'par_1'`);
    await run(`UPDATE customers SET archived_at = now() WHERE club_id = $1 AND id = $2`, [host]);
    const signals = await signalsSince(t.pool, c.id);
    expectChained(signals, host, ['customer.created', 'customer.archived']);
    expectChained(signals, 'sub_1', ['subscription.created', 'subscription.past_due']);
    expectChained(signals, 'evt_1', ['event.created', 'event.updated', 'event.updated']);
    expectChained(signals, 'par_1', ['participant.joined', 'participant.checked_in', 'participant.left']);
    // The resource a signal is about (its column, which the emit chains by) is data.object.id.
    const { rows } = await t.pool.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE resource_id IS DISTINCT FROM body::json -> 'data' -> 'object' ->> 'id')::int AS other
         FROM signals WHERE club_id = $1`,
      [c.id],
    );
    expect(rows[0]).toEqual({ n: signals.length, other: 0 });
  });

  it('finds the previous signal in its own snapshot when no one else committed meanwhile', async () => {
    const id = `bkg_${uid()}`;
    await inTransaction(t.pool, [insertBooking(id)]);
    expect(await emitCounting(t.pool, [retitle(id, 'Alone')], 'cd_signal_previous_sequences')).toBe(0);
    expectChained(await signalsSince(t.pool, club.id), id, ['booking.created', 'booking.updated']);
  });

  it('names the signal another transaction committed while this one waited for the club’s counter', async () => {
    const id = `bkg_${uid()}`;
    await inTransaction(t.pool, [insertBooking(id), addCourt(id, 'spa_1')]);
    // The holder changes the booking; the writer adds a court (its row lock does not conflict
    // with the holder's), and its pass starts with a snapshot in which the holder's signal is
    // not committed.
    const calls = await emitWhileHeld(t.pool, [retitle(id, 'First')], [addCourt(id, 'spa_2')], 'cd_signal_previous_sequences');
    expectChained(await signalsSince(t.pool, club.id), id, ['booking.created', 'booking.updated', 'booking.updated']);
    // It saw that the club's signals had moved on since its snapshot, and read afresh.
    expect(calls).toBe(1);
  });
});

describe('the list, the stream and deliveries', () => {
  it('carry the stored previous_sequence, byte for byte', async () => {
    const running = await runPipeline(t.pool, t.url, { backend: 'postgres' });
    const receiver = await new TestReceiver().start();
    cleanUp(() => receiver.stop());
    const endpoint = await insertEndpoint(t.pool, running.secretBox, club.id, receiver.url);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const start = await lastSequence(t.pool, club.id);
    const stream = await openStream(`${base}/v1/signals/stream?after_sequence=${start}`, { authorization: t.auth });
    try {
      const [a, b] = [`bkg_${uid()}`, `bkg_${uid()}`];
      await inTransaction(t.pool, [insertBooking(a), addCourt(a, 'spa_1')]);
      await inTransaction(t.pool, [insertBooking(b), retitle(a, 'A1')]);
      await inTransaction(t.pool, [retitle(b, 'B1'), retitle(a, 'A2')]);
      await t.pool.query('DELETE FROM bookings WHERE club_id = $1 AND id = ANY ($2)', [club.id, [a, b]]);
      const { rows: stored } = await t.pool.query<{ id: string; sequence: string; body: string }>(
        'SELECT id, sequence, body FROM signals WHERE club_id = $1 AND sequence > $2 ORDER BY sequence',
        [club.id, start],
      );
      expect(stored).toHaveLength(7);
      const parsed = stored.map((row) => JSON.parse(row.body) as StoredSignal);
      expectChained(parsed, a, ['booking.created', 'booking.updated', 'booking.updated', 'booking.canceled']);
      expectChained(parsed, b, ['booking.created', 'booking.updated', 'booking.canceled']);

      const listed = (await get(`/v1/signals?after_sequence=${start}&limit=100`)).json<{ data: StoredSignal[] }>().data;
      expect(listed).toEqual(parsed);
      await stream.waitFor((events) => events.filter((e) => e.event === 'signal').length >= stored.length);
      expect(stream.events.filter((e) => e.event === 'signal').map((e) => e.data)).toEqual(stored.map((row) => row.body));
      await receiver.waitFor(() => receiver.at(endpoint.path).length >= stored.length, 45_000, 'deliveries');
      const delivered = new Map(receiver.at(endpoint.path).map((request) => [request.headers['webhook-id'], request.body]));
      for (const row of stored) expect(delivered.get(row.id), row.id).toBe(row.body);
    } finally {
      stream.close();
      await running.close();
    }
  });
});
