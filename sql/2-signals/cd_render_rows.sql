-- The representations of rows already in hand, one per row, in the array's order, each with the
-- key of the resource it shows: a statement's old rows, from its transition table, rendered as
-- they were before it (tg__signal_touch_rows). `resource_rows` holds rows of the kind's own table
-- in their text form (`row::text`), read back as that table's rows. Every kind whose own table
-- is updated (transactions are only inserted: a new row has no rendering before).
--
-- Text, because a transition table's rows reach a trigger function as records of no named type,
-- which no function parameter but a named table's type can take, and each table has its own:
-- a row's text form reads back exactly, at about 1.6 us a row. The kinds and their renderers are
-- cd_render_resources', which renders resources by key from the tables as they are; each query
-- here renders all of the kind's rows in one plan into which the planner inlines the renderer
-- (sql/README.md, "Renderers"), each row reaching the rows it embeds by their keys as there
-- (the planner settings are cd_render_resources' and for the same reason), and returns them in
-- the array's order (a hash join on the club's row had turned a statement's order around).
CREATE OR REPLACE FUNCTION cd_render_rows(kind text, resource_rows text[]) RETURNS TABLE (club_id text, resource_id text, rendered json)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
-- Whatever its caller turned off (tg__signal_touch_rows turns nested loops off for its own joins).
SET enable_nestloop = on
AS $$
BEGIN
  IF kind = 'customer' THEN
    RETURN QUERY SELECT (x.t).club_id, (x.t).id, r FROM (SELECT t, row_number() OVER () AS n FROM unnest(resource_rows::customers[]) t) x
      CROSS JOIN LATERAL cd_render_customer(x.t) r ORDER BY x.n;
  ELSIF kind = 'subscription' THEN
    RETURN QUERY SELECT (x.t).club_id, (x.t).id, r FROM (SELECT t, row_number() OVER () AS n FROM unnest(resource_rows::subscriptions[]) t) x
      CROSS JOIN LATERAL cd_render_subscription(x.t) r ORDER BY x.n;
  ELSIF kind = 'booking' THEN
    RETURN QUERY SELECT (x.t).club_id, (x.t).id, r FROM (SELECT t, row_number() OVER () AS n FROM unnest(resource_rows::bookings[]) t) x
      CROSS JOIN LATERAL cd_render_booking(x.t) r ORDER BY x.n;
  ELSIF kind = 'event' THEN
    RETURN QUERY SELECT (x.t).club_id, (x.t).id, r FROM (SELECT t, row_number() OVER () AS n FROM unnest(resource_rows::events[]) t) x
      CROSS JOIN LATERAL cd_render_event(x.t) r ORDER BY x.n;
  ELSIF kind = 'participant' THEN
    RETURN QUERY SELECT (x.t).club_id, (x.t).id, r FROM (SELECT t, row_number() OVER () AS n FROM unnest(resource_rows::participants[]) t) x
      CROSS JOIN LATERAL cd_render_participant(x.t) r ORDER BY x.n;
  ELSIF kind = 'order' THEN
    RETURN QUERY SELECT (x.t).club_id, (x.t).id, r FROM (SELECT t, row_number() OVER () AS n FROM unnest(resource_rows::orders[]) t) x
      CROSS JOIN LATERAL cd_render_order(x.t) r ORDER BY x.n;
  ELSIF kind = 'waiver' THEN
    RETURN QUERY SELECT (x.t).club_id, (x.t).id, r FROM (SELECT t, row_number() OVER () AS n FROM unnest(resource_rows::waiver_signatures[]) t) x
      CROSS JOIN LATERAL cd_render_waiver(x.t) r ORDER BY x.n;
  ELSIF kind = 'coach' THEN
    RETURN QUERY SELECT (x.t).club_id, (x.t).id, cd_render_coach(x.t) FROM (SELECT t, row_number() OVER () AS n FROM unnest(resource_rows::coaches[]) t) x
      ORDER BY x.n;
  ELSIF kind = 'space' THEN
    RETURN QUERY SELECT (x.t).club_id, (x.t).id, r FROM (SELECT t, row_number() OVER () AS n FROM unnest(resource_rows::spaces[]) t) x
      CROSS JOIN LATERAL cd_render_space(x.t) r ORDER BY x.n;
  ELSE
    RAISE EXCEPTION 'cd_render_rows: no renderer of rows for kind %', kind;
  END IF;
END
$$;
