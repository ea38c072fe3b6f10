-- Commit time: the deferred constraint trigger _900_signal_emit on signal_pending renders each
-- touched resource again, compares it with its first rendering, and emits its signal; the
-- '_sequence' row of a transaction writes its club's counter back.
CREATE OR REPLACE FUNCTION tg__signal_emit() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  after json;
  changed json;
  signal_type text;
  object json;
BEGIN
  DELETE FROM signal_pending
   WHERE txid = NEW.txid AND kind = NEW.kind AND club_id = NEW.club_id AND resource_id = NEW.resource_id;
  IF NEW.kind = '_sequence' THEN
    PERFORM cd_flush_signal_sequence(NEW.club_id);
    RETURN NULL;
  END IF;
  -- Fired from inside the touch trigger: the writer made this trigger immediate (SET CONSTRAINTS
  -- ALL IMMEDIATE), so it runs before the write it is about and would emit nothing. Refuse
  -- rather than lose the signal.
  IF pg_trigger_depth() > 1 THEN
    RAISE EXCEPTION 'signals are emitted at commit: the constraint trigger _900_signal_emit must stay deferred'
      USING ERRCODE = 'object_not_in_prerequisite_state',
            HINT = 'SET CONSTRAINTS ALL IMMEDIATE makes it fire before the write; name the constraints to check instead.';
  END IF;
  IF NEW.kind = 'subscription'
     AND (SELECT billing_model FROM clubs WHERE club_id = NEW.club_id) = 'legacy' THEN
    RETURN NULL;  -- legacy-billing clubs emit no subscription.* signal at all
  END IF;
  after := cd_render_resource(NEW.kind, NEW.club_id, NEW.resource_id);
  IF NEW.before IS NOT NULL AND after IS NOT NULL THEN
    changed := cd_changed_attributes(NEW.before, after, cd_signal_derived_attributes(NEW.kind));
  END IF;
  signal_type := cd_signal_type(NEW.kind, NEW.before, after, changed);
  IF signal_type IS NULL THEN
    RETURN NULL;
  END IF;
  -- A deleted resource is described as it last was.
  object := coalesce(after, NEW.before);
  PERFORM cd_emit_signal(NEW.club_id, signal_type, NEW.resource_id, object, changed);
  RETURN NULL;
END
$$;
