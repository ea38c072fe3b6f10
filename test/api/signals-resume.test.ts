// Resuming the signal history from a point: after_sequence (the watermark of a read), and the
// 410 cursor_expired a cursor gets once retention has removed signals after it.
import { beforeAll, describe, expect, it } from 'vitest';
import { pruneSignals } from '../../src/db/signals.ts';
import { insertCustomer } from '../fixtures.ts';
import { setupClubApi } from '../helper.ts';
import { expectOpenApi } from '../openapi.ts';

const t = await setupClubApi({ scopes: ['customers:read', 'signals:read'] });
const { club, get } = t;

type Signal = { id: string; sequence: number; type: string };
const sequences = (body: { data: Signal[] }) => body.data.map((s) => s.sequence);

beforeAll(async () => {
  for (let i = 0; i < 6; i++) await insertCustomer(t.pool, club.id);
});

/** Makes the club's signals up to `through` look `days` old, as time would (the table refuses updates otherwise). */
async function age(through: number, days: number): Promise<void> {
  const client = await t.pool.connect();
  try {
    await client.query(`SET session_replication_role = replica`);
    await client.query(`UPDATE signals SET created_at = created_at - make_interval(days => $3) WHERE club_id = $1 AND sequence <= $2`, [
      club.id,
      through,
      days,
    ]);
  } finally {
    await client.query('RESET session_replication_role');
    client.release();
  }
}

describe('GET /v1/signals?after_sequence=', () => {
  it('returns the signals after the sequence, and follows on from a read’s Signal-Sequence', async () => {
    const read = await get('/v1/customers');
    const watermark = Number(read.headers['signal-sequence']);
    expect(watermark).toBe(6);
    const res = await get('/v1/signals?after_sequence=2');
    expect(res.statusCode).toBe(200);
    expectOpenApi(t.app, '/v1/signals', 'GET', 200, res.json());
    expect(sequences(res.json())).toEqual([3, 4, 5, 6]);
    expect((await get('/v1/signals?after_sequence=0&limit=2')).json()).toMatchObject({ has_more: true });
    expect(sequences((await get('/v1/signals?after_sequence=0&limit=2')).json())).toEqual([1, 2]);
    // At the watermark there is nothing yet; a change later, exactly that change.
    expect(sequences((await get(`/v1/signals?after_sequence=${watermark}`)).json())).toEqual([]);
    await t.pool.query(`UPDATE customers SET first_name = 'Later' WHERE club_id = $1 AND id = (SELECT min(id) FROM customers WHERE club_id = $1)`, [club.id]);
    const after = (await get(`/v1/signals?after_sequence=${watermark}`)).json();
    expect(after.data.map((s: Signal) => [s.sequence, s.type])).toEqual([[watermark + 1, 'customer.updated']]);
  });

  it('combines with type', async () => {
    const res = (await get('/v1/signals?after_sequence=3&type=customer.created')).json();
    expect(sequences(res)).toEqual([4, 5, 6]);
  });

  it('refuses what it cannot answer with 400 naming the parameter', async () => {
    const first = (await get('/v1/signals?limit=1')).json().data[0].id as string;
    const cases: [string, string][] = [
      [`after_sequence=1&starting_after=${first}`, 'after_sequence'],
      ['after_sequence=1&order=desc', 'order'],
      ['after_sequence=-1', 'after_sequence'],
      ['after_sequence=1.5', 'after_sequence'],
      ['after_sequence=1e3', 'after_sequence'],
      ['after_sequence=', 'after_sequence'],
      ['after_sequence=99999999999999999999999', 'after_sequence'],
      ['after_sequence=%00', 'after_sequence'],
      // Ahead of the club's history: another club's sequence, or a database restored from backup.
      ['after_sequence=1000', 'after_sequence'],
    ];
    for (const [query, param] of cases) {
      const res = await get(`/v1/signals?${query}`);
      expect(res.statusCode, query).toBe(400);
      expectOpenApi(t.app, '/v1/signals', 'GET', 400, res.json());
      expect(res.json().error, query).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid', param });
    }
    expect((await get('/v1/signals?after_sequence=1000')).json().error.message).toMatch(/ahead of this club's last signal sequence/);
  });
});

describe('a cursor in pruned history', () => {
  it('names its sequence in the signal id, so a pruned id is told from an unknown one', async () => {
    const { rows } = await t.pool.query<{ id: string; sequence: string; decoded: string }>(
      'SELECT id, sequence, cd_signal_id_sequence(id) AS decoded FROM signals WHERE club_id = $1',
      [club.id],
    );
    for (const row of rows) {
      expect(row.id).toMatch(/^sig_[0-9a-f]{24}$/);
      expect(row.decoded).toBe(row.sequence);
    }
  });

  it('gets 410 cursor_expired, on after_sequence and starting_after alike, once retention removed signals after it', async () => {
    const all = (await get('/v1/signals')).json().data as Signal[];
    await age(3, 40);
    const deleted = await pruneSignals(t.pool, 30);
    expect(deleted).toBe(3);
    for (const [query, param] of [
      ['after_sequence=0', 'after_sequence'],
      ['after_sequence=2', 'after_sequence'],
      [`starting_after=${all[0]!.id}`, 'starting_after'],
      [`starting_after=${all[2]!.id}`, 'starting_after'],
    ] as const) {
      const res = await get(`/v1/signals?${query}`);
      expect(res.statusCode, query).toBe(410);
      expectOpenApi(t.app, '/v1/signals', 'GET', 410, res.json());
      expect(res.json().error, query).toMatchObject({ type: 'invalid_request_error', code: 'cursor_expired', param });
      expect(res.json().error.message).toMatch(/removed by retention\. List again/);
    }
    // From the horizon on, nothing is missing: the history resumes exactly where it was cut.
    expect(sequences((await get('/v1/signals?after_sequence=3')).json())).toEqual(all.slice(3).map((s) => s.sequence));
    expect(sequences((await get(`/v1/signals?starting_after=${all[3]!.id}`)).json())).toEqual(all.slice(4).map((s) => s.sequence));
    // An id that never existed stays a 400, as does one of a sequence still to come.
    for (const id of ['sig_unknown', `sig_${'f'.repeat(24)}`]) {
      const res = await get(`/v1/signals?starting_after=${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'parameter_invalid', param: 'starting_after' });
    }
  });

  it('a second prune moves the horizon on and never back', async () => {
    const before = (await get('/v1/signals')).json().data as Signal[];
    await age(before[0]!.sequence, 40);
    expect(await pruneSignals(t.pool, 30)).toBe(1);
    expect(await pruneSignals(t.pool, 30)).toBe(0);
    expect((await get(`/v1/signals?after_sequence=${before[0]!.sequence - 1}`)).statusCode).toBe(410);
    expect((await get(`/v1/signals?after_sequence=${before[0]!.sequence}`)).statusCode).toBe(200);
  });
});
