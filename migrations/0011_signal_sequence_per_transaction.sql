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
--
-- It also makes tg__signal_emit refuse to run before the write it is about: with the trigger
-- made immediate (SET CONSTRAINTS ALL IMMEDIATE before writing) it fired inside the touch
-- trigger and silently emitted nothing.

CREATE FUNCTION cd_signal_sequence_setting(club text) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$ SELECT 'clubdata.sequence_' || md5(club) $$;

CREATE FUNCTION cd_flush_signal_sequence(club text) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  setting text := cd_signal_sequence_setting(club);
  handed text := current_setting(setting, true);
BEGIN
  IF handed IS NOT NULL AND handed <> '' THEN
    UPDATE signal_sequences SET last_sequence = handed::bigint WHERE club_id = club;
    PERFORM set_config(setting, '', true);
  END IF;
END
$$;

-- As in 0006_signals.sql, but the next sequence comes from cd_next_signal_sequence.
CREATE FUNCTION cd_next_signal_sequence(club text) RETURNS bigint
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

CREATE OR REPLACE FUNCTION cd_emit_signal(club text, signal_type text, resource text, object json, previous json) RETURNS bigint
LANGUAGE plpgsql
AS $$
DECLARE
  next_sequence bigint := cd_next_signal_sequence(club);
  signal_id text := cd_new_id('sig');
  emitted_at timestamptz;
  body text;
BEGIN
  -- Stored at the precision it is shown with, so an inclusive bound equal to `created` matches.
  emitted_at := date_trunc('milliseconds', clock_timestamp());
  body := CASE WHEN signal_type LIKE '%.updated' THEN
      json_build_object('id', signal_id, 'object', 'signal', 'type', signal_type, 'created', cd_utc(emitted_at),
        'sequence', next_sequence, 'api_version', 'v1', 'data', json_build_object('object', object),
        'previous_attributes', coalesce(previous, '{}'::json))
    ELSE
      json_build_object('id', signal_id, 'object', 'signal', 'type', signal_type, 'created', cd_utc(emitted_at),
        'sequence', next_sequence, 'api_version', 'v1', 'data', json_build_object('object', object))
    END::text;
  INSERT INTO signals (club_id, sequence, id, type, scope, resource_id, created_at, body)
  VALUES (club, next_sequence, signal_id, signal_type, cd_signal_scope(signal_type), resource, emitted_at, body);
  PERFORM pg_notify('clubdata_signals', club || ':' || next_sequence);
  RETURN next_sequence;
END
$$;

-- As in 0006_signals.sql, and the '_sequence' row of a transaction writes its club's counter back.
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
