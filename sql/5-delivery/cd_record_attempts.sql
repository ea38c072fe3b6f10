-- Records attempts, successes and failures alike, and settles each delivery: the one place that
-- decides what an attempt leads to. A success marks the delivery succeeded and clears its
-- endpoint's failing streak, and returns no row unless the endpoint was failing (outcome
-- `succeeded`, streak `ended`, once per endpoint): successes are the hot path, and a row each
-- made a batch of 50 a few percent slower than the successes-only function this replaced. A
-- failure's row says streak `failing` when it made its endpoint failing (cd_endpoint_failing:
-- the run's fourth failed attempt). The worker logs the endpoint's state changes from these, not
-- every attempt (workers/5-delivery/attempt.ts); the same changes of the endpoint row make the
-- webhook_endpoint.* signals (its _500_signal_touch trigger, cd_signal_type).
-- A throttle (a 429, or a 503 with Retry-After: the receiver asks to slow down) returns a row with
-- outcome `throttled`: the attempt row is kept and the failing streak runs as for a failure, but
-- the attempt is not counted (the receiver's pace is not the delivery's failure) and it is due
-- again after retry_delay_ms; with a Retry-After (pause_ms) the whole endpoint is paused until
-- then (endpoint_lanes.paused_until), which its lane's claims obey.
-- A failure returns a row, n its position in the arrays (1-based), with outcome:
--   endpoint_disabled  the endpoint answered 410 Gone (reason gone) or its disable_at has come
--                      (reason failing: failing for disable_after_ms as it was when the streak
--                      began): it is disabled and the delivery
--                      failed. Its other pending deliveries are canceled as they are claimed;
--   failed             no retry left (retry_delay_ms null): given up;
--   retry              due again after retry_delay_ms.
-- The delay comes from the worker (src/domain/retry-schedule.ts: schedule, jitter, Retry-After);
-- the failing streak is the endpoint's, kept here. docs/webhooks.md states these rules.
-- The delivery's attempt count is the number of attempts recorded: the claim numbers an
-- attempt, this counts it (cd_claim_lane says why).
-- Set-based, for the whole batch: every attempt row, every success's delivery, and the failing
-- streak of the endpoints with no failure in the batch, in three statements rather than up to
-- three per attempt: about a tenth less of PostgreSQL's time per delivery flat out
-- (docs/benchmarks.md, "Claims without a lease"). Each reaches its rows from the batch's keys by
-- a nested loop over the primary keys, in key order: the function turns the other join methods
-- and sequential scans off, so that no estimate can make the planner read a table whole
-- (sql/README.md, "Statements that reach one row by key"). Then, one at a time (endpoints in
-- key order, each endpoint's attempts in the order they were made), the failures and the
-- successes of endpoints that also failed in the batch: their order decides the endpoint's
-- failing streak.
-- Each statement reaches a delivery by its key's three equalities, one entry of whichever index
-- the planner takes: the primary key and deliveries_signal_idx both hold the whole key
-- (sql/README.md, "Statements that reach one row by key"). Each reaches an endpoint by its
-- primary key, the only index of webhook_endpoints with its columns.
CREATE OR REPLACE FUNCTION cd_record_attempts(club_ids text[], endpoint_ids text[], sequences bigint[], signal_ids text[],
                                              attempt_numbers integer[], attempted_ats timestamptz[], status_codes integer[],
                                              errors text[], durations_ms integer[], response_excerpts text[],
                                              succeeded boolean[], gone boolean[], retry_delays_ms double precision[],
                                              disable_after_ms double precision[], throttled boolean[], pauses_ms double precision[])
RETURNS TABLE (n integer, outcome text, reason text, streak text)
LANGUAGE plpgsql
SET enable_hashjoin = off
SET enable_mergejoin = off
SET enable_seqscan = off
AS $$
DECLARE
  a record;
  failed_long_enough boolean;
  streak_under_way boolean;
  became_failing boolean;
  ended_failing boolean;
  together boolean[];
BEGIN
  -- The successes of endpoints with no failure in this batch: their streaks are cleared together.
  SELECT array_agg(x.ok AND NOT EXISTS (SELECT 1 FROM unnest(club_ids, endpoint_ids, succeeded) AS f (club_id, endpoint_id, ok)
                                         WHERE NOT f.ok AND f.club_id = x.club_id AND f.endpoint_id = x.endpoint_id)
                   ORDER BY x.n)
    INTO together
    FROM unnest(club_ids, endpoint_ids, succeeded) WITH ORDINALITY AS x (club_id, endpoint_id, ok, n);
  INSERT INTO delivery_attempts (club_id, endpoint_id, signal_id, signal_sequence, attempt_number, attempted_at,
                                 status_code, error, duration_ms, response_excerpt)
  SELECT x.club_id, x.endpoint_id, x.signal_id, x.sequence, x.attempt_number, x.attempted_at, x.status_code, x.error,
         x.duration_ms, x.response_excerpt
    FROM unnest(club_ids, endpoint_ids, sequences, signal_ids, attempt_numbers, attempted_ats, status_codes, errors,
                durations_ms, response_excerpts)
           AS x (club_id, endpoint_id, sequence, signal_id, attempt_number, attempted_at, status_code, error, duration_ms,
                 response_excerpt)
   ORDER BY x.club_id, x.endpoint_id, x.sequence;
  UPDATE deliveries d SET status = 'succeeded', completed_at = now(), attempts = greatest(d.attempts, x.attempt_number)
    FROM (SELECT u.club_id, u.endpoint_id, u.sequence, u.attempt_number
            FROM unnest(club_ids, endpoint_ids, sequences, attempt_numbers, succeeded)
                   AS u (club_id, endpoint_id, sequence, attempt_number, succeeded)
           WHERE u.succeeded ORDER BY 1, 2, 3 OFFSET 0) x
   WHERE d.club_id = x.club_id
     AND d.endpoint_id = x.endpoint_id AND d.signal_sequence = x.sequence;
  -- An endpoint that was failing gets a row, at its first success in the batch. The outer
  -- SELECT reads webhook_endpoints as the statement found it, before the update: whether the
  -- run these successes end was a failing one.
  RETURN QUERY
    WITH cleared AS (
      UPDATE webhook_endpoints e SET failing_since = NULL, disable_at = NULL, last_success_at = x.last_success, failed_attempts = 0
        FROM (SELECT u.club_id, u.endpoint_id, max(u.attempted_at) AS last_success
                FROM unnest(club_ids, endpoint_ids, together, attempted_ats) AS u (club_id, endpoint_id, together, attempted_at)
               WHERE u.together GROUP BY 1, 2 ORDER BY 1, 2 OFFSET 0) x
       WHERE e.club_id = x.club_id AND e.id = x.endpoint_id AND e.failing_since IS NOT NULL
      RETURNING e.club_id, e.id
    )
    SELECT min(u.n)::integer, 'succeeded'::text, NULL::text, 'ended'::text
      FROM cleared c
      JOIN webhook_endpoints was ON was.club_id = c.club_id AND was.id = c.id AND cd_endpoint_failing(was.failed_attempts)
      JOIN unnest(club_ids, endpoint_ids, together) WITH ORDINALITY AS u (club_id, endpoint_id, together, n)
        ON u.club_id = c.club_id AND u.endpoint_id = c.id AND u.together
     GROUP BY c.club_id, c.id;
  FOR a IN SELECT x.*, x.n::integer AS i
             FROM unnest(club_ids, endpoint_ids, sequences, signal_ids, attempt_numbers, attempted_ats, status_codes, errors,
                         durations_ms, response_excerpts, succeeded, gone, retry_delays_ms, disable_after_ms, throttled,
                         pauses_ms, together) WITH ORDINALITY
                  AS x (club_id, endpoint_id, sequence, signal_id, attempt_number, attempted_at, status_code, error, duration_ms,
                        response_excerpt, succeeded, gone, retry_delay_ms, disable_after_ms, throttled, pause_ms, together, n)
            WHERE NOT x.together
            -- Endpoints in key order; within one, the attempts in the order they were made, which
            -- is the order their streak saw (a success made after a failure ends the streak).
            ORDER BY x.club_id, x.endpoint_id, x.attempted_at, x.sequence
  LOOP
    IF a.succeeded THEN
      -- Its attempt row and its delivery are written above; here only the streak, in its turn.
      -- was: the row as this statement found it, before the update.
      UPDATE webhook_endpoints e SET failing_since = NULL, disable_at = NULL, last_success_at = a.attempted_at, failed_attempts = 0
        FROM webhook_endpoints was
       WHERE e.club_id = a.club_id AND e.id = a.endpoint_id AND e.failing_since IS NOT NULL
         AND was.club_id = e.club_id AND was.id = e.id
      RETURNING cd_endpoint_failing(was.failed_attempts) INTO ended_failing;
      IF coalesce(ended_failing, false) THEN
        n := a.i; outcome := 'succeeded'; reason := NULL; streak := 'ended';
        RETURN NEXT;
      END IF;
      CONTINUE; -- no row for a success that ends no failing run
    END IF;
    -- A failure. The endpoint's failure clock starts at its first failed attempt since a success,
    -- and the time it will be disabled at is fixed then (shown on the endpoint as disable_at,
    -- once it is failing). Later failures of the streak count themselves until the endpoint is
    -- failing (failed_attempts), then only read it: the endpoint row is written a few times per
    -- streak, not once per attempt.
    -- The last success is the attempt before this one, when that one succeeded (one entry of the
    -- endpoint's attempts index); otherwise (enabled again after a streak) the one kept before.
    UPDATE webhook_endpoints e
       SET failing_since = a.attempted_at, disable_at = a.attempted_at + make_interval(secs => a.disable_after_ms / 1000),
           last_success_at = coalesce((SELECT CASE WHEN cd_webhook_attempt_outcome(p.status_code) = 'succeeded' THEN p.attempted_at END
                                         FROM delivery_attempts p
                                        WHERE p.club_id = a.club_id AND p.endpoint_id = a.endpoint_id AND p.attempted_at < a.attempted_at
                                          AND p.signal_sequence > 0 -- a delivery's, not a test signal's (sequence 0)
                                        ORDER BY p.attempted_at DESC, p.id DESC LIMIT 1), e.last_success_at),
           failed_attempts = CASE WHEN e.status = 'active' THEN 1 ELSE 0 END
     WHERE e.club_id = a.club_id AND e.id = a.endpoint_id AND e.failing_since IS NULL
    RETURNING e.disable_at <= now(), cd_endpoint_failing(e.failed_attempts) INTO failed_long_enough, became_failing;
    streak_under_way := NOT FOUND;
    IF streak_under_way THEN
      -- A streak under way: one more failed attempt counted, until it makes the endpoint failing;
      -- its disable_at, fixed now if it began before migration 0026 added it. Failures of an
      -- endpoint already disabled (requests in flight as it was) are not counted: a disabled
      -- endpoint does not become failing after the fact.
      UPDATE webhook_endpoints e SET disable_at = coalesce(e.disable_at, e.failing_since + make_interval(secs => a.disable_after_ms / 1000)),
                                     failed_attempts = e.failed_attempts + CASE WHEN e.status = 'active' THEN 1 ELSE 0 END
       WHERE e.club_id = a.club_id AND e.id = a.endpoint_id
         AND (e.disable_at IS NULL OR (e.status = 'active' AND NOT cd_endpoint_failing(e.failed_attempts)))
      RETURNING e.disable_at <= now(),
                e.status = 'active' AND cd_endpoint_failing(e.failed_attempts) AND NOT cd_endpoint_failing(e.failed_attempts - 1)
           INTO failed_long_enough, became_failing;
      IF NOT FOUND THEN
        SELECT e.disable_at <= now(), false INTO failed_long_enough, became_failing
          FROM webhook_endpoints e WHERE e.club_id = a.club_id AND e.id = a.endpoint_id;
      END IF;
    END IF;
    reason := CASE WHEN a.gone THEN 'gone' WHEN coalesce(failed_long_enough, false) THEN 'failing' END;
    IF reason IS NOT NULL THEN
      UPDATE webhook_endpoints e SET status = 'disabled', disabled_reason = reason
       WHERE e.club_id = a.club_id AND e.id = a.endpoint_id AND e.status = 'active';
      UPDATE deliveries d SET status = 'failed', completed_at = now(),
                              attempts = greatest(d.attempts, a.attempt_number)
       WHERE d.club_id = a.club_id
         AND d.endpoint_id = a.endpoint_id AND d.signal_sequence = a.sequence;
      outcome := 'endpoint_disabled';
    ELSIF a.throttled THEN
      UPDATE deliveries d SET next_attempt_at = now() + make_interval(secs => a.retry_delay_ms / 1000)
       WHERE d.club_id = a.club_id
         AND d.endpoint_id = a.endpoint_id AND d.signal_sequence = a.sequence;
      IF a.pause_ms IS NOT NULL THEN
        INSERT INTO endpoint_lanes AS l (club_id, endpoint_id, paused_until)
        VALUES (a.club_id, a.endpoint_id, now() + make_interval(secs => a.pause_ms / 1000))
        ON CONFLICT (club_id, endpoint_id) DO UPDATE
          SET paused_until = greatest(coalesce(l.paused_until, EXCLUDED.paused_until), EXCLUDED.paused_until);
      END IF;
      outcome := 'throttled';
    ELSIF a.retry_delay_ms IS NULL THEN
      UPDATE deliveries d SET status = 'failed', completed_at = now(),
                              attempts = greatest(d.attempts, a.attempt_number)
       WHERE d.club_id = a.club_id
         AND d.endpoint_id = a.endpoint_id AND d.signal_sequence = a.sequence;
      outcome := 'failed';
    ELSE
      UPDATE deliveries d SET next_attempt_at = now() + make_interval(secs => a.retry_delay_ms / 1000),
                              attempts = greatest(d.attempts, a.attempt_number)
       WHERE d.club_id = a.club_id
         AND d.endpoint_id = a.endpoint_id AND d.signal_sequence = a.sequence;
      outcome := 'retry';
    END IF;
    n := a.i;
    streak := CASE WHEN became_failing THEN 'failing' END;
    RETURN NEXT;
  END LOOP;
END
$$;
