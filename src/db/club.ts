// The key's club as GET /v1/club shows it; the JSON comes from cd_render_club (sql/1-render/).
// (src/db/clubs.ts is the operators' CLI side of the same table.)
import type { Pool } from './pool.ts';

export async function getClub(pool: Pool, clubId: string): Promise<string | null> {
  const result = await pool.query<{ body: string }>(
    'SELECT cd_render_club(c)::text AS body FROM clubs c WHERE c.club_id = $1',
    [clubId],
  );
  return result.rows[0]?.body ?? null;
}
