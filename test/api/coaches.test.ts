import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCOPES } from '../../src/domain/scopes.ts';
import { insertCoach, type CoachFields } from '../fixtures.ts';
import { expectOpenApi } from '../openapi.ts';
import { bearer, insertClub, setupClubApi } from '../helper.ts';

const t = await setupClubApi();
const { club, get } = t;

/** A coach with a full profile: a title, a bio and an avatar named after the id. */
const insertProfiledCoach = (clubId: string, f: CoachFields & { id: string }) =>
  insertCoach(t.pool, clubId, { title: 'Head Pro', bio: 'Former tour player.', avatarUrl: `https://cdn.example.com/${f.id}.jpg`, ...f });

beforeAll(async () => {
  // Out of display order on purpose; coach_b and coach_c share position 2, so id breaks the tie.
  await insertProfiledCoach(club.id, { id: 'coach_c', firstName: 'Carla', lastName: 'Diaz', position: 2 });
  await insertProfiledCoach(club.id, { id: 'coach_old', firstName: 'Otto', lastName: 'Alt', position: 0, status: 'archived' });
  await insertProfiledCoach(club.id, { id: 'coach_b', firstName: 'Ben', lastName: 'Okafor', position: 2, lessonBookingEnabled: false });
  await insertProfiledCoach(club.id, { id: 'coach_a', firstName: 'Ana', lastName: 'Silva', position: 1 });
});

const idsOf = (body: { data: { id: string }[] }) => body.data.map((c) => c.id);

describe('GET /v1/coaches', () => {
  it('lists active coaches only, in display order (position, then id), unpaginated', async () => {
    const res = await get('/v1/coaches');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectOpenApi(t.app, '/v1/coaches', 'GET', 200, body);
    expect(body).toMatchObject({ object: 'list', has_more: false, url: '/v1/coaches' });
    expect(idsOf(body)).toEqual(['coach_a', 'coach_b', 'coach_c']);
  });

  it("renders every field, with name holding the coach's first name", async () => {
    const { data } = (await get('/v1/coaches')).json();
    expect(data[0]).toEqual({
      id: 'coach_a',
      object: 'coach',
      name: 'Ana',
      last_name: 'Silva',
      title: 'Head Pro',
      bio: 'Former tour player.',
      avatar_url: 'https://cdn.example.com/coach_a.jpg',
      slug: 'ana-silva',
      lesson_booking_enabled: true,
      status: 'active',
    });
    expect(Object.keys(data[0])).toEqual([
      'id', 'object', 'name', 'last_name', 'title', 'bio', 'avatar_url', 'slug', 'lesson_booking_enabled', 'status',
    ]);
    expect(data[1]).toMatchObject({ id: 'coach_b', lesson_booking_enabled: false });
  });

  it('adds archived coaches, in display order, with include=archived', async () => {
    const body = (await get('/v1/coaches?include=archived')).json();
    expectOpenApi(t.app, '/v1/coaches', 'GET', 200, body);
    expect(idsOf(body)).toEqual(['coach_old', 'coach_a', 'coach_b', 'coach_c']);
    expect(body.data[0].status).toBe('archived');
  });

  it('ignores unknown include values, alone or next to archived', async () => {
    expect(idsOf((await get('/v1/coaches?include=retired')).json())).toEqual(['coach_a', 'coach_b', 'coach_c']);
    expect(idsOf((await get('/v1/coaches?include=retired,archived')).json())).toEqual([
      'coach_old', 'coach_a', 'coach_b', 'coach_c',
    ]);
  });

  it('rejects pagination and other unknown parameters', async () => {
    for (const param of ['limit', 'starting_after', 'status']) {
      const res = await get(`/v1/coaches?${param}=1`);
      expect(res.statusCode, param).toBe(400);
      expectOpenApi(t.app, '/v1/coaches', 'GET', 400, res.json());
      expect(res.json().error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_unknown', param });
    }
  });

  it("never lists another club's coaches", async () => {
    const other = await insertClub(t.pool);
    await insertProfiledCoach(other.id, { id: 'coach_elsewhere', firstName: 'Eve', lastName: 'Else', position: 0 });
    expect(idsOf((await get('/v1/coaches?include=archived')).json())).not.toContain('coach_elsewhere');
  });

  it('needs the coaches:read scope, on the list and on retrieval', async () => {
    const narrow = await bearer(t.pool, club.id, { scopes: DEFAULT_SCOPES.filter((s) => s !== 'coaches:read') });
    for (const [url, route] of [['/v1/coaches', '/v1/coaches'], ['/v1/coaches/coach_a', '/v1/coaches/{id}']]) {
      const res = await get(url!, narrow);
      expect(res.statusCode, url).toBe(403);
      expectOpenApi(t.app, route!, 'GET', 403, res.json());
      expect(res.json().error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope' });
    }
  });
});

describe('GET /v1/coaches/{id}', () => {
  it('returns an active coach', async () => {
    const res = await get('/v1/coaches/coach_b');
    expect(res.statusCode).toBe(200);
    expectOpenApi(t.app, '/v1/coaches/{id}', 'GET', 200, res.json());
    expect(res.json()).toMatchObject({ id: 'coach_b', object: 'coach', name: 'Ben', last_name: 'Okafor' });
  });

  it('returns an archived coach too', async () => {
    const res = await get('/v1/coaches/coach_old');
    expect(res.statusCode).toBe(200);
    expectOpenApi(t.app, '/v1/coaches/{id}', 'GET', 200, res.json());
    expect(res.json()).toMatchObject({ id: 'coach_old', status: 'archived', name: 'Otto' });
  });

  it("gives another club's coach the same 404 as an unknown id", async () => {
    const other = await insertClub(t.pool);
    await insertProfiledCoach(other.id, { id: 'coach_foreign', firstName: 'Fay', lastName: 'Far', position: 0 });
    const foreign = await get('/v1/coaches/coach_foreign');
    const unknown = await get('/v1/coaches/coach_nope');
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expectOpenApi(t.app, '/v1/coaches/{id}', 'GET', 404, foreign.json());
    const strip = (b: { error: Record<string, string> }) => ({ ...b.error, message: undefined, request_id: undefined });
    expect(strip(foreign.json())).toEqual(strip(unknown.json()));
    expect(foreign.json().error).toMatchObject({ type: 'not_found_error', code: 'resource_missing' });
  });

  it('takes no query parameters', async () => {
    const res = await get('/v1/coaches/coach_a?include=archived');
    expect(res.statusCode).toBe(400);
    expectOpenApi(t.app, '/v1/coaches/{id}', 'GET', 400, res.json());
    expect(res.json().error).toMatchObject({ code: 'parameter_unknown', param: 'include' });
  });
});
