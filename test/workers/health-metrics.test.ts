// The endpoints' health in the pipeline's metrics (workers/5-delivery/health-metrics.ts): counts
// of every state, and a series per endpoint that needs someone, never more than ENDPOINT_SERIES.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../src/db/pool.ts';
import { createMetrics, ENDPOINT_SERIES } from '../../src/metrics.ts';
import { showEndpointHealth } from '../../workers/5-delivery/health-metrics.ts';
import { createTestDatabase, insertClub, testSecretBox } from '../helper.ts';
import { insertEndpoint } from './pipeline-helper.ts';

let pool: Pool;
const secretBox = testSecretBox();

beforeAll(async () => {
  ({ pool } = await createTestDatabase());
});

describe('the endpoint gauges', () => {
  it('count endpoints by state, show the failing (longest first) and the disabled, with their given-up deliveries, within the bound', async () => {
    const club = (await insertClub(pool)).id;
    const made = [];
    for (let i = 0; i < ENDPOINT_SERIES + 5; i++) made.push((await insertEndpoint(pool, secretBox, club, 'http://127.0.0.1:9')).id);
    const [healthy, failingLong, failingShort, disabled, deleted, ...rest] = made as [string, string, string, string, string, ...string[]];
    const set = (id: string, sql: string) => pool.query(`UPDATE webhook_endpoints SET ${sql} WHERE club_id = $1 AND id = $2`, [club, id]);
    // Three failed attempts in a row are a blip, not a failing endpoint (cd_endpoint_failing).
    await set(healthy, `failing_since = now() - interval '4 days', failed_attempts = 3`);
    await set(failingLong, `failing_since = now() - interval '3 days', failed_attempts = 4`);
    await set(failingShort, `failing_since = now() - interval '1 hour', failed_attempts = 4`);
    // The latest disabled comes before the others, whatever the streaks they keep from before.
    await set(disabled, `status = 'disabled', disabled_reason = 'failing', failing_since = now() - interval '1 hour', updated_at = now() + interval '1 minute'`);
    await set(deleted, `status = 'disabled', disabled_reason = 'requested', deleted_at = now()`);
    // More disabled endpoints than the gauges may show.
    for (const id of rest) await set(id, `status = 'disabled', disabled_reason = 'gone', failing_since = now() - interval '300 days', failed_attempts = 4`);
    await pool.query(
      `INSERT INTO deliveries (club_id, endpoint_id, signal_sequence, signal_id, status, attempts, next_attempt_at, completed_at)
       SELECT $1, $2, n, 'sig_' || n, 'failed', 8, now(), now() FROM generate_series(1, 3) n`,
      [club, failingLong],
    );

    const metrics = createMetrics();
    await showEndpointHealth(pool, metrics);
    type Reading = { value: number; labels: Record<string, string | number | undefined> };
    const values = async (gauge: { get(): Promise<{ values: Reading[] }> }) =>
      (await gauge.get()).values.filter((v) => !('club_id' in v.labels) || v.labels.club_id === club);
    const counts = Object.fromEntries((await values(metrics.endpoints)).map((v) => [v.labels.state, v.value]));
    expect(counts).toEqual({ healthy: 1, failing: 2, disabled: ENDPOINT_SERIES + 1 });
    const states = await values(metrics.endpointState);
    expect(states).toHaveLength(ENDPOINT_SERIES);
    expect(states.slice(0, 3).map((v) => [v.labels.endpoint_id, v.labels.state])).toEqual([
      [failingLong, 'failing'],
      [failingShort, 'failing'],
      [disabled, 'disabled'],
    ]);
    expect(states.every((v) => v.value === 1 && v.labels.endpoint_id !== healthy && v.labels.endpoint_id !== deleted)).toBe(true);
    const givenUp = await values(metrics.endpointGivenUp);
    expect(givenUp.find((v) => v.labels.endpoint_id === failingLong)?.value).toBe(3);
    expect(givenUp.find((v) => v.labels.endpoint_id === failingShort)?.value).toBe(0);

    // Healthy again: its series goes at the next reading.
    await set(failingShort, 'failing_since = NULL, failed_attempts = 0');
    await showEndpointHealth(pool, metrics);
    expect((await values(metrics.endpointState)).some((v) => v.labels.endpoint_id === failingShort)).toBe(false);
    expect(Object.fromEntries((await values(metrics.endpoints)).map((v) => [v.labels.state, v.value]))).toMatchObject({ healthy: 2, failing: 1 });
  });
});
