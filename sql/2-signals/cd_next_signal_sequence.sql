-- A transaction that emits many signals of one club takes their sequence numbers from a
-- counter of its own, and writes the club's signal_sequences row once, not once per signal.
--
-- Why: every update of that row inside one transaction leaves a version nobody can prune before
-- the commit, and each next update has to walk past them. One statement inserting 8,000
-- customers spent 127 us per signal in cd_emit_signal, against 94 us at 4,000
-- (docs/benchmarks.md, "Writer cost"): the cost grew with the size of the transaction.
--
-- How, keeping what 0006_signals.sql promises (sequences in commit order, and no gaps, which the
-- relay relies on):
-- * A transaction's only signal of a club (the common case) takes its number as before: one
--   upsert of the row, which stays locked until commit.
-- * When more signals of the club are still to be emitted in the transaction (other pending
--   rows of the club), the first emit locks the row (FOR UPDATE, no new version), keeps the last
--   number handed out in a transaction-local setting, and queues a pending row of kind
--   '_sequence'. Its deferred trigger fires after every emit queued before it, and writes the
--   last number back to the row (cd_flush_signal_sequence). The row is locked from the first
--   emit, so other transactions of the club still get their numbers after this one commits.
-- * SET CONSTRAINTS ... IMMEDIATE in the middle of a transaction fires the flush early; a later
--   emit then starts again from the row.
CREATE OR REPLACE FUNCTION cd_next_signal_sequence(club text) RETURNS bigint
LANGUAGE plpgsql
AS $$
DECLARE
  setting text := cd_signal_sequence_setting(club);
  handed text := current_setting(setting, true);
  next_sequence bigint;
BEGIN
  IF handed IS NOT NULL AND handed <> '' THEN
    next_sequence := handed::bigint + 1;
    PERFORM set_config(setting, next_sequence::text, true);
  ELSIF EXISTS (SELECT 1 FROM signal_pending p WHERE p.txid = pg_current_xact_id() AND p.club_id = club) THEN
    INSERT INTO signal_sequences (club_id, last_sequence) VALUES (club, 0) ON CONFLICT DO NOTHING;
    SELECT s.last_sequence + 1 INTO next_sequence FROM signal_sequences s WHERE s.club_id = club FOR UPDATE;
    PERFORM set_config(setting, next_sequence::text, true);
    INSERT INTO signal_pending (txid, kind, club_id, resource_id, before)
    VALUES (pg_current_xact_id(), '_sequence', club, '', NULL);
  ELSE
    INSERT INTO signal_sequences AS s (club_id, last_sequence) VALUES (club, 1)
    ON CONFLICT (club_id) DO UPDATE SET last_sequence = s.last_sequence + 1
    RETURNING last_sequence INTO next_sequence;
  END IF;
  RETURN next_sequence;
END
$$;
