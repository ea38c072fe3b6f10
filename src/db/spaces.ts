// Spaces as the API shows them; the JSON comes from cd_render_space (sql/1-render/).
import type { Pool } from './pool.ts';
import { signalSequenceOf, type Read } from './watermark.ts';

// Unpaginated: a club has tens of courts at most, so the whole list is one envelope. Every
// space is listed, whatever its visibility: bookings and schedule items refer to them by id.
export async function listSpaces(pool: Pool, clubId: string): Promise<Read> {
  const result = await pool.query<Read>(
    `SELECT cd_render_list(json_agg((SELECT r FROM cd_render_space(t) r) ORDER BY t.position, t.id), false, '/v1/spaces')::text AS body,
            ${signalSequenceOf('$1')} AS sequence
       FROM spaces t
      WHERE t.club_id = $1`,
    [clubId],
  );
  return result.rows[0]!;
}
