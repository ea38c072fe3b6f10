-- The one rule for canceling deliveries to an endpoint that was deleted or disabled: every one
-- still pending becomes canceled, completed now (docs/webhooks.md, "Stopping
-- deliveries"). Its attempt count stays the number of attempts recorded: one in flight elsewhere
-- may still arrive, the last, and is counted by its record. Called by the endpoint's deletion or disabling
-- (src/db/webhook-endpoints.ts) for all of them, and by cd_claim_deliveries for the one it finds
-- pending for an endpoint changed since its fan-out (only_sequence). Returns how many it canceled.
CREATE OR REPLACE FUNCTION cd_cancel_deliveries(club text, endpoint text, only_sequence bigint)
RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  canceled integer;
BEGIN
  -- Sequence bounds rather than "only_sequence IS NULL OR ...": a cached generic plan then still
  -- walks the primary key from (club, endpoint, sequence), not every delivery of the endpoint.
  -- Sequences start at 1.
  UPDATE deliveries d SET status = 'canceled', completed_at = now()
   WHERE d.club_id = club AND d.endpoint_id = endpoint
     AND d.signal_sequence BETWEEN coalesce(only_sequence, 1) AND coalesce(only_sequence, 9223372036854775807)
     AND d.status = 'pending';
  GET DIAGNOSTICS canceled = ROW_COUNT;
  RETURN canceled;
END
$$;
