-- Gives back deliveries a lane claimed ahead but did not attempt (workers/5-delivery/lane-state.ts:
-- the lane is stopping, or a delivery waited in its lane so long that an attempt begun now could
-- outlast its lease): each is due again at once, unleased, and its claim no longer counts as an
-- attempt. A delivery whose attempt count moved on since (its lease lapsed and another lane
-- claimed it) is left alone. Returns how many were given back. A statement per key, as in
-- cd_fan_out_signals (which says why).
CREATE OR REPLACE FUNCTION cd_release_deliveries(club text, endpoint text, sequences bigint[], attempt_numbers integer[])
RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  x record;
  released integer := 0;
BEGIN
  FOR x IN SELECT u.sequence, u.attempt FROM unnest(sequences, attempt_numbers) AS u (sequence, attempt) ORDER BY 1
  LOOP
    UPDATE deliveries d SET attempts = d.attempts - 1, leased_until = NULL
     WHERE d.club_id = club AND d.endpoint_id = endpoint AND d.signal_sequence = x.sequence
       AND d.status = 'pending' AND d.attempts = x.attempt;
    IF FOUND THEN
      released := released + 1;
    END IF;
  END LOOP;
  RETURN released;
END
$$;
