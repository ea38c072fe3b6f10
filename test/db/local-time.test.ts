// Schedule times in club-local wall time with the offset in force (sql/0-core/cd_local.sql),
// checked against the platform's own time zone rules (Intl, from ICU): whole-hour, half-hour and
// 45-minute zones, west and east of UTC, on both sides of their daylight-saving changes, and
// whatever interval style the writer's session uses.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../src/db/pool.ts';
import { createTestDatabase } from '../helper.ts';

let pool: Pool;

beforeAll(async () => {
  ({ pool } = await createTestDatabase());
});

const ZONES = ['America/New_York', 'America/St_Johns', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Adelaide', 'Pacific/Chatham', 'UTC', 'Europe/London'];

/** The instant as the zone's wall time with its offset, e.g. 2026-01-05T08:30:00-03:30, from Intl. */
function expected(instant: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName!.slice(3);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

describe('cd_local', () => {
  it('writes each zone’s wall time and offset, as the platform’s time zone rules give them, in any interval style', async () => {
    // Every 17 hours 29 minutes through 2026: each zone's changes of offset fall between samples.
    const instants = Array.from({ length: 500 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * (17 * 60 + 29) * 60_000));
    for (const style of ['postgres', 'sql_standard', 'iso_8601']) {
      const client = await pool.connect();
      try {
        await client.query(`SET IntervalStyle = ${style}`);
        const { rows } = await client.query<{ zone: string; at: Date; local: string }>(
          `SELECT z.zone, t.at, cd_local(t.at, z.zone) AS local
             FROM unnest($1::text[]) AS z (zone) CROSS JOIN unnest($2::timestamptz[]) AS t (at)`,
          [ZONES, instants.map((instant) => instant.toISOString())],
        );
        expect(rows).toHaveLength(ZONES.length * instants.length);
        const wrong = rows.filter((row) => row.local !== expected(row.at, row.zone));
        expect(wrong.slice(0, 3).map((row) => [row.zone, row.at.toISOString(), row.local, expected(row.at, row.zone)])).toEqual([]);
      } finally {
        await client.query('RESET IntervalStyle');
        client.release();
      }
    }
  });

  it('shows a half-hour zone west of UTC with both parts of its offset negative once', async () => {
    const { rows } = await pool.query<{ local: string }>(`SELECT cd_local('2026-01-05T12:00:00Z', 'America/St_Johns') AS local`);
    expect(rows[0]!.local).toBe('2026-01-05T08:30:00-03:30');
  });
});
