-- When an endpoint's lane has work again: in how many milliseconds the earliest of its pending
-- deliveries is due (0 when one is already); null when none is pending. A delivery a worker that
-- died was attempting is due: the lane's claim then finds the endpoint held by that worker until
-- the hold lapses, and waits until then (cd_claim_lane).
-- With `ordering` 'per_resource', a delivery behind an earlier pending one of its record is not
-- claimable however due it is: only the heads of the records count, by the test cd_claim_lane
-- makes (written in both: a SQL helper holding a subquery is not inlined, and would be planned
-- again at every row of a claim, sql/README.md). Counted, a
-- record waiting for its head's retry made this 0 until that retry, hours on the default
-- schedule, and its lane looked again every 100 ms meanwhile.
CREATE OR REPLACE FUNCTION cd_lane_next_due(club text, endpoint text) RETURNS double precision
LANGUAGE sql STABLE
AS $$
  SELECT CASE WHEN next_at IS NOT NULL THEN greatest(extract(epoch FROM next_at - now()) * 1000, 0) END
    FROM (SELECT min(d.next_attempt_at) AS next_at
            FROM deliveries d
            JOIN webhook_endpoints e ON e.club_id = d.club_id AND e.id = d.endpoint_id
           WHERE d.club_id = club AND d.endpoint_id = endpoint AND d.status = 'pending'
             AND (e.ordering = 'none' OR d.resource_id IS NULL OR NOT EXISTS (
                   SELECT 1 FROM deliveries p
                    WHERE p.club_id = club AND p.endpoint_id = endpoint AND p.resource_id = d.resource_id
                      AND p.status = 'pending' AND p.signal_sequence < d.signal_sequence))) pending
$$;
