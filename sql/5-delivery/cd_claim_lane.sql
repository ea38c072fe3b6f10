-- The claim of one endpoint's delivery lane (workers/5-delivery/): up to `batch` of the
-- endpoint's pending deliveries that are due and not leased, in sequence order, each for one
-- attempt under a lease that keeps every other lane off it until it lapses, with its target:
-- the endpoint as it is now and the stored signal. Rows another transaction holds are skipped,
-- not waited for.
-- The attempt is numbered (`attempt`: the attempts recorded so far, plus one) but not counted:
-- only its record counts it (cd_record_attempts). A delivery claimed and never sent, or whose
-- answer no worker saw (it died), has used no attempt: after a crash it comes back with the
-- same number once its lease lapses, not one retry tier later (docs/webhooks.md, "What
-- survives what"). `leased_until` (at whole milliseconds, so that it survives a round trip
-- through a JavaScript Date) names this claim: a give-back must name it (cd_release_deliveries).
-- When the endpoint was deleted or disabled, its pending deliveries are canceled instead, by the
-- rule its deletion uses (cd_cancel_deliveries), and one row with outcome 'canceled' tells how
-- many (in attempt).
--
-- `from_sequence`: no pending delivery of the endpoint has a lower sequence, as far as the lane
-- knows (0 when it does not). The lanes' index keeps an entry for every finished delivery until
-- VACUUM, and a scan from the start of the endpoint's range steps over all of them before the
-- first pending one (0.9 ms a claim flat out, docs/benchmarks.md); from the lane's last floor it
-- steps over those finished since. A first row with outcome 'floor' gives the new floor (in
-- signal_sequence): the lowest pending sequence at or after `from_sequence`, or, with none
-- pending, one past the endpoint's highest sequence.
CREATE OR REPLACE FUNCTION cd_claim_lane(club text, endpoint text, batch integer, lease_ms double precision, from_sequence bigint)
RETURNS TABLE (outcome text, signal_sequence bigint, attempt integer, leased_until timestamptz, url text, secret bytea,
               previous_secret bytea, signal_id text, signal_created_at timestamptz, body text)
LANGUAGE plpgsql
AS $$
DECLARE
  live boolean;
  canceled integer;
  lowest bigint;
BEGIN
  SELECT e.status = 'active' AND e.deleted_at IS NULL INTO live
    FROM webhook_endpoints e WHERE e.club_id = club AND e.id = endpoint;
  IF live IS NOT TRUE THEN
    canceled := cd_cancel_deliveries(club, endpoint, NULL);
    IF canceled > 0 THEN
      RETURN QUERY SELECT 'canceled'::text, NULL::bigint, canceled, NULL::timestamptz, NULL::text, NULL::bytea, NULL::bytea,
                          NULL::text, NULL::timestamptz, NULL::text;
    END IF;
    RETURN;
  END IF;
  SELECT d.signal_sequence INTO lowest FROM deliveries d
   WHERE d.club_id = club AND d.endpoint_id = endpoint AND d.status = 'pending' AND d.signal_sequence >= from_sequence
   ORDER BY d.signal_sequence LIMIT 1;
  IF lowest IS NULL THEN
    -- Nothing pending: the next delivery comes after every one the endpoint has (the primary
    -- key, read backwards, finds the last without a walk).
    SELECT d.signal_sequence + 1 INTO lowest FROM deliveries d
     WHERE d.club_id = club AND d.endpoint_id = endpoint ORDER BY d.signal_sequence DESC LIMIT 1;
    RETURN QUERY SELECT 'floor'::text, greatest(coalesce(lowest, 0), from_sequence), NULL::integer, NULL::timestamptz,
                        NULL::text, NULL::bytea,
                        NULL::bytea, NULL::text, NULL::timestamptz, NULL::text;
    RETURN;
  END IF;
  RETURN QUERY SELECT 'floor'::text, lowest, NULL::integer, NULL::timestamptz, NULL::text, NULL::bytea, NULL::bytea,
                      NULL::text, NULL::timestamptz, NULL::text;
  RETURN QUERY
    WITH due AS (
      SELECT d.signal_sequence FROM deliveries d
       WHERE d.club_id = club AND d.endpoint_id = endpoint AND d.status = 'pending' AND d.signal_sequence >= lowest
         AND d.next_attempt_at <= now() AND (d.leased_until IS NULL OR d.leased_until < now())
       ORDER BY d.signal_sequence
       LIMIT batch
         FOR NO KEY UPDATE SKIP LOCKED
    )
    UPDATE deliveries d SET leased_until = date_trunc('milliseconds', now() + make_interval(secs => lease_ms / 1000))
      FROM due, webhook_endpoints e, signals s
     WHERE d.club_id = club AND d.endpoint_id = endpoint AND d.signal_sequence = due.signal_sequence
       AND e.club_id = club AND e.id = endpoint AND e.status = 'active' AND e.deleted_at IS NULL
       AND s.club_id = club AND s.sequence = d.signal_sequence
    RETURNING 'claimed'::text, d.signal_sequence, d.attempts + 1, d.leased_until, e.url, e.secret,
              CASE WHEN e.previous_secret_until > now() THEN e.previous_secret END, s.id, s.created_at, s.body;
END
$$;
