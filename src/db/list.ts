// Keyset pagination for every paginated list. The page is found by comparing the sort key and
// id with those of the `starting_after` record, through an index on (club_id, key, id), so the
// cost of a page does not grow with its depth. PostgreSQL renders the whole list envelope; the
// handler sends those bytes as they are.
import { InvalidInput } from '../domain/errors.ts';
import type { Pool } from './pool.ts';
import { SqlParams } from './sql.ts';

export interface ListSpec {
  /** Table the records come from; aliased `t` in every expression below. */
  table: string;
  /** Sort key column of `t` (ties broken by `t.id`). */
  sortKey: string;
  /** Renderer call producing one record's JSON from the row value `t` (write `(t).column` for a column), e.g. `cd_render_customer(t, $2)`. */
  render: (params: SqlParams) => string;
  /** Extra conditions on `t`, beyond the club. */
  where?: (params: SqlParams) => string[];
  /** Further conditions on the cursor row (aliased `alias`); by default any row of the club. */
  cursorWhere?: (params: SqlParams, alias: string) => string[];
  order?: 'asc' | 'desc';
}

export interface ListRequest {
  clubId: string;
  limit: number;
  startingAfter: string | undefined;
  url: string;
}

export async function listPage(pool: Pool, spec: ListSpec, request: ListRequest): Promise<string> {
  const p = new SqlParams();
  const club = p.add(request.clubId);
  const limit = p.add(request.limit);
  const url = p.add(request.url);
  const desc = spec.order === 'desc';
  const conditions = [`t.club_id = ${club}`, ...(spec.where?.(p) ?? [])];
  let cursorCheck = 'true';
  if (request.startingAfter !== undefined) {
    const cursorId = p.add(request.startingAfter);
    const cursorConditions = [`c.club_id = ${club}`, `c.id = ${cursorId}`, ...(spec.cursorWhere?.(p, 'c') ?? [])].join(
      ' AND ',
    );
    const cursor = (column: string) => `(SELECT c.${column} FROM ${spec.table} c WHERE ${cursorConditions})`;
    conditions.push(`(t.${spec.sortKey}, t.id) ${desc ? '<' : '>'} (${cursor(spec.sortKey)}, ${cursor('id')})`);
    cursorCheck = `EXISTS (SELECT 1 FROM ${spec.table} c WHERE ${cursorConditions})`;
  }
  const direction = desc ? 'DESC' : 'ASC';
  const sql = `
    SELECT ${cursorCheck} AS cursor_found,
           cd_render_list(json_agg(${spec.render(p)} ORDER BY page.n) FILTER (WHERE page.n <= ${limit}),
                          count(*) > ${limit}, ${url}::text)::text AS body
    FROM (
      SELECT rows.t, row_number() OVER (ORDER BY (rows.t).${spec.sortKey} ${direction}, (rows.t).id ${direction}) AS n
      FROM (
        SELECT t FROM ${spec.table} t
        WHERE ${conditions.join(' AND ')}
        ORDER BY t.${spec.sortKey} ${direction}, t.id ${direction}
        LIMIT ${limit}::int + 1
      ) rows
    ) page`;
  const result = await pool.query<{ cursor_found: boolean; body: string }>(sql, p.values);
  const row = result.rows[0]!;
  if (!row.cursor_found) {
    throw new InvalidInput('starting_after', `No record with id '${request.startingAfter}' in this list.`);
  }
  return row.body;
}
