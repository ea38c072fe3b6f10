// API keys and the club facts every request needs.
import { generateApiKey, hashApiKey } from '../domain/api-keys.ts';
import type { PoolClient } from 'pg';
import type { Pool } from './pool.ts';
import { withTransaction } from './transaction.ts';

export interface KeyRecord {
  id: string;
  clubId: string;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  apiAccess: boolean;
  timezone: string;
}

export async function findKeyByHash(pool: Pool, hash: Buffer): Promise<KeyRecord | null> {
  const result = await pool.query<{
    id: string;
    club_id: string;
    scopes: string[];
    expires_at: Date | null;
    revoked_at: Date | null;
    api_access: boolean;
    timezone: string;
  }>(
    `SELECT k.id, k.club_id, k.scopes, k.expires_at, k.revoked_at, c.api_access, c.timezone
       FROM api_keys k JOIN clubs c ON c.club_id = k.club_id
      WHERE k.key_hash = $1`,
    [hash],
  );
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    clubId: row.club_id,
    scopes: row.scopes,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    apiAccess: row.api_access,
    timezone: row.timezone,
  };
}

export interface CreatedKey {
  id: string;
  club_id: string;
  name: string;
  scopes: string[];
  created_at: string;
  expires_at: string | null;
}

/** Creates a key and returns it with its secret, which is never retrievable again. */
export async function createKey(
  pool: Pool | PoolClient,
  input: { clubId: string; name: string; scopes: readonly string[]; expiresAt: Date | null },
): Promise<CreatedKey & { key: string }> {
  const key = generateApiKey();
  const result = await pool.query<CreatedKey>(
    `INSERT INTO api_keys (club_id, name, key_hash, key_last4, scopes, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING id, club_id, name, scopes, cd_utc(created_at) AS created_at, cd_utc(expires_at) AS expires_at`,
    [input.clubId, input.name, hashApiKey(key), key.slice(-4), input.scopes, input.expiresAt],
  );
  return { ...result.rows[0]!, key };
}

export interface KeySummary extends CreatedKey {
  last4: string;
  revoked_at: string | null;
}

export async function listKeys(pool: Pool, clubId: string): Promise<KeySummary[]> {
  const result = await pool.query<KeySummary>(
    `SELECT id, club_id, name, key_last4 AS last4, scopes, cd_utc(created_at) AS created_at,
            cd_utc(expires_at) AS expires_at, cd_utc(revoked_at) AS revoked_at
       FROM api_keys WHERE club_id = $1 ORDER BY created_at, id`,
    [clubId],
  );
  return result.rows;
}

/** Revokes a key; returns false when there is no such key. Revoking twice keeps the first time. */
export async function revokeKey(pool: Pool, id: string): Promise<KeySummary | null> {
  const result = await pool.query<KeySummary>(
    `UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1
     RETURNING id, club_id, name, key_last4 AS last4, scopes, cd_utc(created_at) AS created_at,
               cd_utc(expires_at) AS expires_at, cd_utc(revoked_at) AS revoked_at`,
    [id],
  );
  return result.rows[0] ?? null;
}

/** The demo key of `npm start` as stored: sealed, with the state of its key record. */
export interface StoredDemoKey {
  keyId: string;
  clubId: string;
  sealedKey: Buffer;
  usable: boolean;
}

export async function findDemoKey(pool: Pool): Promise<StoredDemoKey | null> {
  const { rows } = await pool.query<{ key_id: string; club_id: string; sealed_key: Buffer; usable: boolean }>(
    `SELECT d.key_id, k.club_id, d.sealed_key,
            k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now()) AS usable
       FROM demo_key d JOIN api_keys k ON k.id = d.key_id`,
  );
  const row = rows[0];
  return row ? { keyId: row.key_id, clubId: row.club_id, sealedKey: row.sealed_key, usable: row.usable } : null;
}

/** Creates the demo key, keeps it sealed, and revokes the one it replaces. */
export async function replaceDemoKey(
  pool: Pool,
  input: { clubId: string; name: string; scopes: readonly string[]; seal: (key: string) => Buffer },
): Promise<CreatedKey & { key: string }> {
  return withTransaction(pool, async (client) => {
    const created = await createKey(client, { ...input, expiresAt: null });
    await client.query(
      `UPDATE api_keys SET revoked_at = now()
        WHERE revoked_at IS NULL AND id <> $1 AND (name = $2 OR id IN (SELECT key_id FROM demo_key))`,
      [created.id, input.name],
    );
    await client.query(
      `INSERT INTO demo_key (key_id, sealed_key) VALUES ($1, $2)
       ON CONFLICT (only_row) DO UPDATE SET key_id = excluded.key_id, sealed_key = excluded.sealed_key`,
      [created.id, input.seal(created.key)],
    );
    return created;
  });
}
