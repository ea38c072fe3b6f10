import { describe, expect, it } from 'vitest';
import { DEFAULT_SCOPES } from '../../src/domain/scopes.ts';
import { expectOpenApi } from '../openapi.ts';
import { bearer, insertClub, setupClubApi } from '../helper.ts';

const t = await setupClubApi({ club: { name: 'Riverside Racquet Club', timezone: 'Europe/Lisbon' } });
const { club, get } = t;

describe('GET /v1/club', () => {
  it("returns the key's club: id, object, name and timezone, in that order", async () => {
    const res = await get('/v1/club');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/club', 'GET', 200, body);
    expect(body).toEqual({ id: club.id, object: 'club', name: 'Riverside Racquet Club', timezone: 'Europe/Lisbon' });
    expect(Object.keys(body)).toEqual(['id', 'object', 'name', 'timezone']);
  });

  it("shows each key only its own club", async () => {
    const other = await insertClub(t.pool, { name: 'Hilltop Padel', timezone: 'America/Chicago' });
    const body = (await get('/v1/club', await bearer(t.pool, other.id))).json();
    expect(body).toEqual({ id: other.id, object: 'club', name: 'Hilltop Padel', timezone: 'America/Chicago' });
  });

  it('takes no parameters: any is unknown', async () => {
    const res = await get('/v1/club?limit=1');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expectOpenApi(t.app, '/v1/club', 'GET', 400, body);
    expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_unknown', param: 'limit' });
  });

  it('needs the club:read scope', async () => {
    const narrow = await bearer(t.pool, club.id, { scopes: DEFAULT_SCOPES.filter((s) => s !== 'club:read') });
    const res = await get('/v1/club', narrow);
    expect(res.statusCode).toBe(403);
    expectOpenApi(t.app, '/v1/club', 'GET', 403, res.json());
    expect(res.json().error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope' });
    const only = await bearer(t.pool, club.id, { scopes: ['club:read'] });
    expect((await get('/v1/club', only)).statusCode).toBe(200);
  });
});
