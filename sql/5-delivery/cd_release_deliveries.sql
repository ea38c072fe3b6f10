-- Gives back deliveries a lane claimed ahead but did not attempt (workers/5-delivery/lane-state.ts:
-- the lane is stopping, or a delivery waited in its lane so long that an attempt begun now could
-- outlast its lease): each is due again at once, unleased. Each names its claim by the lease it
-- got (cd_claim_lane's leased_until): one whose lease lapsed and was claimed again since is left
-- alone. Returns how many were given back. A statement per key, as in cd_fan_out_signals (which
-- says why).
CREATE OR REPLACE FUNCTION cd_release_deliveries(club text, endpoint text, sequences bigint[], leases timestamptz[])
RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  x record;
  released integer := 0;
BEGIN
  FOR x IN SELECT u.sequence, u.lease FROM unnest(sequences, leases) AS u (sequence, lease) ORDER BY 1
  LOOP
    UPDATE deliveries d SET leased_until = NULL
     WHERE d.club_id = club AND d.endpoint_id = endpoint AND d.signal_sequence = x.sequence
       AND d.status = 'pending' AND d.leased_until = x.lease;
    IF FOUND THEN
      released := released + 1;
    END IF;
  END LOOP;
  RETURN released;
END
$$;
