// Keyset pagination for every paginated list. The page is found by comparing the sort key and
// id with those of the `starting_after` record, through an index on (club_id, key, id), so the
// cost of a page does not grow with its depth. PostgreSQL renders the whole list envelope; the
// handler sends those bytes as they are.
import { InvalidInput } from '../domain/errors.ts';
import type { Pool } from './pool.ts';
import { SqlParams } from './sql.ts';
import { signalSequenceOf, type Read } from './watermark.ts';

/** A condition (SQL, on the page's snapshot) under which a page is refused, and the error it gets. */
export interface ListRefusal {
  when: string;
  error: () => Error;
}

/** The SQL of a boolean[] column saying which refusals hold (read back by throwRefusal). */
export function refusalsHolding(refusals: ListRefusal[]): string {
  return `ARRAY[${refusals.map((r) => `coalesce(${r.when}, false)`).join(', ')}]::boolean[]`;
}

/** Throws the error of the first refusal that holds, if any does. */
export function throwRefusal(refusals: ListRefusal[], holding: boolean[]): void {
  const refused = refusals.find((_, i) => holding[i]);
  if (refused) throw refused.error();
}

export interface ListSpec {
  /** Table the records come from; aliased `t` in every expression below. */
  table: string;
  /** Sort key column of `t` (ties broken by `t.id`). */
  sortKey: string;
  /** Renderer call producing one record's JSON from the row value `t` (write `(t).column` for a column), e.g. `(SELECT r FROM cd_render_customer(t, $2) r)` (sql/README.md, "Renderers"). */
  render: (params: SqlParams) => string;
  /** Extra conditions on `t`, beyond the club. */
  where?: (params: SqlParams) => string[];
  /** Further conditions on the cursor row (aliased `alias`); by default any row of the club. */
  cursorWhere?: (params: SqlParams, alias: string) => string[];
  order?: 'asc' | 'desc';
  /**
   * Conditions under which the page is refused, checked by the page's own statement (so against
   * the snapshot the page would come from), in order: the error of the first that holds is thrown.
   */
  refusals?: (params: SqlParams) => ListRefusal[];
}

export interface ListRequest {
  clubId: string;
  limit: number;
  startingAfter: string | undefined;
  url: string;
}

export async function listPage(pool: Pool, spec: ListSpec, request: ListRequest): Promise<Read> {
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
  const refusals = spec.refusals?.(p) ?? [];
  const sql = `
    SELECT ${cursorCheck} AS cursor_found, ${refusalsHolding(refusals)} AS refused,
           cd_render_list(json_agg(${spec.render(p)} ORDER BY page.n) FILTER (WHERE page.n <= ${limit}),
                          count(*) > ${limit}, ${url}::text)::text AS body,
           ${signalSequenceOf(club)} AS sequence
    FROM (
      SELECT rows.t, row_number() OVER (ORDER BY (rows.t).${spec.sortKey} ${direction}, (rows.t).id ${direction}) AS n
      FROM (
        SELECT t FROM ${spec.table} t
        WHERE ${conditions.join(' AND ')}
        ORDER BY t.${spec.sortKey} ${direction}, t.id ${direction}
        LIMIT ${limit}::int + 1
      ) rows
    ) page`;
  const result = await pool.query<{ cursor_found: boolean; refused: boolean[] } & Read>(sql, p.values);
  const row = result.rows[0]!;
  throwRefusal(refusals, row.refused);
  if (!row.cursor_found) {
    throw new InvalidInput('starting_after', `No record with id '${request.startingAfter}' in this list.`);
  }
  return { body: row.body, sequence: row.sequence };
}
