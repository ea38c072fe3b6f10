-- `created` says the row inserted is the resource itself, which had no rendering before.
--
-- Its lookups of signal_pending go through the primary key whatever the table's size when the
-- plan was made. The table is empty between transactions, and once VACUUM has truncated it,
-- a plan made then (and cached for the session) scans the whole table for each touch: a
-- statement touching 10,000 resources then compared each with all the others touched before
-- it (7.9 s instead of 1.25 s), and one touching 100,000 would take a hundred times longer.
CREATE OR REPLACE FUNCTION cd_signal_touch(kind text, club text, resource text, created boolean DEFAULT false) RETURNS void
LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
BEGIN
  IF resource IS NULL OR NOT cd_signals_enabled() THEN
    RETURN;
  END IF;
  -- One statement: the rendering in the select list is only computed when the filter passes,
  -- i.e. at the resource's first touch in this transaction. The first row of a batch (the
  -- transaction has no other pending row) carries `flush`, whose commit-time trigger emits the
  -- whole batch (cd_emit_signals).
  INSERT INTO signal_pending (txid, kind, club_id, resource_id, before, flush)
  SELECT pg_current_xact_id(), kind, club, resource,
         CASE WHEN created THEN NULL ELSE cd_render_resource(kind, club, resource) END,
         NOT EXISTS (SELECT 1 FROM signal_pending p WHERE p.txid = pg_current_xact_id())
   WHERE NOT EXISTS (
     SELECT 1 FROM signal_pending p
      WHERE p.txid = pg_current_xact_id() AND p.kind = cd_signal_touch.kind
        AND p.club_id = club AND p.resource_id = resource
   );
END
$$;
