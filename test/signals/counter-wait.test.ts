// A transaction whose commit-time pass waited for the club's counter while another transaction
// of the club committed gets the sequences after that transaction's. A receiver applies signals
// in sequence order (docs/webhooks.md), so what this one's signals show must include what the
// other committed, though the pass's snapshot was taken before that commit
// (sql/2-signals/cd_emit_signals.sql: the resources are then rendered again, once the counter is
// held).
import { describe, expect, it } from 'vitest';
import { insertCustomer, insertEvent } from '../fixtures.ts';
import { createTestDatabase, insertClub, uid } from '../helper.ts';
import { emitCounting, emitWhileHeld, inTransaction, lastSequence, signalsSince } from './signal-helper.ts';

const { pool } = await createTestDatabase();
const club = await insertClub(pool);

const rename = (customer: string, firstName: string): [string, unknown[]] => [
  'UPDATE customers SET first_name = $3 WHERE club_id = $1 AND id = $2',
  [club.id, customer, firstName],
];
const retitle = (event: string, title: string): [string, unknown[]] => [
  'UPDATE events SET title = $3 WHERE club_id = $1 AND id = $2',
  [club.id, event, title],
];

describe('a commit-time pass that waited for the club’s counter', () => {
  it('shows what the transaction numbered just before it committed, and reports it as changed', async () => {
    const host = await insertCustomer(pool, club.id, { firstName: 'Ann', lastName: 'Lee' });
    const event = await insertEvent(pool, club.id, { title: 'Drills', hostCustomerId: host });
    const start = await lastSequence(pool, club.id);
    // The holder renames the event's host; the writer retitles the event, whose rendering embeds
    // its host's name (sql/1-render/cd_render_host.sql). Neither waits for the other's row.
    const calls = await emitWhileHeld(pool, [rename(host, 'Anna')], [retitle(event, 'Advanced drills')], 'cd_render_resources_afresh');
    const signals = await signalsSince(pool, club.id, start);
    expect(signals.map((s) => [s.type, s.data.object.id])).toEqual([
      ['customer.updated', host],
      ['event.updated', event],
    ]);
    const renamedHost = { customer_id: host, first_name: 'Anna', last_name: 'Lee' };
    expect(signals[0]!.data.object).toMatchObject({ first_name: 'Anna' });
    expect(signals[1]!.data.object).toMatchObject({ title: 'Advanced drills', host: renamedHost });
    // Compared with the event as it was at the writer's first touch, before the rename.
    expect(signals[1]!.previous_attributes).toEqual({ title: 'Drills', host: { ...renamedHost, first_name: 'Ann' } });
    // It saw that the club's signals had moved on since its snapshot, and rendered afresh.
    expect(calls).toBe(1);
  });

  it('renders again every resource of that club, in its place, and only that club’s', async () => {
    const other = await insertClub(pool);
    const host = await insertCustomer(pool, club.id, { firstName: 'Cy', lastName: 'Ray' });
    const event = await insertEvent(pool, club.id, { title: 'Ladder', hostCustomerId: host });
    const participant = `par_${uid()}`;
    await pool.query('INSERT INTO participants (club_id, id, event_id, customer_id) VALUES ($1, $2, $3, $4)', [club.id, participant, event, host]);
    const otherHost = await insertCustomer(pool, other.id, { firstName: 'Di' });
    const otherEvent = await insertEvent(pool, other.id, { title: 'Social', hostCustomerId: otherHost });
    const start = await lastSequence(pool, club.id);
    // The holder renames the club's host, and quietly (signals off, so the other club's counter
    // does not move) the other club's host. The writer retitles the event and checks its host in
    // (both show the host's name), and retitles the other club's event, which shows its host.
    const afreshCalls = await emitWhileHeld(
      pool,
      [
        rename(host, 'Cyd'),
        ["SET LOCAL clubdata.signals = 'off'"],
        ['UPDATE customers SET first_name = $3 WHERE club_id = $1 AND id = $2', [other.id, otherHost, 'Dee']],
        ["SET LOCAL clubdata.signals = 'on'"],
      ],
      [
        retitle(event, 'Ladder finals'),
        ["UPDATE participants SET check_in_status = 'checked_in' WHERE club_id = $1 AND id = $2", [club.id, participant]],
        ['UPDATE events SET title = $3 WHERE club_id = $1 AND id = $2', [other.id, otherEvent, 'Social night']],
      ],
      'cd_render_resources_afresh',
    );
    expect(afreshCalls).toBe(1);
    const signals = await signalsSince(pool, club.id, start);
    expect(signals.map((s) => [s.type, s.data.object.id])).toEqual([
      ['customer.updated', host],
      ['event.updated', event],
      ['participant.checked_in', participant],
    ]);
    // Each of the club's resources rendered again, in its place.
    expect(signals[1]!.data.object).toMatchObject({ title: 'Ladder finals', host: { first_name: 'Cyd' } });
    expect(signals[2]!.data.object).toMatchObject({ id: participant, first_name: 'Cyd', check_in_status: 'checked_in' });
    // The other club's counter had not moved: its event keeps the rendering of the pass's
    // snapshot, taken before the holder committed the quiet rename. Rendered again, it would
    // show Dee.
    const theirs = await signalsSince(pool, other.id);
    expect(theirs.at(-1)).toMatchObject({ type: 'event.updated', data: { object: { id: otherEvent, title: 'Social night', host: { first_name: 'Di' } } } });
  });

  it('renders in its own snapshot when no one else committed meanwhile', async () => {
    const host = await insertCustomer(pool, club.id, { firstName: 'Bo' });
    const event = await insertEvent(pool, club.id, { title: 'Social', hostCustomerId: host });
    const start = await lastSequence(pool, club.id);
    await inTransaction(pool, [rename(host, 'Bob')]);
    const calls = await emitCounting(pool, [retitle(event, 'Social night')], 'cd_render_resources_afresh');
    const signals = await signalsSince(pool, club.id, start);
    expect(signals.map((s) => s.type)).toEqual(['customer.updated', 'event.updated']);
    expect(signals[1]!.data.object).toMatchObject({ title: 'Social night', host: { first_name: 'Bob' } });
    expect(calls).toBe(0);
  });
});
