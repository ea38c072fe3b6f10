// Delivery attempts as an operator reads them (`clubdata deliveries list`): every HTTP try for
// one endpoint, kept after the endpoint is deleted, newest first.
import type { Pool } from './pool.ts';

export interface AttemptSummary {
  attempted_at: string;
  club_id: string;
  signal_id: string;
  attempt_number: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  response_excerpt: string;
}

/**
 * The newest `limit` attempts for an endpoint id, across clubs: the operator knows the endpoint
 * id, not its club, and the endpoint row may be long gone. The index leads with club_id, so the
 * query walks it once per club (LATERAL) instead of scanning every attempt for the endpoint id.
 */
export async function listEndpointAttempts(pool: Pool, endpointId: string, limit: number): Promise<AttemptSummary[]> {
  const { rows } = await pool.query<AttemptSummary>(
    `SELECT cd_utc(a.attempted_at) AS attempted_at, a.club_id, a.signal_id, a.attempt_number, a.status_code,
            a.error, a.duration_ms, left(a.response_excerpt, 80) AS response_excerpt
       FROM clubs c
       CROSS JOIN LATERAL (
         SELECT * FROM delivery_attempts d
          WHERE d.club_id = c.club_id AND d.endpoint_id = $1
          ORDER BY d.attempted_at DESC, d.id DESC
          LIMIT $2
       ) a
      ORDER BY a.attempted_at DESC, a.id DESC
      LIMIT $2`,
    [endpointId, limit],
  );
  return rows;
}
