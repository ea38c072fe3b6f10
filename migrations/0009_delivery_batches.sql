-- The delivery worker's three hot statements, for a batch of signals or deliveries at a time:
-- fan out signals, claim deliveries for an attempt, record successful attempts.
--
-- Why functions, and a statement per row inside them: every lookup here is by a primary key or
-- (club_id, signal_sequence), and must stay so whatever the planner believes. Set-based
-- versions (unnest joined to deliveries) were planned once per connection while the table was
-- new and small, and kept a hash join over a sequential scan of deliveries as the table grew to
-- tens of thousands of rows: about 10 ms of PostgreSQL per batch of a dozen deliveries
-- (docs/benchmarks.md). A statement with the whole key is an index lookup in any plan.
--
-- Rows are taken in key order, so that two batches (two workers) wait for each other rather
-- than deadlock.

-- Creates the deliveries of each signal, one per matching active endpoint that existed before
-- it, idempotently, and records each fan-out as done. Returns every delivery of the signals
-- still pending: the new ones and those left over from an interrupted run.
CREATE FUNCTION cd_fan_out_signals(club_ids text[], sequences bigint[])
RETURNS TABLE (club_id text, signal_sequence bigint, endpoint_id text, signal_id text, next_attempt_at timestamptz)
LANGUAGE plpgsql
AS $$
DECLARE
  sig record;
BEGIN
  FOR sig IN SELECT DISTINCT x.club_id, x.sequence FROM unnest(club_ids, sequences) AS x (club_id, sequence) ORDER BY 1, 2
  LOOP
    INSERT INTO deliveries AS d (club_id, endpoint_id, signal_sequence, signal_id)
    SELECT s.club_id, e.id, s.sequence, s.id
      FROM signals s
      JOIN webhook_endpoints e ON e.club_id = s.club_id
     WHERE s.club_id = sig.club_id AND s.sequence = sig.sequence
       AND e.status = 'active' AND e.deleted_at IS NULL AND e.from_sequence < s.sequence
       AND cd_endpoint_matches(e, s.type)
     ORDER BY e.id
    ON CONFLICT DO NOTHING;
    INSERT INTO signal_fanouts AS f (club_id, signal_sequence) VALUES (sig.club_id, sig.sequence) ON CONFLICT DO NOTHING;
    -- The status is tested outside the fence (OFFSET 0): with it inside, the planner may walk
    -- the partial index of pending deliveries, as long as the backlog, instead of the signal's.
    RETURN QUERY
      SELECT p.club_id, p.signal_sequence, p.endpoint_id, p.signal_id, p.next_attempt_at
        FROM (SELECT d.club_id, d.signal_sequence, d.endpoint_id, d.signal_id, d.next_attempt_at, d.status
                FROM deliveries d WHERE d.club_id = sig.club_id AND d.signal_sequence = sig.sequence OFFSET 0) p
       WHERE p.status = 'pending';
  END LOOP;
END
$$;

-- Claims pending, due deliveries for one attempt each: no other worker touches a claimed one
-- until its lease ends. n is the key's position in the arrays (1-based). outcome:
--   claimed  attempts is the attempt's number; the target (the endpoint as it is now and the
--            stored signal) comes along, its columns null when the endpoint or signal is gone;
--   later    leased by another worker or not due: wait_ms until the lease or due time passes;
--   done     finished already, or gone.
CREATE FUNCTION cd_claim_deliveries(club_ids text[], endpoint_ids text[], sequences bigint[], lease_ms double precision)
RETURNS TABLE (n integer, outcome text, attempts integer, wait_ms double precision, url text, active boolean,
               secret bytea, previous_secret bytea, signal_id text, signal_created_at timestamptz, body text)
LANGUAGE plpgsql
AS $$
DECLARE
  k record;
  cur record;
  attempt integer;
BEGIN
  FOR k IN SELECT x.club_id, x.endpoint_id, x.sequence, x.n::integer AS n
             FROM unnest(club_ids, endpoint_ids, sequences) WITH ORDINALITY AS x (club_id, endpoint_id, sequence, n)
            ORDER BY 1, 2, 3
  LOOP
    -- By the key alone, locked: a concurrent claim is waited for, then seen as it left the row.
    SELECT d.status, d.next_attempt_at, d.leased_until INTO cur
      FROM deliveries d
     WHERE d.club_id = k.club_id AND d.endpoint_id = k.endpoint_id AND d.signal_sequence = k.sequence
       FOR NO KEY UPDATE;
    IF NOT FOUND OR cur.status <> 'pending' THEN
      RETURN QUERY SELECT k.n, 'done'::text, NULL::integer, NULL::double precision, NULL::text, NULL::boolean,
                          NULL::bytea, NULL::bytea, NULL::text, NULL::timestamptz, NULL::text;
    ELSIF cur.next_attempt_at > now() + interval '1 second' OR cur.leased_until >= now() THEN
      RETURN QUERY SELECT k.n, 'later'::text, NULL::integer,
                          greatest(extract(epoch FROM greatest(cur.leased_until, cur.next_attempt_at) - now()) * 1000, 0)::double precision,
                          NULL::text, NULL::boolean, NULL::bytea, NULL::bytea, NULL::text, NULL::timestamptz, NULL::text;
    ELSE
      UPDATE deliveries d SET attempts = d.attempts + 1, leased_until = now() + make_interval(secs => lease_ms / 1000)
       WHERE d.club_id = k.club_id AND d.endpoint_id = k.endpoint_id AND d.signal_sequence = k.sequence
      RETURNING d.attempts INTO attempt;
      RETURN QUERY
        SELECT k.n, 'claimed'::text, attempt, 0::double precision,
               e.url, e.status = 'active' AND e.deleted_at IS NULL, e.secret,
               CASE WHEN e.previous_secret_until > now() THEN e.previous_secret END,
               s.id, s.created_at, s.body
          FROM (SELECT) one
          LEFT JOIN webhook_endpoints e ON e.club_id = k.club_id AND e.id = k.endpoint_id
          LEFT JOIN signals s ON s.club_id = k.club_id AND s.sequence = k.sequence;
    END IF;
  END LOOP;
END
$$;

-- Records successful attempts: each attempt row, its delivery done, and its endpoint's failing
-- streak cleared. Failures go one at a time (src/db/deliveries.ts recordAttempt): they decide
-- between retrying, giving up and disabling the endpoint.
CREATE FUNCTION cd_record_successes(club_ids text[], endpoint_ids text[], sequences bigint[], signal_ids text[],
                                    attempt_numbers integer[], attempted_ats timestamptz[], status_codes integer[],
                                    durations_ms integer[], response_excerpts text[])
RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  a record;
BEGIN
  FOR a IN SELECT *
             FROM unnest(club_ids, endpoint_ids, sequences, signal_ids, attempt_numbers, attempted_ats, status_codes,
                         durations_ms, response_excerpts)
                  AS x (club_id, endpoint_id, sequence, signal_id, attempt_number, attempted_at, status_code, duration_ms, response_excerpt)
            ORDER BY club_id, endpoint_id, sequence
  LOOP
    INSERT INTO delivery_attempts (club_id, endpoint_id, signal_id, signal_sequence, attempt_number, attempted_at,
                                   status_code, error, duration_ms, response_excerpt)
    VALUES (a.club_id, a.endpoint_id, a.signal_id, a.sequence, a.attempt_number, a.attempted_at,
            a.status_code, NULL, a.duration_ms, a.response_excerpt);
    UPDATE deliveries d SET status = 'succeeded', completed_at = now(), leased_until = NULL
     WHERE d.club_id = a.club_id AND d.endpoint_id = a.endpoint_id AND d.signal_sequence = a.sequence;
    UPDATE webhook_endpoints e SET failing_since = NULL
     WHERE e.club_id = a.club_id AND e.id = a.endpoint_id AND e.failing_since IS NOT NULL;
  END LOOP;
END
$$;
