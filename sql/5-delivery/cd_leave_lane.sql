-- A lane run that slowed its endpoint since its last claim (a receiver's 429) stores the rate
-- (`own_rate`, when `rate_known`) as it parks or ends, and gives up its process's hold on the
-- endpoint (cd_claim_lane; the process's next run of the lane takes it again). Otherwise the
-- hold stays with the process until it lets the shard go (cd_leave_lanes). A hold taken over
-- since (it had lapsed) is left alone. PL/pgSQL, so that its table is looked up when it
-- runs, not when it is defined (a database migrated part of the way defines it too).
CREATE OR REPLACE FUNCTION cd_leave_lane(club text, endpoint text, holder text, rate_known boolean, own_rate double precision)
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE endpoint_lanes l
     SET holder = NULL, held_until = NULL,
         effective_rate = CASE WHEN rate_known THEN own_rate ELSE l.effective_rate END
   WHERE l.club_id = club AND l.endpoint_id = endpoint AND l.holder = cd_leave_lane.holder;
END
$$;
