// PLACEHOLDER: replaced by the deterministic demo generator.
import type { Pool } from '../db/pool.ts';

export interface SeedOptions {
  size: 'small' | 'large';
  onProgress?: (message: string) => void;
}

export async function seedDemo(pool: Pool, _options: SeedOptions): Promise<{ clubIds: string[] }> {
  const { rows } = await pool.query(
    `INSERT INTO clubs (club_id, name, timezone) VALUES ('club_demo_ny', 'Hudson Racquet Club', 'America/New_York') RETURNING club_id`,
  );
  return { clubIds: rows.map((r) => r.club_id) };
}
