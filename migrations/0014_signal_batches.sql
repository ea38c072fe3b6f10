-- Signals emitted in one set-based pass per transaction instead of one trigger firing per
-- touched resource (sql/2-signals/cd_emit_signals.sql; docs/benchmarks.md, "Writer cost").
--
-- requires: tg__signal_emit

-- touch_order: the order of first touches, in which a batch's signals are numbered.
-- flush: set on the first row a transaction touches since its last emit; only that row fires
-- the commit-time trigger, which emits every pending row of the transaction.
ALTER TABLE signal_pending
  ADD COLUMN touch_order bigint GENERATED ALWAYS AS IDENTITY,
  ADD COLUMN flush boolean NOT NULL DEFAULT false;

DROP TRIGGER _900_signal_emit ON signal_pending;
CREATE CONSTRAINT TRIGGER _900_signal_emit AFTER INSERT ON signal_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.flush) EXECUTE FUNCTION tg__signal_emit();
