import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCOPES } from '../../src/domain/scopes.ts';
import { insertSpace, insertSpaceCategory } from '../fixtures.ts';
import { expectOpenApi } from '../openapi.ts';
import { bearer, insertClub, setupClubApi } from '../helper.ts';

const t = await setupClubApi();
const { club, get } = t;

beforeAll(async () => {
  await insertSpaceCategory(t.pool, club.id, { id: 'spc_tennis', name: 'Tennis' });
  await insertSpaceCategory(t.pool, club.id, { id: 'spc_padel', name: 'Padel' });
  // Inserted out of display order; position 2 holds two spaces, so their ids break the tie.
  await insertSpace(t.pool, club.id, { id: 'spa_c', name: 'Centre Court', shortName: 'CC', position: 2, categoryId: 'spc_tennis' });
  await insertSpace(t.pool, club.id, { id: 'spa_a', name: 'Padel 1', shortName: 'P1', position: 3, categoryId: 'spc_padel', visibility: 'hidden' });
  await insertSpace(t.pool, club.id, {
    id: 'spa_b',
    name: 'Court 2',
    shortName: 'C2',
    position: 2,
    categoryId: 'spc_tennis',
    visibility: 'members_only',
  });
  await insertSpace(t.pool, club.id, { id: 'spa_z', name: 'Court 1', shortName: 'C1', position: 1, categoryId: 'spc_tennis' });
});

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
    await insertSpaceCategory(t.pool, other.id, { id: 'spc_tennis', name: 'Tennis' });
    await insertSpace(t.pool, other.id, { id: 'spa_other', name: 'Elsewhere', shortName: 'E', position: 0, categoryId: 'spc_tennis' });
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
