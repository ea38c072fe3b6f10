-- What a webhook_endpoint.recovered signal says of the run of failures it ends (docs/webhooks.md,
-- "Signals about endpoints"): when it began and ended, how long it lasted, how many deliveries
-- were given up meanwhile (still given up: not sent again since; counted up to 10,000, as the
-- endpoint object counts them), and the window to pass to POST .../recover to have every signal
-- the endpoint missed sent again. The window begins at the first failure, or earlier when a
-- signal created before it was given up or canceled during the run (it was waiting as the
-- failures began), and ends as the signal is emitted; recovery leaves out what was delivered, so
-- the window need not be tighter. The run ends at the success that ended it, or at its first
-- failure when that success was made before it (requests in flight together can be answered and
-- recorded out of order), so its length is never negative.
-- Both reads go through deliveries_unsent_idx: only the deliveries settled during the outage,
-- from the index. Called once per recovery, from cd_emit_signals.
CREATE OR REPLACE FUNCTION cd_endpoint_outage(club text, endpoint text, failing_since timestamptz, succeeded_at timestamptz,
                                              emitted_at timestamptz)
RETURNS json
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  given_up bigint;
  first_missed bigint;
  earliest timestamptz;
  recovered_at timestamptz := greatest(coalesce(succeeded_at, emitted_at), failing_since);
BEGIN
  SELECT count(*) INTO given_up
    FROM (SELECT 1 FROM deliveries d
           WHERE d.club_id = club AND d.endpoint_id = endpoint AND d.status = 'failed' AND d.completed_at >= failing_since
           LIMIT 10000) counted;
  SELECT min(d.signal_sequence) INTO first_missed
    FROM deliveries d
   WHERE d.club_id = club AND d.endpoint_id = endpoint AND d.status IN ('failed', 'canceled') AND d.completed_at >= failing_since;
  SELECT s.created_at INTO earliest FROM signals s WHERE s.club_id = club AND s.sequence = first_missed;
  RETURN json_build_object(
    'failing_since', cd_utc(failing_since),
    'recovered_at', cd_utc(recovered_at),
    'failed_for_seconds', floor(extract(epoch FROM recovered_at - failing_since))::bigint,
    'given_up_deliveries', given_up,
    'recover_window', json_build_object('since', cd_utc(least(failing_since, earliest)), 'until', cd_utc(greatest(emitted_at, recovered_at)))
  );
END
$$;
