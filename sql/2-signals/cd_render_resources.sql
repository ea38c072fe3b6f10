-- The representations of signal-bearing resources, exactly as their endpoints return them: the
-- one mapping from a kind to its renderer. The resources are named by three arrays read in step
-- (kind, club, id); each one found gives a row with its position in the arrays (n), so a
-- resource that no longer exists gives none. Rows come kind by kind, in no particular order.
--
-- One query per kind present, each rendering all of that kind's resources in one plan into which
-- the planner inlines the kind's renderer (sql/README.md, "Renderers"): a batch of 10,000 bookings
-- is rendered by one plan probing each row by key, not by 10,000 calls each running queries of
-- its own (docs/benchmarks.md, "Writer cost"). PL/pgSQL rather than one SQL UNION of every kind:
-- a single resource (a first touch) then starts the executor for its own kind's small plan
-- only, not for every kind's, which cost about 0.4 ms a touch. The plans are generic, made once
-- per session: a custom plan for each call would be planned again each time.
--
-- Each key reaches its row by a probe of the table's primary key, whatever the statistics said
-- when the generic plan was made (sql/README.md, "Statements that reach one row by key"): with
-- hash and merge joins and sequential scans off, the only plan left is a nested loop over the
-- keys, which a plan kept for the session cannot turn into a scan of a table that has grown.
CREATE OR REPLACE FUNCTION cd_render_resources(kinds text[], clubs text[], resources text[]) RETURNS TABLE (n bigint, rendered json)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
-- Whatever its caller turned off (tg__signal_touch_rows turns nested loops off for its own joins).
SET enable_nestloop = on
AS $$
BEGIN
  IF 'customer' = ANY (kinds) THEN
    RETURN QUERY
      SELECT k.n, r FROM unnest(kinds, clubs, resources) WITH ORDINALITY AS k (kind, club, resource, n)
        JOIN customers t ON t.club_id = k.club AND t.id = k.resource CROSS JOIN LATERAL cd_render_customer(t) r
       WHERE k.kind = 'customer';
  END IF;
  IF 'subscription' = ANY (kinds) THEN
    RETURN QUERY
      SELECT k.n, r FROM unnest(kinds, clubs, resources) WITH ORDINALITY AS k (kind, club, resource, n)
        JOIN subscriptions t ON t.club_id = k.club AND t.id = k.resource CROSS JOIN LATERAL cd_render_subscription(t) r
       WHERE k.kind = 'subscription';
  END IF;
  IF 'booking' = ANY (kinds) THEN
    RETURN QUERY
      SELECT k.n, r FROM unnest(kinds, clubs, resources) WITH ORDINALITY AS k (kind, club, resource, n)
        JOIN bookings t ON t.club_id = k.club AND t.id = k.resource CROSS JOIN LATERAL cd_render_booking(t) r
       WHERE k.kind = 'booking';
  END IF;
  IF 'event' = ANY (kinds) THEN
    RETURN QUERY
      SELECT k.n, r FROM unnest(kinds, clubs, resources) WITH ORDINALITY AS k (kind, club, resource, n)
        JOIN events t ON t.club_id = k.club AND t.id = k.resource CROSS JOIN LATERAL cd_render_event(t) r
       WHERE k.kind = 'event';
  END IF;
  IF 'participant' = ANY (kinds) THEN
    RETURN QUERY
      SELECT k.n, r FROM unnest(kinds, clubs, resources) WITH ORDINALITY AS k (kind, club, resource, n)
        JOIN participants t ON t.club_id = k.club AND t.id = k.resource CROSS JOIN LATERAL cd_render_participant(t) r
       WHERE k.kind = 'participant';
  END IF;
  IF 'order' = ANY (kinds) THEN
    RETURN QUERY
      SELECT k.n, r FROM unnest(kinds, clubs, resources) WITH ORDINALITY AS k (kind, club, resource, n)
        JOIN orders t ON t.club_id = k.club AND t.id = k.resource CROSS JOIN LATERAL cd_render_order(t) r
       WHERE k.kind = 'order';
  END IF;
  IF 'transaction' = ANY (kinds) THEN
    RETURN QUERY
      SELECT k.n, cd_render_transaction(t) FROM unnest(kinds, clubs, resources) WITH ORDINALITY AS k (kind, club, resource, n)
        JOIN transactions t ON t.club_id = k.club AND t.id = k.resource
       WHERE k.kind = 'transaction';
  END IF;
  IF 'waiver' = ANY (kinds) THEN
    RETURN QUERY
      SELECT k.n, r FROM unnest(kinds, clubs, resources) WITH ORDINALITY AS k (kind, club, resource, n)
        JOIN waiver_signatures t ON t.club_id = k.club AND t.id = k.resource CROSS JOIN LATERAL cd_render_waiver(t) r
       WHERE k.kind = 'waiver';
  END IF;
  IF 'coach' = ANY (kinds) THEN
    RETURN QUERY
      SELECT k.n, cd_render_coach(t) FROM unnest(kinds, clubs, resources) WITH ORDINALITY AS k (kind, club, resource, n)
        JOIN coaches t ON t.club_id = k.club AND t.id = k.resource
       WHERE k.kind = 'coach';
  END IF;
  IF 'space' = ANY (kinds) THEN
    RETURN QUERY
      SELECT k.n, r FROM unnest(kinds, clubs, resources) WITH ORDINALITY AS k (kind, club, resource, n)
        JOIN spaces t ON t.club_id = k.club AND t.id = k.resource CROSS JOIN LATERAL cd_render_space(t) r
       WHERE k.kind = 'space';
  END IF;
  IF 'club' = ANY (kinds) THEN
    -- The club is its own resource: its id is its club_id.
    RETURN QUERY
      SELECT k.n, cd_render_club(t) FROM unnest(kinds, clubs, resources) WITH ORDINALITY AS k (kind, club, resource, n)
        JOIN clubs t ON t.club_id = k.club AND t.club_id = k.resource
       WHERE k.kind = 'club';
  END IF;
  IF 'webhook_endpoint' = ANY (kinds) THEN
    -- A deleted endpoint has no state left to signal.
    RETURN QUERY
      SELECT k.n, cd_render_webhook_endpoint(t) FROM unnest(kinds, clubs, resources) WITH ORDINALITY AS k (kind, club, resource, n)
        JOIN webhook_endpoints t ON t.club_id = k.club AND t.id = k.resource
       WHERE k.kind = 'webhook_endpoint' AND t.deleted_at IS NULL;
  END IF;
END
$$;
