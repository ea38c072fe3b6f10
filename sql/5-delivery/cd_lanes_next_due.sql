-- When each of several endpoints' lanes has work again (`n`: its position in the arrays,
-- 1-based): in how many milliseconds the earliest of its pending deliveries is due (0 when one
-- is already); null when none is pending. The lanes of a worker process that ask at the same
-- moment share the statement (src/db/deliveries.ts batches them): at 2,000 endpoints flat out
-- they asked about 49 times per 1,000 deliveries, each a round trip of its own. A delivery a worker that
-- died was attempting is due: the lane's claim then finds the endpoint held by that worker until
-- the hold lapses, and waits until then (cd_claim_lane).
-- With `ordering` 'per_resource', a delivery behind an earlier pending one of its record is not
-- claimable however due it is: only the heads of the records count, by the test cd_claim_lane
-- makes (written in both: a SQL helper holding a subquery is not inlined, and would be planned
-- again at every row of a claim, sql/README.md). Counted, a
-- record waiting for its head's retry made this 0 until that retry, hours on the default
-- schedule, and its lane looked again every 100 ms meanwhile.
-- PL/pgSQL, so that its plans are kept for the session: as a SQL function it was planned at every
-- call, about 0.4 ms of PostgreSQL's time each, a tenth of it at 2,000 endpoints flat out
-- (docs/benchmarks.md, "Records that read one entry"). Each endpoint's ordering is read first, so
-- that an endpoint without per-record order reads only its pending deliveries.
CREATE OR REPLACE FUNCTION cd_lanes_next_due(clubs text[], endpoints text[])
RETURNS TABLE (n integer, ms double precision)
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  lane record;
  per_resource boolean;
  next_at timestamptz;
BEGIN
  FOR lane IN SELECT x.club, x.endpoint, x.i::integer AS i FROM unnest(clubs, endpoints) WITH ORDINALITY AS x (club, endpoint, i)
  LOOP
    next_at := NULL;
    SELECT e.ordering = 'per_resource' INTO per_resource FROM webhook_endpoints e WHERE e.club_id = lane.club AND e.id = lane.endpoint;
    IF NOT FOUND THEN
      NULL; -- no such endpoint: nothing pending
    ELSIF per_resource THEN
      SELECT min(d.next_attempt_at) INTO next_at
        FROM deliveries d
       WHERE d.club_id = lane.club AND d.endpoint_id = lane.endpoint AND d.status = 'pending'
         AND (d.resource_id IS NULL OR NOT EXISTS (
               SELECT 1 FROM deliveries p
                WHERE p.club_id = lane.club AND p.endpoint_id = lane.endpoint AND p.resource_id = d.resource_id
                  AND p.status = 'pending' AND p.signal_sequence < d.signal_sequence));
    ELSE
      SELECT min(d.next_attempt_at) INTO next_at
        FROM deliveries d
       WHERE d.club_id = lane.club AND d.endpoint_id = lane.endpoint AND d.status = 'pending';
    END IF;
    n := lane.i;
    ms := CASE WHEN next_at IS NOT NULL THEN greatest(extract(epoch FROM next_at - now()) * 1000, 0) END;
    RETURN NEXT;
  END LOOP;
END
$$;
