-- The shard of an endpoint (workers/5-delivery/lanes.ts): from the first 28 bits of the MD5 of its
-- id, the same answer as shardOf in src/queue/queues.ts.
CREATE OR REPLACE FUNCTION cd_lane_shard(endpoint text, shards integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT ('x' || substr(md5(endpoint), 1, 7))::bit(28)::integer % shards
$$;
