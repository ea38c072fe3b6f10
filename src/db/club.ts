// The key's club as GET /v1/club shows it; the JSON comes from cd_render_club (sql/1-render/).
// (src/db/clubs.ts is the operators' CLI side of the same table.)
import type { Pool } from './pool.ts';
import { readRecord } from './sql.ts';
import { signalSequenceOf, type Read } from './watermark.ts';

export async function getClub(pool: Pool, clubId: string): Promise<Read | null> {
  return readRecord(
    pool,
    `SELECT cd_render_club(c)::text AS body, ${signalSequenceOf('$1')} AS sequence FROM clubs c WHERE c.club_id = $1`,
    [clubId],
  );
}
