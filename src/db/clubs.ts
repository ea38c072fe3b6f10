// Clubs as operators manage them from the command line.
import type { Pool } from './pool.ts';

export interface ClubInput {
  name: string;
  timezone: string;
  billingModel: 'subscriptions' | 'legacy';
  apiAccess: boolean;
}

export interface ClubRow {
  id: string;
  name: string;
  timezone: string;
  billing_model: string;
  api_access: boolean;
}

const COLUMNS = 'club_id AS id, name, timezone, billing_model, api_access';

export class InvalidTimezoneError extends Error {}

async function checkTimezone(pool: Pool, timezone: string | undefined): Promise<void> {
  if (timezone === undefined) return;
  const { rows } = await pool.query<{ ok: boolean }>('SELECT cd_is_timezone($1) AS ok', [timezone]);
  if (!rows[0]!.ok) throw new InvalidTimezoneError(`unknown IANA timezone: ${timezone}`);
}

export async function createClub(pool: Pool, input: Partial<ClubInput> & Pick<ClubInput, 'name' | 'timezone'>): Promise<ClubRow> {
  await checkTimezone(pool, input.timezone);
  const { rows } = await pool.query<ClubRow>(
    `INSERT INTO clubs (name, timezone, billing_model, api_access) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [input.name, input.timezone, input.billingModel ?? 'subscriptions', input.apiAccess ?? true],
  );
  return rows[0]!;
}

/** Whether the club exists: what a command checks before it acts on one, to say "no club X". */
export async function clubExists(pool: Pool, id: string): Promise<boolean> {
  const result = await pool.query('SELECT 1 FROM clubs WHERE club_id = $1', [id]);
  return result.rowCount === 1;
}

export async function listClubs(pool: Pool): Promise<ClubRow[]> {
  const { rows } = await pool.query<ClubRow>(`SELECT ${COLUMNS} FROM clubs ORDER BY created_at, club_id`);
  return rows;
}

export async function updateClub(pool: Pool, id: string, input: Partial<ClubInput>): Promise<ClubRow | null> {
  await checkTimezone(pool, input.timezone);
  const { rows } = await pool.query<ClubRow>(
    `UPDATE clubs SET name = coalesce($2, name), timezone = coalesce($3, timezone),
            billing_model = coalesce($4, billing_model), api_access = coalesce($5, api_access)
      WHERE club_id = $1 RETURNING ${COLUMNS}`,
    [id, input.name ?? null, input.timezone ?? null, input.billingModel ?? null, input.apiAccess ?? null],
  );
  return rows[0] ?? null;
}
