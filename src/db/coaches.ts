// Coaches as the API shows them; the JSON comes from cd_render_coach (sql/1-render/).
import type { Pool } from './pool.ts';
import { readRecord } from './sql.ts';
import { signalSequenceOf, type Read } from './watermark.ts';

// Unpaginated, in the club's display order; archived coaches only on request.
export async function listCoaches(pool: Pool, clubId: string, includeArchived: boolean): Promise<Read> {
  const result = await pool.query<Read>(
    `SELECT cd_render_list(json_agg(cd_render_coach(t) ORDER BY t.position, t.id), false, '/v1/coaches')::text AS body,
            ${signalSequenceOf('$1')} AS sequence
       FROM coaches t
      WHERE t.club_id = $1 AND ($2 OR t.status = 'active')`,
    [clubId, includeArchived],
  );
  return result.rows[0]!;
}

/** Any coach of the club, archived ones included. */
export async function getCoach(pool: Pool, clubId: string, id: string): Promise<Read | null> {
  return readRecord(
    pool,
    `SELECT cd_render_coach(t)::text AS body, ${signalSequenceOf('$1')} AS sequence FROM coaches t WHERE t.club_id = $1 AND t.id = $2`,
    [clubId, id],
  );
}
