-- Commit time: the deferred constraint trigger _900_signal_emit on signal_pending fires only for
-- the first row of a batch (`flush`, cd_signal_touch) and emits the signals of every resource
-- the transaction touched since its last emit, in one pass (cd_emit_signals).
CREATE OR REPLACE FUNCTION tg__signal_emit() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  -- Fired from inside the touch trigger: the writer made this trigger immediate (SET CONSTRAINTS
  -- ALL IMMEDIATE), so it runs before the write it is about and would emit nothing. Refuse
  -- rather than lose the signal.
  IF pg_trigger_depth() > 1 THEN
    RAISE EXCEPTION 'signals are emitted at commit: the constraint trigger _900_signal_emit must stay deferred'
      USING ERRCODE = 'object_not_in_prerequisite_state',
            HINT = 'SET CONSTRAINTS ALL IMMEDIATE makes it fire before the write; name the constraints to check instead.';
  END IF;
  PERFORM cd_emit_signals(NEW.txid);
  RETURN NULL;
END
$$;
