// Every event has a host (migrations/0019_event_host_required.sql): a writer that leaves it out
// gets an error naming the column, and a database that holds events without one is brought in
// line (the demo clubs' events, made by an old `clubdata simulate`) or refused, naming them.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate } from '../../src/db/migrate.ts';
import { insertCustomer } from '../fixtures.ts';
import { cleanUp, createTestDatabase, insertClub } from '../helper.ts';

const MIGRATION = '0019_event_host_required.sql';
const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));

/**
 * migrations/ as it was before the host was required, and sql/ as of the commit that required
 * it: today's functions write columns that later migrations add (signals.previous_sequence).
 */
function schemaBefore(): { migrations: string; definitions: string } {
  const root = mkdtempSync(join(tmpdir(), 'clubdata-host-'));
  cleanUp(() => rmSync(root, { recursive: true, force: true }));
  const migrations = join(root, 'migrations');
  cpSync(MIGRATIONS_DIR, migrations, { recursive: true, filter: (source) => !source.endsWith('.sql') || basename(source) < MIGRATION });
  const git = (args: string[], input?: Buffer) => execFileSync('git', ['-C', REPOSITORY, ...args], { input, maxBuffer: 64 << 20 });
  const commit = git(['log', '-1', '--format=%H', '--', `migrations/${MIGRATION}`]).toString().trim();
  if (!commit) throw new Error(`this test reads the commit that added ${MIGRATION} from git history: run it in a full clone`);
  mkdirSync(join(root, 'at'));
  execFileSync('tar', ['-x', '-C', join(root, 'at')], { input: git(['archive', '--format=tar', commit, 'sql']) });
  return { migrations, definitions: join(root, 'at', 'sql') };
}

describe('every event has a host', () => {
  it('refuses an event without one, naming the column', async () => {
    const { pool } = await createTestDatabase();
    const club = await insertClub(pool);
    const error = await pool
      .query(`INSERT INTO events (club_id, event_type, title, max_participants) VALUES ($1, 'clinic', 'Drills', 8)`, [club.id])
      .catch((e: unknown) => e as { code: string; column: string; table: string; message: string });
    expect(error).toMatchObject({
      code: '23502',
      table: 'events',
      column: 'host_customer_id',
      message: 'null value in column "host_customer_id" of relation "events" violates not-null constraint',
    });
    const host = await insertCustomer(pool, club.id);
    await pool.query(`INSERT INTO events (club_id, event_type, title, max_participants, host_customer_id) VALUES ($1, 'clinic', 'Drills', 8, $2)`, [
      club.id,
      host,
    ]);
    await expect(pool.query(`UPDATE events SET host_customer_id = NULL WHERE club_id = $1`, [club.id])).rejects.toMatchObject({ code: '23502' });
  });

  it("migrating gives the demo clubs' hostless events a customer of theirs, with a signal, and refuses any other club's", async () => {
    const { url, pool } = await createTestDatabase({ empty: true });
    await migrate(url, schemaBefore());
    await pool.query(`INSERT INTO clubs (club_id, name, timezone) VALUES ('club_demo_ny', 'Demo', 'America/New_York')`);
    const other = await insertClub(pool);
    await insertCustomer(pool, 'club_demo_ny', { firstBecameCustomerAt: '2019-01-01T00:00:00Z', archivedAt: '2022-01-01T00:00:00Z' });
    const longest = await insertCustomer(pool, 'club_demo_ny', { firstBecameCustomerAt: '2020-01-01T00:00:00Z' });
    await insertCustomer(pool, 'club_demo_ny', { firstBecameCustomerAt: '2021-01-01T00:00:00Z' });
    const hostless = (club: string, id: string) =>
      pool.query(`INSERT INTO events (club_id, id, event_type, title, max_participants) VALUES ($1, $2, 'clinic', 'Drop-in clinic', 8)`, [club, id]);
    await hostless('club_demo_ny', 'evt_demo');
    await hostless(other.id, 'evt_theirs_1');
    await hostless(other.id, 'evt_theirs_2');

    await expect(migrate(url)).rejects.toThrow(
      `migrations/${MIGRATION}: 2 event(s) have no host (evt_theirs_1 in club ${other.id}, evt_theirs_2 in club ${other.id}): ` +
        'every event needs host_customer_id, the customer who hosts it. Set it on each ' +
        "(UPDATE events SET host_customer_id = 'cus_...' WHERE club_id = '...' AND id = 'evt_...'), then start again",
    );
    // One transaction: the demo event was not changed either.
    expect((await pool.query(`SELECT host_customer_id FROM events WHERE id = 'evt_demo'`)).rows).toEqual([{ host_customer_id: null }]);

    await pool.query(`UPDATE events SET host_customer_id = $1 WHERE club_id = $2`, [await insertCustomer(pool, other.id), other.id]);
    const report = await migrate(url);
    const fromHere = readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql') && file >= MIGRATION);
    expect(report.migrations).toEqual(fromHere.sort().map((file) => file.replace('.sql', '')));
    expect((await pool.query(`SELECT host_customer_id FROM events WHERE id = 'evt_demo'`)).rows).toEqual([{ host_customer_id: longest }]);
    const { rows } = await pool.query<{ type: string; sequence: string; body: string }>(
      `SELECT type, sequence, body FROM signals WHERE club_id = 'club_demo_ny' AND resource_id = 'evt_demo' ORDER BY sequence DESC LIMIT 2`,
    );
    expect(rows.map((row) => row.type)).toEqual(['event.updated', 'event.created']);
    expect(JSON.parse(rows[0]!.body)).toMatchObject({ data: { object: { host: { customer_id: longest } } }, previous_attributes: { host: null } });
    // Emitted as the migrations' transaction commits, after 0020: it names the event's signal before it.
    expect(JSON.parse(rows[0]!.body).previous_sequence).toBe(Number(rows[1]!.sequence));
    expect(JSON.parse(rows[1]!.body).previous_sequence).toBeNull();
  });
});
