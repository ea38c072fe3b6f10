-- Takes or renews an endpoint's hold for `holder` until `held_for` from now (cd_claim_lane), as
-- a compare-and-set on the row as the claim read it (`was_holder`, `was_until`): of two claims
-- racing for a lapsed hold only one wins. True when this one did.
CREATE OR REPLACE FUNCTION cd_claim_lane_hold(club text, endpoint text, holder text, was_holder text,
                                              was_until timestamptz, held_for interval)
RETURNS boolean
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE endpoint_lanes l SET holder = cd_claim_lane_hold.holder, held_until = now() + held_for
   WHERE l.club_id = club AND l.endpoint_id = endpoint
     AND l.holder IS NOT DISTINCT FROM was_holder AND l.held_until IS NOT DISTINCT FROM was_until;
  RETURN FOUND;
END
$$;
