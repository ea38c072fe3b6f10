-- The claim of one endpoint's delivery lane (workers/5-delivery/): up to `batch` of the
-- endpoint's pending deliveries that are due, in sequence order, each for one attempt, with its
-- target: the endpoint as this call read it and the stored signal. The claim writes nothing per
-- delivery: the endpoint's hold (below) keeps every other process off its deliveries, and the
-- lane run that claims keeps in memory what it holds (`holding`: claimed ahead, in flight, being
-- recorded), which this claim skips. A lane run ends only once none of its attempts is in flight
-- or being recorded (workers/5-delivery/lane-state.ts), so the next run of the lane holds nothing
-- it did not claim itself. A lease written on each delivery at every claim was a new version of
-- the row each time, and with it the claim was a statement per delivery (docs/benchmarks.md,
-- "Claims without a lease").
-- The attempt is numbered (`attempt`: the attempts recorded so far, plus one) but not counted:
-- only its record counts it (cd_record_attempts). A delivery claimed and never sent, or whose
-- answer no worker saw (it died), has used no attempt: after a crash it comes back with the
-- same number once the dead process's hold lapses, not one retry tier later (docs/webhooks.md,
-- "What survives what").
--
-- One worker process at a time holds the endpoint (endpoint_lanes.holder, `holder` here: the
-- process, which runs one lane per endpoint at a time), whatever the queue does (after Redis
-- restarted empty, two processes may serve one shard): a claim by another holder while the hold
-- is live claims nothing and says for how long (outcome 'held'). A claim that finds deliveries
-- pending leaves the hold with at least `lease_ms` less a second to run (renewed at most once a
-- second) before it returns any, so every delivery it returns can be attempted and answered
-- inside the hold: the lane posts one only while its attempt can end a second before that
-- (lanes.ts, postableForMs, counted from when the claim began). The hold is
-- given up when the process lets the endpoint's shard go (cd_leave_lanes) or its lane stores a
-- slowed rate (cd_leave_lane), and lapses when its process died.
-- The holder stores the rate it slowed the endpoint to (`own_rate`, when `rate_known`; written
-- only when it changed). An endpoint paused by a receiver's Retry-After claims nothing until
-- then (outcome 'paused').
-- With `ordering` 'per_resource', only the earliest pending delivery of each record is
-- claimable: a later one waits until the earlier has succeeded or was given up.
--
-- One row describes the lane (outcome 'lane', 'held' or 'paused'): `signal_sequence` the
-- floor (below), `attempt` (for 'lane') 1 when pending deliveries are left besides those
-- claimed (those the lane holds count as left), `max_in_flight` and `rate_limit` the endpoint's options, `effective_rate`
-- the rate it is slowed to, `wait_ms` how long a held or paused lane waits. The 'lane' row that
-- ends a claim carries the claimed deliveries' target (`url`, `secret`, `previous_secret`), the
-- same for all of them, which their own rows leave empty; each claimed row has its signal's
-- `created` as Unix ms (`signal_created_ms`). Both spare the worker's pg client per-delivery
-- parsing (a hex secret, a timestamp) that was a part of its CPU flat out.
-- When the endpoint was deleted or disabled, its pending deliveries are canceled instead, by the
-- rule its deletion uses (cd_cancel_deliveries), and one row with outcome 'canceled' tells how
-- many (in attempt).
--
-- Called by cd_claim_lanes alone, whose settings its statements run under: generic plans, made
-- once per session with sequential scans off, so that each reaches the endpoint's deliveries
-- through an index whatever the statistics. Planned at every call, a claim cost three times as
-- much (sql/README.md, "Writing a function").
--
-- `from_sequence`: no pending delivery of the endpoint has a lower sequence, as far as the lane
-- knows (0 when it does not). The lanes' index keeps an entry for every finished delivery until
-- VACUUM, and a scan from the start of the endpoint's range steps over all of them before the
-- first pending one (0.9 ms a claim flat out, docs/benchmarks.md); from the lane's last floor it
-- steps over those finished since. The floor is the lowest pending sequence at or after
-- `from_sequence`, or, with none pending, one past the endpoint's highest sequence.
CREATE OR REPLACE FUNCTION cd_claim_lane(club text, endpoint text, batch integer, lease_ms double precision, from_sequence bigint,
                                         holder text, rate_known boolean, own_rate double precision, holding bigint[])
RETURNS TABLE (outcome text, signal_sequence bigint, attempt integer, url text, secret bytea,
               previous_secret bytea, signal_id text, signal_created_ms double precision, body text,
               max_in_flight integer, rate_limit double precision, effective_rate double precision, wait_ms double precision,
               traceparent text)
LANGUAGE plpgsql
AS $$
DECLARE
  ep record;
  lane record;
  canceled integer;
  lowest bigint;
  held_for interval := make_interval(secs => lease_ms / 1000);
  claimed integer;
  others_left integer;
BEGIN
  -- The endpoint, read once by its key: whether it is live, its options and the target the
  -- claimed rows carry (below).
  SELECT e.status = 'active' AND e.deleted_at IS NULL AS live, e.ordering, e.max_in_flight, e.rate_limit,
         e.url, e.secret, cd_endpoint_previous_secret(e.previous_secret, e.previous_secret_until) AS previous_secret INTO ep
    FROM webhook_endpoints e WHERE e.club_id = club AND e.id = endpoint;
  IF ep.live IS NOT TRUE THEN
    canceled := cd_cancel_deliveries(club, endpoint, NULL);
    IF canceled > 0 THEN
      RETURN QUERY SELECT * FROM cd_claim_lane_row('canceled', NULL, canceled, NULL, NULL, NULL, NULL);
    END IF;
    RETURN;
  END IF;

  -- The hold: taken when free or lapsed, renewed below while deliveries are pending. A
  -- compare-and-set on the row as read, so that two claims racing for it cannot both win; most
  -- claims only read.
  SELECT l.holder, l.held_until, l.paused_until, l.effective_rate INTO lane
    FROM endpoint_lanes l WHERE l.club_id = club AND l.endpoint_id = endpoint;
  IF NOT FOUND THEN
    INSERT INTO endpoint_lanes AS l (club_id, endpoint_id, holder, held_until) VALUES (club, endpoint, holder, now() + held_for)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RETURN QUERY SELECT * FROM cd_claim_lane_row('held', NULL, NULL, ep.max_in_flight, ep.rate_limit, NULL, 100);
      RETURN;
    END IF;
    lane.held_until := now() + held_for;
  ELSIF lane.holder IS DISTINCT FROM cd_claim_lane.holder AND lane.held_until > now() THEN
    RETURN QUERY SELECT * FROM cd_claim_lane_row('held', NULL, NULL, ep.max_in_flight, ep.rate_limit, lane.effective_rate,
                                                 extract(epoch FROM lane.held_until - now()) * 1000);
    RETURN;
  ELSIF lane.holder IS DISTINCT FROM cd_claim_lane.holder OR lane.held_until IS NULL OR lane.held_until <= now() THEN
    IF NOT cd_claim_lane_hold(club, endpoint, holder, lane.holder, lane.held_until, held_for) THEN
      RETURN QUERY SELECT * FROM cd_claim_lane_row('held', NULL, NULL, ep.max_in_flight, ep.rate_limit, lane.effective_rate, 100);
      RETURN;
    END IF;
    lane.holder := holder;
    lane.held_until := now() + held_for;
  END IF;
  IF rate_known AND own_rate IS DISTINCT FROM lane.effective_rate THEN
    UPDATE endpoint_lanes l SET effective_rate = own_rate WHERE l.club_id = club AND l.endpoint_id = endpoint;
    lane.effective_rate := own_rate;
  END IF;
  IF lane.paused_until > now() THEN
    RETURN QUERY SELECT * FROM cd_claim_lane_row('paused', NULL, NULL, ep.max_in_flight, ep.rate_limit, lane.effective_rate,
                                                 extract(epoch FROM lane.paused_until - now()) * 1000);
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
    RETURN QUERY SELECT * FROM cd_claim_lane_row('lane', greatest(coalesce(lowest, 0), from_sequence), 0, ep.max_in_flight,
                                                 ep.rate_limit, lane.effective_rate, 0);
    RETURN;
  END IF;
  -- Pending deliveries are there: the hold runs for a lease less a second at least from now,
  -- renewed at most once a second, before any is returned. If another claim took the endpoint
  -- meanwhile (its hold had lapsed as this transaction's clock saw it), this one claims nothing.
  IF lane.held_until < now() + held_for - interval '1 second' THEN
    IF NOT cd_claim_lane_hold(club, endpoint, holder, lane.holder, lane.held_until, held_for) THEN
      RETURN QUERY SELECT * FROM cd_claim_lane_row('held', NULL, NULL, ep.max_in_flight, ep.rate_limit, lane.effective_rate, 100);
      RETURN;
    END IF;
  END IF;
  -- The due deliveries, less those the lane holds, each with its stored signal, in one
  -- statement. The signal is reached by key from each due row: a lateral subquery kept whole by
  -- OFFSET 0, so a nested loop probing the primary key. Without it the planner flattened the
  -- subquery into a join and read every signal of the club per due row (a bitmap scan by club,
  -- 104 rows for a claim of 1). Never a join the planner may turn around: a
  -- statement joining the due rows to deliveries let the cached generic plan walk every delivery
  -- of the endpoint (2,650 rows for a claim of 5, docs/benchmarks.md "Delivery pipeline at
  -- scale"), and a plan it caches is kept (sql/README.md, "Statements that reach one row by key").
  -- The target is the endpoint as read at the top of this call. A disable or a deletion cancels
  -- the endpoint's pending deliveries in its own transaction (cd_cancel_deliveries); committed
  -- after this claim's snapshot, the deliveries claimed here are sent once after the change, as
  -- an attempt about to be made may be (docs/webhooks.md, "Stopping deliveries").
  RETURN QUERY
    SELECT 'claimed'::text, due.signal_sequence, due.attempts + 1, NULL::text, NULL::bytea, NULL::bytea,
           s.id, date_part('epoch', s.created_at) * 1000, s.body, NULL::integer, NULL::float8, NULL::float8, NULL::float8, due.traceparent
      FROM (SELECT d.signal_sequence, d.attempts, d.traceparent FROM deliveries d
             WHERE d.club_id = club AND d.endpoint_id = endpoint AND d.status = 'pending' AND d.signal_sequence >= lowest
               AND d.next_attempt_at <= now() AND d.signal_sequence <> ALL (holding)
               -- The head of its record only: no earlier delivery of the record is still pending
               -- (held by the lane or waiting for a retry).
               AND (ep.ordering = 'none' OR d.resource_id IS NULL OR NOT EXISTS (
                     SELECT 1 FROM deliveries p
                      WHERE p.club_id = club AND p.endpoint_id = endpoint AND p.resource_id = d.resource_id
                        AND p.status = 'pending' AND p.signal_sequence < d.signal_sequence))
             ORDER BY d.signal_sequence
             LIMIT batch) due
     CROSS JOIN LATERAL (SELECT x.id, x.created_at, x.body FROM signals x
                          WHERE x.club_id = club AND x.sequence = due.signal_sequence
                          OFFSET 0) s;
  GET DIAGNOSTICS claimed = ROW_COUNT;
  -- The lane row, with whether any pending delivery is left besides those just claimed (in
  -- `attempt`: 1 or 0): a lane whose attempts all succeed after a claim that left none has
  -- nothing pending, and need not ask (cd_lanes_next_due). Those claimed are pending from
  -- `lowest` on, so others are left when more than they are (counted no further than that, in
  -- sequence order: unordered, the planner took the records' index and read all the endpoint's
  -- pending entries in it).
  SELECT CASE WHEN count(*) > claimed THEN 1 ELSE 0 END INTO others_left
    FROM (SELECT 1 FROM deliveries d
           WHERE d.club_id = club AND d.endpoint_id = endpoint AND d.status = 'pending' AND d.signal_sequence >= lowest
           ORDER BY d.signal_sequence
           LIMIT claimed + 1) pending;
  RETURN QUERY SELECT * FROM cd_claim_lane_row('lane', lowest, others_left, ep.max_in_flight, ep.rate_limit, lane.effective_rate, 0,
                                               ep.url, ep.secret, ep.previous_secret);
END
$$;
