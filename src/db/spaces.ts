// Spaces as the API shows them; the JSON comes from cd_render_space (sql/1-render/).
import type { Pool } from './pool.ts';

// Unpaginated: a club has tens of courts at most, so the whole list is one envelope. Every
// space is listed, whatever its visibility: bookings and schedule items refer to them by id.
export async function listSpaces(pool: Pool, clubId: string): Promise<string> {
  const result = await pool.query<{ body: string }>(
    `SELECT cd_render_list(json_agg(cd_render_space(t) ORDER BY t.position, t.id), false, '/v1/spaces')::text AS body
       FROM spaces t
      WHERE t.club_id = $1`,
    [clubId],
  );
  return result.rows[0]!.body;
}
