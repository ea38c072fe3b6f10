-- Fan-out, claim (cd_claim_lane) and record (cd_record_attempts) are the delivery pipeline's
-- hot statements, each for a batch of signals or deliveries at a time.
--
-- Why a statement per row in this one: every lookup is by a primary key or (club_id,
-- signal_sequence), and must stay so whatever the planner believes. Set-based versions (unnest
-- joined to deliveries) were planned once per connection while the table was small, and kept a
-- hash join over a sequential scan as it grew to tens of thousands of rows: about 10 ms of
-- PostgreSQL per batch of a dozen deliveries (docs/benchmarks.md). Rows are taken in key order,
-- so that two batches (two workers) wait for each other rather than deadlock.
--
-- Creates the deliveries of each signal, one per matching active endpoint that existed before
-- it, idempotently, and records each fan-out as done. Returns every delivery of the signals
-- still pending: the new ones and those left over from an interrupted run. `traceparents`: the
-- W3C traceparent of each signal's fan-out span, kept with its new deliveries (null entries, or
-- a null array, without tracing; docs/webhooks.md "Traces").
CREATE OR REPLACE FUNCTION cd_fan_out_signals(club_ids text[], sequences bigint[], traceparents text[])
RETURNS TABLE (club_id text, signal_sequence bigint, endpoint_id text, signal_id text)
LANGUAGE plpgsql
AS $$
DECLARE
  sig record;
BEGIN
  FOR sig IN SELECT DISTINCT ON (x.club_id, x.sequence) x.club_id, x.sequence, x.traceparent
               FROM unnest(club_ids, sequences, coalesce(traceparents, '{}')) AS x (club_id, sequence, traceparent)
              WHERE x.club_id IS NOT NULL
              ORDER BY 1, 2
  LOOP
    INSERT INTO deliveries AS d (club_id, endpoint_id, signal_sequence, signal_id, resource_id, traceparent)
    SELECT s.club_id, e.id, s.sequence, s.id, s.resource_id, sig.traceparent
      FROM signals s
      JOIN webhook_endpoints e ON e.club_id = s.club_id
     WHERE s.club_id = sig.club_id AND s.sequence = sig.sequence
       AND e.status = 'active' AND e.deleted_at IS NULL AND e.from_sequence < s.sequence
       AND cd_endpoint_matches(e, s.type, s.resource_id)
     ORDER BY e.id
    ON CONFLICT DO NOTHING;
    INSERT INTO signal_fanouts AS f (club_id, signal_sequence) VALUES (sig.club_id, sig.sequence) ON CONFLICT DO NOTHING;
    -- The status is tested outside the fence (OFFSET 0): with it inside, the planner may walk
    -- the partial index of pending deliveries, as long as the backlog, instead of the signal's.
    RETURN QUERY
      SELECT p.club_id, p.signal_sequence, p.endpoint_id, p.signal_id
        FROM (SELECT d.club_id, d.signal_sequence, d.endpoint_id, d.signal_id, d.status
                FROM deliveries d WHERE d.club_id = sig.club_id AND d.signal_sequence = sig.sequence OFFSET 0) p
       WHERE p.status = 'pending';
  END LOOP;
END
$$;
