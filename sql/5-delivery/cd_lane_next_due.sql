-- When an endpoint's lane has work again: in how many milliseconds the earliest of its pending
-- deliveries is due and unleased (0 when one is already); null when none is pending. A lease
-- left by a worker that died counts as its due time, so the lane comes back when it lapses.
CREATE OR REPLACE FUNCTION cd_lane_next_due(club text, endpoint text) RETURNS double precision
LANGUAGE sql STABLE
AS $$
  SELECT CASE WHEN next_at IS NOT NULL THEN greatest(extract(epoch FROM next_at - now()) * 1000, 0) END
    FROM (SELECT min(greatest(d.next_attempt_at, coalesce(d.leased_until, d.next_attempt_at))) AS next_at
            FROM deliveries d
           WHERE d.club_id = club AND d.endpoint_id = endpoint AND d.status = 'pending') pending
$$;
