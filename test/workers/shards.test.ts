// An endpoint's shard is one answer in the worker (shardOf) and in the database (cd_lane_shard),
// so that a shard's run finds, through cd_shard_lanes, the lanes whose wakes it serves.
import { describe, expect, it } from 'vitest';
import { fanOutSignal, shardLanes } from '../../src/db/deliveries.ts';
import { DELIVERY_SHARDS, shardOf } from '../../src/queue/queues.ts';
import { createTestDatabase, insertClub, testSecretBox, uid } from '../helper.ts';
import { insertCustomer, insertEndpoint } from './pipeline-helper.ts';

describe('shards of endpoints', () => {
  it('are the same in the worker and in the database, and spread over every shard', async () => {
    const { pool } = await createTestDatabase();
    const ids = Array.from({ length: 400 }, () => `we_${uid()}`);
    const { rows } = await pool.query<{ id: string; shard: number }>(
      'SELECT id, cd_lane_shard(id, $2) AS shard FROM unnest($1::text[]) AS id',
      [ids, DELIVERY_SHARDS],
    );
    expect(rows.map((row) => row.shard)).toEqual(ids.map((id) => shardOf(id)));
    expect(new Set(rows.map((row) => row.shard)).size).toBe(DELIVERY_SHARDS);
  });

  it('a shard lists its endpoints with pending deliveries and when each is due, and no other', async () => {
    const { pool } = await createTestDatabase();
    const club = await insertClub(pool);
    const endpoints = [];
    for (let i = 0; i < 12; i++) endpoints.push(await insertEndpoint(pool, testSecretBox(), club.id, 'https://receiver.example/hook'));
    await insertCustomer(pool, club.id);
    const { rows } = await pool.query<{ sequence: string }>('SELECT max(sequence) AS sequence FROM signals WHERE club_id = $1', [club.id]);
    expect(await fanOutSignal(pool, club.id, Number(rows[0]!.sequence))).toHaveLength(12);
    // One endpoint's delivery is a retry a minute away.
    const [later, ...now] = endpoints;
    await pool.query("UPDATE deliveries SET next_attempt_at = now() + interval '60 seconds' WHERE endpoint_id = $1", [later!.id]);
    for (let shard = 0; shard < 3; shard++) {
      const found = await shardLanes(pool, 3, shard);
      const expected = [
        ...now.filter((e) => shardOf(e.id, 3) === shard).map((e) => ({ clubId: club.id, endpointId: e.id, dueInMs: 0 })),
        ...(shardOf(later!.id, 3) === shard ? [{ clubId: club.id, endpointId: later!.id, dueInMs: expect.any(Number) as number }] : []),
      ];
      expect(found.sort((a, b) => a.endpointId.localeCompare(b.endpointId))).toEqual(expected.sort((a, b) => a.endpointId.localeCompare(b.endpointId)));
      const due = found.find((lane) => lane.endpointId === later!.id)?.dueInMs;
      if (due !== undefined) expect(due).toBeGreaterThan(50_000);
    }
  });
});
