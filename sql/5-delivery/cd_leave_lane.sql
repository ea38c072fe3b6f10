-- A lane run gives up its hold on the endpoint (cd_claim_lane) as it parks or ends, so that the
-- endpoint's next lane, in whatever process, claims at once rather than once the hold lapses,
-- and stores the rate it slowed the endpoint to (`own_rate`, when `rate_known`). A hold taken
-- over since (it had lapsed) is left alone. PL/pgSQL, so that its table is looked up when it
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
