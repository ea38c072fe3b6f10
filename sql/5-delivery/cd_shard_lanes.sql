-- The lanes of a shard that have work (workers/5-delivery/lanes.ts, as a worker process starts to
-- serve the shard): each endpoint of the shard with a pending delivery, and in how many
-- milliseconds its earliest is due (0 when one is already), as cd_lanes_next_due tells it for one
-- endpoint (a delivery a worker that died was attempting is due; the lane waits for that
-- worker's hold to lapse). It reads
-- every pending delivery, once per shard run, not once per delivery.
CREATE OR REPLACE FUNCTION cd_shard_lanes(shards integer, shard integer)
RETURNS TABLE (club_id text, endpoint_id text, due_in_ms double precision)
LANGUAGE sql STABLE
AS $$
  SELECT d.club_id, d.endpoint_id,
         greatest(extract(epoch FROM min(d.next_attempt_at) - now()) * 1000, 0)
    FROM deliveries d
   WHERE d.status = 'pending' AND cd_lane_shard(d.endpoint_id, shards) = shard
   GROUP BY d.club_id, d.endpoint_id
$$;
