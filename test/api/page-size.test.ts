// The default page size: a list asked for without `limit` gives as many records as the published
// document says `limit` defaults to, and says more exist.
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer } from '../fixtures.ts';
import { setupClubApi } from '../helper.ts';

const t = await setupClubApi();
const { club, get } = t;

type Parameter = { name: string; in: string; schema?: { default?: unknown } };
type Doc = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

/** The default the served OpenAPI document gives `limit` on GET `path`. */
async function documentedLimitDefault(path: string): Promise<unknown> {
  const doc = (await get('/v1/openapi.json')).json<Doc>();
  return doc.paths[path]?.get?.parameters?.find((p) => p.in === 'query' && p.name === 'limit')?.schema?.default;
}

describe('a list without limit', () => {
  let pageSize: number;

  beforeAll(async () => {
    const documented = await documentedLimitDefault('/v1/customers');
    expect(documented).toEqual(expect.any(Number));
    pageSize = documented as number;
    for (let i = 0; i <= pageSize; i += 1) await insertCustomer(t.pool, club.id, { email: `page${i}@example.com` });
  });

  it('gives the documented default page size and says more exist', async () => {
    const res = await get('/v1/customers');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: unknown[]; has_more: boolean }>();
    expect(body.data).toHaveLength(pageSize);
    expect(body.has_more).toBe(true);
  });

  it('leaves exactly one record beyond the default page', async () => {
    const res = await get(`/v1/customers?limit=${pageSize + 1}`);
    expect(res.json<{ has_more: boolean }>().has_more).toBe(false);
  });
});
