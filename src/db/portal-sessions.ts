// Portal sessions (docs/portal.md): made by a key, started once by opening their link, ended by
// DELETE or by time. Tokens arrive here hashed; nothing here reads one back.
import type { Pool } from './pool.ts';
import type { PortalMode } from '../domain/portal-sessions.ts';

export interface NewPortalSession {
  clubId: string;
  mode: PortalMode;
  scopes: readonly string[];
  keyId: string;
  linkHash: Buffer;
  linkTtlMs: number;
}

export interface PortalSessionRecord {
  id: string;
  clubId: string;
  mode: PortalMode;
  scopes: string[];
  /** When the link stops working (before it is opened), or the session ends (after). */
  expiresAt: string;
}

/** A session row as the queries below select it (expires_at: the session's end, as the API shows it). */
interface SessionRow {
  id: string;
  club_id: string;
  mode: PortalMode;
  scopes: string[];
  expires_at: string;
}

function toRecord(row: SessionRow): PortalSessionRecord {
  return { id: row.id, clubId: row.club_id, mode: row.mode, scopes: row.scopes, expiresAt: row.expires_at };
}

/** Makes a session whose link expires after linkTtlMs; the answer's fields as the API shows them. */
export async function createPortalSession(pool: Pool, input: NewPortalSession): Promise<PortalSessionRecord> {
  const { rows } = await pool.query<{ id: string; expires_at: string }>(
    `INSERT INTO portal_sessions (club_id, mode, scopes, key_id, link_hash, link_expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::float8 / 1000))
     RETURNING id, cd_utc(link_expires_at) AS expires_at`,
    [input.clubId, input.mode, input.scopes, input.keyId, input.linkHash, input.linkTtlMs],
  );
  return { id: rows[0]!.id, clubId: input.clubId, mode: input.mode, scopes: [...input.scopes], expiresAt: rows[0]!.expires_at };
}

/** Why a link starts no session: never made (or not a link), opened already, expired, or ended. */
export type LinkRefusal = 'unknown' | 'used' | 'expired' | 'ended';

/**
 * Starts the session of a link, once: the first call with a live link stores the session's hash
 * and its end; any later one, or a link past its time, ended by DELETE, or made by a key revoked
 * or expired since (or for a club whose API access is off), starts nothing and says why.
 */
export async function redeemPortalLink(
  pool: Pool,
  linkHash: Buffer,
  sessionHash: Buffer,
  sessionTtlMs: number,
): Promise<{ session: PortalSessionRecord } | { refused: LinkRefusal }> {
  const { rows } = await pool.query<SessionRow>(
    `UPDATE portal_sessions p
        SET session_hash = $2, session_expires_at = now() + make_interval(secs => $3::float8 / 1000)
      WHERE p.link_hash = $1 AND p.session_hash IS NULL AND p.ended_at IS NULL AND p.link_expires_at > now()
        AND ${MAKER_IS_LIVE}
      RETURNING p.id, p.club_id, p.mode, p.scopes, cd_utc(p.session_expires_at) AS expires_at`,
    [linkHash, sessionHash, sessionTtlMs],
  );
  const row = rows[0];
  if (row) return { session: toRecord(row) };
  const { rows: why } = await pool.query<{ refused: LinkRefusal }>(
    `SELECT CASE WHEN p.session_hash IS NOT NULL THEN 'used'
                 WHEN p.ended_at IS NOT NULL OR NOT ${MAKER_IS_LIVE} THEN 'ended'
                 ELSE 'expired' END AS refused
       FROM portal_sessions p WHERE p.link_hash = $1`,
    [linkHash],
  );
  return { refused: why[0]?.refused ?? 'unknown' };
}

/** A started session as the portal's requests use it: also the key that made it and the club's timezone. */
export interface LivePortalSession extends PortalSessionRecord {
  keyId: string;
  timezone: string;
}

/** The live session a cookie's hash names, or null: ended, past its hour, or its key or club no longer allowed. */
export async function findPortalSession(pool: Pool, sessionHash: Buffer): Promise<LivePortalSession | null> {
  const { rows } = await pool.query<SessionRow & { key_id: string; timezone: string }>(
    `SELECT p.id, p.club_id, p.mode, p.scopes, cd_utc(p.session_expires_at) AS expires_at, p.key_id, c.timezone
       FROM portal_sessions p JOIN clubs c ON c.club_id = p.club_id
      WHERE p.session_hash = $1 AND p.session_expires_at > now() AND p.ended_at IS NULL AND ${MAKER_IS_LIVE}`,
    [sessionHash],
  );
  const row = rows[0];
  return row ? { ...toRecord(row), keyId: row.key_id, timezone: row.timezone } : null;
}

/** Ends the session a cookie's hash names (the portal's "End session"); false when none is live. */
export async function endPortalSessionByHash(pool: Pool, sessionHash: Buffer): Promise<boolean> {
  const { rowCount } = await pool.query(`UPDATE portal_sessions SET ended_at = now() WHERE session_hash = $1 AND ended_at IS NULL`, [sessionHash]);
  return rowCount === 1;
}

/** Ends a session of the club, link and session alike; false when the club has no such session. */
export async function endPortalSession(pool: Pool, clubId: string, id: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE portal_sessions SET ended_at = coalesce(ended_at, now()) WHERE club_id = $1 AND id = $2`,
    [clubId, id],
  );
  return rowCount === 1;
}

// The key that made the session still works, and its club still has API access: a portal
// session never outlives the authority it was made with.
const MAKER_IS_LIVE = `EXISTS (SELECT 1 FROM api_keys k JOIN clubs c ON c.club_id = k.club_id
                               WHERE k.club_id = p.club_id AND k.id = p.key_id AND k.revoked_at IS NULL
                                 AND (k.expires_at IS NULL OR k.expires_at > now()) AND c.api_access)`;
