import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCOPES } from '../../src/domain/scopes.ts';
import { expectOpenApi } from '../openapi.ts';
import { bearer, insertClub, setupApp, type TestContext } from '../helper.ts';

let t: TestContext;
let club: { id: string };
let auth: string;

async function insertSpace(
  clubId: string,
  fields: { id: string; name: string; short: string; position: number; category: string; visibility?: string },
) {
  await t.pool.query(
    `INSERT INTO spaces (club_id, id, category_id, name, short_name, visibility, position)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [clubId, fields.id, fields.category, fields.name, fields.short, fields.visibility ?? 'public', fields.position],
  );
}

beforeAll(async () => {
  t = await setupApp();
  club = await insertClub(t.pool);
  auth = await bearer(t.pool, club.id);
  await t.pool.query(
    `INSERT INTO space_categories (club_id, id, name) VALUES ($1, 'spc_tennis', 'Tennis'), ($1, 'spc_padel', 'Padel')`,
    [club.id],
  );
  // Inserted out of display order; position 2 holds two spaces, so their ids break the tie.
  await insertSpace(club.id, { id: 'spa_c', name: 'Centre Court', short: 'CC', position: 2, category: 'spc_tennis' });
  await insertSpace(club.id, { id: 'spa_a', name: 'Padel 1', short: 'P1', position: 3, category: 'spc_padel', visibility: 'hidden' });
  await insertSpace(club.id, { id: 'spa_b', name: 'Court 2', short: 'C2', position: 2, category: 'spc_tennis', visibility: 'members_only' });
  await insertSpace(club.id, { id: 'spa_z', name: 'Court 1', short: 'C1', position: 1, category: 'spc_tennis' });
});

const get = (url: string, authorization = auth) => t.app.inject({ method: 'GET', url, headers: { authorization } });

describe('GET /v1/spaces', () => {
  it('lists every space in display order (position, then id) in an unpaginated envelope', async () => {
    const res = await get('/v1/spaces');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/spaces', 'GET', 200, body);
    expect(body).toMatchObject({ object: 'list', has_more: false, url: '/v1/spaces' });
    expect(body.data.map((s: { id: string }) => s.id)).toEqual(['spa_z', 'spa_b', 'spa_c', 'spa_a']);
  });

  it('renders each field, with the category embedded and every visibility listed', async () => {
    const { data } = (await get('/v1/spaces')).json();
    expect(data[0]).toEqual({
      id: 'spa_z',
      object: 'space',
      name: 'Court 1',
      short_name: 'C1',
      category: { id: 'spc_tennis', name: 'Tennis' },
      visibility: 'public',
    });
    expect(Object.keys(data[0])).toEqual(['id', 'object', 'name', 'short_name', 'category', 'visibility']);
    expect(data[3]).toMatchObject({ id: 'spa_a', category: { id: 'spc_padel', name: 'Padel' }, visibility: 'hidden' });
    expect(data[1].visibility).toBe('members_only');
  });

  it("never shows another club's spaces, and gives an empty list to a club without any", async () => {
    const other = await insertClub(t.pool);
    await t.pool.query(`INSERT INTO space_categories (club_id, id, name) VALUES ($1, 'spc_tennis', 'Tennis')`, [other.id]);
    await insertSpace(other.id, { id: 'spa_other', name: 'Elsewhere', short: 'E', position: 0, category: 'spc_tennis' });
    const mine = (await get('/v1/spaces')).json();
    expect(mine.data.map((s: { id: string }) => s.id)).not.toContain('spa_other');
    const empty = await insertClub(t.pool);
    const body = (await get('/v1/spaces', await bearer(t.pool, empty.id))).json();
    expectOpenApi(t.app, '/v1/spaces', 'GET', 200, body);
    expect(body).toEqual({ object: 'list', data: [], has_more: false, url: '/v1/spaces' });
  });

  it('takes no parameters, not even pagination ones', async () => {
    for (const [url, param] of [
      ['/v1/spaces?limit=2', 'limit'],
      ['/v1/spaces?starting_after=spa_z', 'starting_after'],
      ['/v1/spaces?include=archived', 'include'],
    ]) {
      const res = await get(url!);
      expect(res.statusCode, url).toBe(400);
      expectOpenApi(t.app, '/v1/spaces', 'GET', 400, res.json());
      expect(res.json().error, url).toMatchObject({ type: 'invalid_request_error', code: 'parameter_unknown', param });
    }
  });

  it('needs the spaces:read scope', async () => {
    const narrow = await bearer(t.pool, club.id, { scopes: DEFAULT_SCOPES.filter((s) => s !== 'spaces:read') });
    const res = await get('/v1/spaces', narrow);
    expect(res.statusCode).toBe(403);
    expectOpenApi(t.app, '/v1/spaces', 'GET', 403, res.json());
    expect(res.json().error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope' });
  });
});
