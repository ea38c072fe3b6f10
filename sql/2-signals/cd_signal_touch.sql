-- The row trigger's touch (tg__signal_touch): a resource's rendering as it is, at its first touch
-- in the transaction. Inserts and updates of a resource's own row touch from their statement
-- instead (tg__signal_touch_rows).
--
-- `mark`: the touch of a delete of the resource's own row during a statement on the same table
-- (a writable CTE deleting rows that an INSERT puts back) takes that statement's mark as its
-- place, so that the statement counts it as made before it and keeps the rendering it took
-- (tg__signal_touch_rows).
--
-- Its lookups of signal_pending go through the primary key whatever the table's size when the
-- plan was made. The table is empty between transactions, and once VACUUM has truncated it,
-- a plan made then (and cached for the session) scans the whole table for each touch: a
-- statement touching 10,000 resources then compared each with all the others touched before
-- it (7.9 s instead of 1.25 s), and one touching 100,000 would take a hundred times longer.
--
-- The first touch of a batch carries `flush`, whose commit-time trigger emits the whole batch
-- (cd_emit_signals). Whether a batch is open is a setting local to the transaction
-- (clubdata.signal_batch: the transaction's id from a batch's first touch until the emit clears
-- it) rather than a second lookup of signal_pending at every touch; a savepoint rolled back
-- takes the setting back with the rows it wrote.
CREATE OR REPLACE FUNCTION cd_signal_touch(kind text, club text, resource text, mark bigint DEFAULT NULL) RETURNS void
LANGUAGE plpgsql
SET enable_seqscan = off
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  opens_batch boolean;
BEGIN
  IF resource IS NULL OR NOT cd_signals_enabled() THEN
    RETURN;
  END IF;
  -- The transaction's id, so that no value set otherwise (a session's own SET) can pass for it.
  opens_batch := current_setting('clubdata.signal_batch', true) IS DISTINCT FROM pg_current_xact_id()::text;
  -- One statement: the rendering in the select list is only computed when the filter passes,
  -- i.e. at the resource's first touch in this transaction.
  INSERT INTO signal_pending (txid, kind, club_id, resource_id, touch_order, before, flush)
  OVERRIDING SYSTEM VALUE
  SELECT pg_current_xact_id(), kind, club, resource, coalesce(mark, nextval('signal_pending_touch_order_seq')),
         (SELECT r.rendered FROM cd_render_resources(ARRAY[kind], ARRAY[club], ARRAY[resource]) r), opens_batch
   WHERE NOT EXISTS (
     SELECT 1 FROM signal_pending p
      WHERE p.txid = pg_current_xact_id() AND p.kind = cd_signal_touch.kind
        AND p.club_id = club AND p.resource_id = resource
   );
  IF opens_batch AND FOUND THEN
    PERFORM set_config('clubdata.signal_batch', pg_current_xact_id()::text, true);
  END IF;
END
$$;
