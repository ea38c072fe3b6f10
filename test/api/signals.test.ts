import { beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertCustomer } from '../fixtures.ts';
import { bearer, insertClub, setupClubApi } from '../helper.ts';
import { expectOpenApi } from '../openapi.ts';

const t = await setupClubApi({ scopes: ['customers:read', 'signals:read'] });
const { club, get } = t;
const customers: string[] = [];
const ids = (body: { data: { id: string }[] }) => body.data.map((s) => s.id);

beforeAll(async () => {
  for (let i = 0; i < 3; i++) customers.push(await insertCustomer(t.pool, club.id));
  await t.pool.query(`UPDATE customers SET first_name = 'Renamed' WHERE club_id = $1 AND id = $2`, [club.id, customers[0]]);
  await t.pool.query(`UPDATE customers SET archived_at = now() WHERE club_id = $1 AND id = $2`, [club.id, customers[1]]);
});

describe('GET /v1/signals', () => {
  it('lists the stored copies oldest first by sequence', async () => {
    const res = await get('/v1/signals');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/signals', 'GET', 200, body);
    expect(body).toMatchObject({ object: 'list', has_more: false, url: '/v1/signals' });
    expect(body.data.map((s: { type: string }) => s.type)).toEqual([
      'customer.created',
      'customer.created',
      'customer.created',
      'customer.updated',
      'customer.archived',
    ]);
    const sequences = body.data.map((s: { sequence: number }) => s.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
  });

  it('returns the same bytes in the list and in the retrieve', async () => {
    const res = await get('/v1/signals?limit=1');
    const listed = res.body.slice(res.body.indexOf('[') + 1, res.body.lastIndexOf(']'));
    const id = res.json().data[0].id;
    const single = await get(`/v1/signals/${id}`);
    expect(single.statusCode).toBe(200);
    expectOpenApi(t.app, '/v1/signals/{id}', 'GET', 200, single.json());
    expect(single.body).toBe(listed);
    const { rows } = await t.pool.query('SELECT body FROM signals WHERE id = $1', [id]);
    expect(single.body).toBe(rows[0].body);
  });

  it('pages with starting_after in either order', async () => {
    const all = ids((await get('/v1/signals')).json());
    const first = (await get('/v1/signals?limit=2')).json();
    expect(first.has_more).toBe(true);
    const second = (await get(`/v1/signals?limit=2&starting_after=${first.data[1].id}`)).json();
    expect([...ids(first), ...ids(second)]).toEqual(all.slice(0, 4));
    const desc = (await get('/v1/signals?order=desc&limit=2')).json();
    expect(ids(desc)).toEqual(all.slice(-2).reverse());
    const descNext = (await get(`/v1/signals?order=desc&limit=2&starting_after=${desc.data[1].id}`)).json();
    expect(ids(descNext)).toEqual(all.slice(-4, -2).reverse());
  });

  it('filters by type and by resource_id', async () => {
    const created = (await get('/v1/signals?type=customer.created')).json();
    expect(created.data).toHaveLength(3);
    const one = (await get(`/v1/signals?resource_id=${customers[0]}`)).json();
    expect(one.data.map((s: { type: string }) => s.type)).toEqual(['customer.created', 'customer.updated']);
    expect(one.data.every((s: { data: { object: { id: string } } }) => s.data.object.id === customers[0])).toBe(true);
  });

  it('applies created_after and created_before inclusively', async () => {
    const all = (await get('/v1/signals')).json().data as { id: string; created: string }[];
    const pivot = all[2]!.created;
    const after = (await get(`/v1/signals?created_after=${pivot}`)).json();
    expect(ids(after)).toEqual(all.filter((s) => s.created >= pivot).map((s) => s.id));
    const before = (await get(`/v1/signals?created_before=${pivot}`)).json();
    expect(ids(before)).toEqual(all.filter((s) => s.created <= pivot).map((s) => s.id));
    const exact = (await get(`/v1/signals?created_after=${pivot}&created_before=${pivot}`)).json();
    expect(ids(exact)).toEqual(all.filter((s) => s.created === pivot).map((s) => s.id));
    expect(ids(exact)).toContain(all[2]!.id);
    // An offset other than Z names the same instant.
    const shifted = new Date(Date.parse(pivot)).toISOString().replace('Z', '+00:00');
    expect(ids((await get(`/v1/signals?created_after=${encodeURIComponent(shifted)}`)).json())).toEqual(ids(after));
  });

  it('omits signals whose scope the key lacks, without an error', async () => {
    await insertBooking(t.pool, club.id, {
      customerId: customers[2]!,
      businessDate: '2026-05-01',
      start: '2026-05-01T10:00:00Z',
      end: '2026-05-01T11:00:00Z',
    });
    const narrow = (await get('/v1/signals?limit=100')).json();
    expect(narrow.data.some((s: { type: string }) => s.type.startsWith('booking.'))).toBe(false);
    const wide = await bearer(t.pool, club.id, { scopes: ['bookings:read', 'signals:read'] });
    const booking = (await get('/v1/signals?limit=100', wide)).json();
    expect(booking.data.map((s: { type: string }) => s.type)).toEqual(['booking.created']);
    const hidden = booking.data[0].id;
    expect((await get(`/v1/signals/${hidden}`)).statusCode).toBe(404);
  });

  it('needs signals:read', async () => {
    const noSignals = await bearer(t.pool, club.id, { scopes: ['customers:read'] });
    const res = await get('/v1/signals', noSignals);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope' });
  });

  it('rejects bad values with 400 naming the parameter', async () => {
    const cases: [string, string, string][] = [
      ['limit=0', 'limit', 'parameter_invalid'],
      ['limit=101', 'limit', 'parameter_invalid'],
      ['order=newest', 'order', 'parameter_invalid'],
      ['type=customer.deleted', 'type', 'parameter_invalid'],
      ['created_after=yesterday', 'created_after', 'parameter_invalid'],
      ['created_before=2026-13-01T00:00:00Z', 'created_before', 'parameter_invalid'],
      ['created_after=2026-02-01T00:00:00Z&created_before=2026-01-01T00:00:00Z', 'created_before', 'parameter_invalid'],
      ['starting_after=sig_unknown', 'starting_after', 'parameter_invalid'],
      ['resource_id=', 'resource_id', 'parameter_invalid'],
      ['sort=asc', 'sort', 'parameter_unknown'],
    ];
    for (const [query, param, code] of cases) {
      const res = await get(`/v1/signals?${query}`);
      expect(res.statusCode, query).toBe(400);
      expectOpenApi(t.app, '/v1/signals', 'GET', 400, res.json());
      expect(res.json().error, query).toMatchObject({ type: 'invalid_request_error', code, param });
    }
  });

  it('refuses well-formed bounds PostgreSQL cannot take with 400, never 500', async () => {
    // Both pass the date-time format; year 0000 and offsets beyond ±15:59 are no timestamptz.
    const cases: [string, string][] = [
      ['created_after=0000-01-01T00:00:00Z', 'created_after'],
      [`created_after=${encodeURIComponent('2026-01-01T00:00:00+16:00')}`, 'created_after'],
      [`created_before=${encodeURIComponent('2026-01-01T00:00:00+16:00')}`, 'created_before'],
      [`created_before=${encodeURIComponent('2026-01-01T00:00:00-16:00')}`, 'created_before'],
    ];
    for (const [query, param] of cases) {
      const res = await get(`/v1/signals?${query}`);
      expect(res.statusCode, query).toBe(400);
      expectOpenApi(t.app, '/v1/signals', 'GET', 400, res.json());
      expect(res.json().error, query).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid', param });
    }
    // The extremes PostgreSQL does take still work: year 0001 and an offset of ±15:59.
    const all = ids((await get('/v1/signals?limit=100')).json());
    const widest = `created_after=${encodeURIComponent('0001-01-01T00:00:00+15:59')}&created_before=${encodeURIComponent('9999-12-31T23:59:59-15:59')}`;
    const res = await get(`/v1/signals?limit=100&${widest}`);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual(all);
  });

  it('compares bounds to the shown millisecond, at sub-millisecond precision', async () => {
    const all = (await get('/v1/signals')).json().data as { id: string; created: string }[];
    const pivot = all[2]!.created;
    const ms = pivot.slice(0, -1); // 2026-..T..:..:..mmm without the Z
    // A bound a fraction of a millisecond after the shown time excludes the signal...
    const later = (await get(`/v1/signals?created_after=${ms}0001Z`)).json();
    expect(ids(later)).toEqual(all.filter((s) => s.created > pivot).map((s) => s.id));
    // ...and a bound a fraction before the next millisecond still includes it.
    const upTo = (await get(`/v1/signals?created_before=${ms}9999Z`)).json();
    expect(ids(upTo)).toEqual(all.filter((s) => s.created <= pivot).map((s) => s.id));
  });

  it("answers 404 for another club's signal and gives a cursor of another club 400", async () => {
    const other = await insertClub(t.pool);
    await insertCustomer(t.pool, other.id);
    const { rows } = await t.pool.query('SELECT id FROM signals WHERE club_id = $1', [other.id]);
    expect((await get(`/v1/signals/${rows[0].id}`)).statusCode).toBe(404);
    const res = await get(`/v1/signals?starting_after=${rows[0].id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.param).toBe('starting_after');
  });
});

describe('sequence order under concurrent writers', () => {
  it('a reader paging with starting_after while others write never misses a signal', async () => {
    const busy = await insertClub(t.pool);
    const reader = await bearer(t.pool, busy.id, { scopes: ['customers:read', 'signals:read'] });
    const writers = 6;
    const perWriter = 40;
    let writing = true;
    // Each writer commits transactions that take varying time, so commits interleave.
    const write = async (w: number) => {
      for (let i = 0; i < perWriter; i++) {
        const client = await t.pool.connect();
        try {
          await client.query('BEGIN');
          await client.query(`INSERT INTO customers (club_id, email) VALUES ($1, $2)`, [busy.id, `w${w}-${i}@example.com`]);
          if ((w + i) % 3 === 0) await client.query('SELECT pg_sleep(0.005)');
          await client.query('COMMIT');
        } finally {
          client.release();
        }
      }
    };
    const seen: string[] = [];
    let cursor: string | undefined;
    const read = async () => {
      for (let rounds = 0; rounds < 2000; rounds++) {
        const stillWriting = writing;
        const url = `/v1/signals?limit=7${cursor ? `&starting_after=${cursor}` : ''}`;
        const page = (await get(url, reader)).json();
        for (const s of page.data) seen.push(s.id);
        if (page.data.length > 0) cursor = page.data[page.data.length - 1].id;
        if (!stillWriting && !page.has_more) return;
      }
      throw new Error('reader did not catch up');
    };
    const readerDone = read();
    await Promise.all(Array.from({ length: writers }, (_, w) => write(w)));
    writing = false;
    await readerDone;
    const { rows } = await t.pool.query('SELECT id FROM signals WHERE club_id = $1 ORDER BY sequence', [busy.id]);
    expect(rows).toHaveLength(writers * perWriter);
    expect(seen).toEqual(rows.map((r) => r.id));
  });
});
