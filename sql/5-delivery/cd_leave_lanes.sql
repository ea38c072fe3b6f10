-- A worker process gives up its holds (cd_claim_lane) on the endpoints of a shard as it lets the
-- shard go (workers/5-delivery/lanes.ts: the shard's lanes have all ended, or the process
-- stops), so that the process serving the shard next claims at once rather than once the holds
-- lapse. A process holds an endpoint under one name for all its lane runs: within the process,
-- its registry runs one lane per endpoint at a time, so its runs need not give the hold up and
-- take it again, two writes per run. Holds taken over since (they had lapsed) are left alone.
-- PL/pgSQL, so that its table is looked up when it runs, not when it is defined.
CREATE OR REPLACE FUNCTION cd_leave_lanes(holder text, shards integer, shard integer)
RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  left_count integer;
BEGIN
  UPDATE endpoint_lanes l SET holder = NULL, held_until = NULL
   WHERE l.holder = cd_leave_lanes.holder AND cd_lane_shard(l.endpoint_id, shards) = shard;
  GET DIAGNOSTICS left_count = ROW_COUNT;
  RETURN left_count;
END
$$;
