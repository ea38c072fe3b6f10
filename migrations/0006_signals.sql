-- Signals: change notifications emitted by triggers in the writer's own transaction.
--
-- How it works (docs/data-model.md has the writer's view):
-- 1. A BEFORE row trigger on every table that feeds a representation records, at the first
--    touch of a resource in a transaction, the resource's rendering as it was before
--    (signal_pending). Later touches of the same resource in the transaction add nothing, so a
--    resource yields at most one signal per transaction, however many rows changed.
-- 2. At commit a deferred constraint trigger renders the resource again, with the same
--    cd_render_* function its endpoint uses, compares, and emits the signal whose type the
--    change calls for, or nothing when nothing visible changed.
-- 3. Emitting takes the club's row in signal_sequences FOR UPDATE until commit. Two
--    transactions of one club therefore get sequences in the order they commit, and a
--    reader paging with starting_after never skips a signal that commits later. The lock is
--    only held from the deferred trigger to the end of the commit.

CREATE TABLE signals (
  club_id     text NOT NULL REFERENCES clubs (club_id),
  sequence    bigint NOT NULL,
  id          text NOT NULL,
  type        text NOT NULL,
  scope       text NOT NULL,        -- the read scope a key needs to see this signal
  resource_id text NOT NULL,
  created_at  timestamptz NOT NULL,
  body        text NOT NULL,        -- the stored copy: these bytes are listed, retrieved and delivered
  PRIMARY KEY (club_id, sequence),
  UNIQUE (club_id, id)
);
CREATE INDEX signals_type_idx ON signals (club_id, type, sequence);
CREATE INDEX signals_resource_idx ON signals (club_id, resource_id, sequence);
CREATE INDEX signals_created_idx ON signals (club_id, created_at);

-- The stored copy never changes once written.
CREATE FUNCTION tg__signals_immutable() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'signals are immutable: % is not allowed (delete only by retention)', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER _100_immutable BEFORE UPDATE ON signals FOR EACH ROW EXECUTE FUNCTION tg__signals_immutable();

CREATE TABLE signal_sequences (
  club_id       text PRIMARY KEY REFERENCES clubs (club_id),
  last_sequence bigint NOT NULL DEFAULT 0
);

-- Resources touched by open transactions. Rows live only inside the transaction that wrote
-- them (the commit-time trigger deletes them), so the table need not survive a crash.
CREATE UNLOGGED TABLE signal_pending (
  txid        xid8 NOT NULL,
  kind        text NOT NULL,
  club_id     text NOT NULL,
  resource_id text NOT NULL,
  before      json,                  -- the rendering before the transaction's first change; NULL if new
  PRIMARY KEY (txid, kind, club_id, resource_id)
);

-- The representation of any signal-bearing resource, exactly as its endpoint returns it.
CREATE FUNCTION cd_render_resource(kind text, club text, resource text) RETURNS json
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  rendered json;
BEGIN
  CASE kind
    WHEN 'customer' THEN
      SELECT cd_render_customer(t) INTO rendered FROM customers t WHERE t.club_id = club AND t.id = resource;
    WHEN 'subscription' THEN
      SELECT cd_render_subscription(t) INTO rendered FROM subscriptions t WHERE t.club_id = club AND t.id = resource;
    WHEN 'booking' THEN
      SELECT cd_render_booking(t) INTO rendered FROM bookings t WHERE t.club_id = club AND t.id = resource;
    WHEN 'event' THEN
      SELECT cd_render_event(t) INTO rendered FROM events t WHERE t.club_id = club AND t.id = resource;
    WHEN 'participant' THEN
      SELECT cd_render_participant(t) INTO rendered FROM participants t WHERE t.club_id = club AND t.id = resource;
  END CASE;
  RETURN rendered;
END
$$;

-- Signals are emitted unless the writing transaction turned them off for a bulk import
-- (SET LOCAL clubdata.signals = 'off'), as the demo seed does.
CREATE FUNCTION cd_signals_enabled() RETURNS boolean
LANGUAGE sql STABLE
AS $$ SELECT coalesce(current_setting('clubdata.signals', true), '') <> 'off' $$;

-- `created` says the row inserted is the resource itself, which had no rendering before.
CREATE FUNCTION cd_signal_touch(kind text, club text, resource text, created boolean DEFAULT false) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  IF resource IS NULL OR NOT cd_signals_enabled() THEN
    RETURN;
  END IF;
  -- One statement: the rendering in the select list is only computed when the filter passes,
  -- i.e. at the resource's first touch in this transaction.
  INSERT INTO signal_pending (txid, kind, club_id, resource_id, before)
  SELECT pg_current_xact_id(), kind, club, resource,
         CASE WHEN created THEN NULL ELSE cd_render_resource(kind, club, resource) END
   WHERE NOT EXISTS (
     SELECT 1 FROM signal_pending p
      WHERE p.txid = pg_current_xact_id() AND p.kind = cd_signal_touch.kind
        AND p.club_id = club AND p.resource_id = resource
   );
END
$$;

-- BEFORE row trigger. TG_ARGV[0]: the resource kind; TG_ARGV[1]: the column of this table that
-- holds the resource's id ('id' on the resource's own table, 'booking_id' on booking_spaces, ...),
-- or 'time_slot_id' for event_time_slot_spaces, whose event is found through its time slot.
CREATE FUNCTION tg__signal_touch() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  kind text := TG_ARGV[0];
  id_column text := TG_ARGV[1];
  old_row jsonb;
  new_row jsonb;
BEGIN
  IF NOT cd_signals_enabled() THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;  -- a bulk import that turned signals off
  END IF;
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NEW;  -- a write that changes nothing
  END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  IF id_column = 'time_slot_id' THEN
    IF old_row IS NOT NULL THEN
      PERFORM cd_signal_touch(kind, s.club_id, s.event_id) FROM event_time_slots s
        WHERE s.club_id = old_row ->> 'club_id' AND s.id = old_row ->> 'time_slot_id';
    END IF;
    IF new_row IS NOT NULL THEN
      PERFORM cd_signal_touch(kind, s.club_id, s.event_id) FROM event_time_slots s
        WHERE s.club_id = new_row ->> 'club_id' AND s.id = new_row ->> 'time_slot_id';
    END IF;
  ELSE
    IF old_row IS NOT NULL THEN
      PERFORM cd_signal_touch(kind, old_row ->> 'club_id', old_row ->> id_column);
    END IF;
    IF new_row IS NOT NULL AND (old_row IS NULL OR new_row ->> id_column IS DISTINCT FROM old_row ->> id_column) THEN
      PERFORM cd_signal_touch(kind, new_row ->> 'club_id', new_row ->> id_column, TG_OP = 'INSERT' AND id_column = 'id');
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$;

-- Previous values of the top-level attributes that differ, in the representation's order.
-- `updated_at` is left out: it changes with every change and says nothing of its own.
CREATE FUNCTION cd_changed_attributes(before json, after json, ignored text[]) RETURNS json
LANGUAGE plpgsql IMMUTABLE
AS $$
BEGIN
  RETURN (
    SELECT json_object_agg(b.key, b.value ORDER BY b.n)
      FROM json_each(before) WITH ORDINALITY AS b (key, value, n)
      JOIN json_each(after) AS a (key, value) ON a.key = b.key
     -- Both sides come from the same renderer, so equal values have equal text.
     WHERE b.value::text IS DISTINCT FROM a.value::text
       AND b.key <> 'updated_at' AND NOT (b.key = ANY (ignored))
  );
END
$$;

-- Attributes derived from other resources, which have signals of their own: a customer's
-- embedded subscriptions (subscription.*) and an event's counts (participant.*).
CREATE FUNCTION cd_signal_derived_attributes(kind text) RETURNS text[]
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE kind
    WHEN 'customer' THEN ARRAY['subscriptions']
    WHEN 'event' THEN ARRAY['participant_count', 'spots_available']
    ELSE ARRAY[]::text[]
  END
$$;

-- The lifecycle rules: which signal a change is. NULL means no signal.
CREATE FUNCTION cd_signal_type(kind text, before json, after json, changed json) RETURNS text
LANGUAGE plpgsql IMMUTABLE
AS $$
BEGIN
  IF before IS NULL AND after IS NULL THEN
    RETURN NULL;
  END IF;
  CASE kind
    WHEN 'customer' THEN
      IF before IS NULL THEN RETURN 'customer.created'; END IF;
      IF after IS NULL THEN RETURN 'customer.archived'; END IF;  -- deleted: gone for integrators
      IF before ->> 'archived_at' IS NULL AND after ->> 'archived_at' IS NOT NULL THEN RETURN 'customer.archived'; END IF;
      IF changed IS NOT NULL THEN RETURN 'customer.updated'; END IF;
    WHEN 'subscription' THEN
      IF after IS NULL THEN RETURN NULL; END IF;
      IF before IS NULL THEN RETURN 'subscription.created'; END IF;
      IF before ->> 'status' IS DISTINCT FROM after ->> 'status' THEN
        CASE after ->> 'status'
          WHEN 'past_due' THEN RETURN 'subscription.past_due';
          WHEN 'canceled' THEN RETURN 'subscription.canceled';
          WHEN 'expired' THEN RETURN 'subscription.expired';
          ELSE NULL;
        END CASE;
      END IF;
      IF (after ->> 'current_period_end')::timestamptz > (before ->> 'current_period_end')::timestamptz
         AND after ->> 'status' IN ('active', 'trialing') THEN
        RETURN 'subscription.renewed';
      END IF;
      IF changed IS NOT NULL THEN RETURN 'subscription.updated'; END IF;
    WHEN 'booking' THEN
      IF before IS NULL AND after ->> 'status' = 'canceled' THEN RETURN NULL; END IF;  -- born canceled: nothing to see
      IF before IS NULL THEN RETURN 'booking.created'; END IF;
      IF after IS NULL THEN
        RETURN CASE WHEN before ->> 'status' = 'canceled' THEN NULL ELSE 'booking.canceled' END;
      END IF;
      IF before ->> 'status' <> 'canceled' AND after ->> 'status' = 'canceled' THEN RETURN 'booking.canceled'; END IF;
      IF changed IS NOT NULL THEN RETURN 'booking.updated'; END IF;
    WHEN 'event' THEN
      IF after IS NULL THEN RETURN NULL; END IF;
      IF before IS NULL THEN RETURN 'event.created'; END IF;
      IF changed IS NOT NULL THEN RETURN 'event.updated'; END IF;
    WHEN 'participant' THEN
      IF after IS NULL THEN
        RETURN CASE WHEN before ->> 'removed_at' IS NULL THEN 'participant.left' ELSE NULL END;
      END IF;
      IF before IS NULL OR (before ->> 'removed_at' IS NOT NULL AND after ->> 'removed_at' IS NULL) THEN
        RETURN CASE WHEN after ->> 'removed_at' IS NULL THEN 'participant.joined' ELSE NULL END;
      END IF;
      IF before ->> 'removed_at' IS NULL AND after ->> 'removed_at' IS NOT NULL THEN RETURN 'participant.left'; END IF;
      IF before ->> 'check_in_status' IS DISTINCT FROM 'checked_in' AND after ->> 'check_in_status' = 'checked_in' THEN
        RETURN 'participant.checked_in';
      END IF;
  END CASE;
  RETURN NULL;
END
$$;

CREATE FUNCTION cd_signal_scope(signal_type text) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE split_part(signal_type, '.', 1)
    WHEN 'customer' THEN 'customers:read'
    WHEN 'subscription' THEN 'customers:read'
    WHEN 'booking' THEN 'bookings:read'
    WHEN 'event' THEN 'events:read'
    WHEN 'participant' THEN 'events:read'
  END
$$;

-- Writes one signal: the next sequence of the club (locked until commit), the stored copy,
-- and a NOTIFY that wakes the delivery pipeline once the transaction commits.
CREATE FUNCTION cd_emit_signal(club text, signal_type text, resource text, object json, previous json) RETURNS bigint
LANGUAGE plpgsql
AS $$
DECLARE
  next_sequence bigint;
  signal_id text := cd_new_id('sig');
  emitted_at timestamptz;
  body text;
BEGIN
  INSERT INTO signal_sequences AS s (club_id, last_sequence) VALUES (club, 1)
  ON CONFLICT (club_id) DO UPDATE SET last_sequence = s.last_sequence + 1
  RETURNING last_sequence INTO next_sequence;
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

-- Commit time: one firing per resource touched by the transaction.
CREATE FUNCTION tg__signal_emit() RETURNS trigger
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

CREATE CONSTRAINT TRIGGER _900_signal_emit AFTER INSERT ON signal_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION tg__signal_emit();

-- The tables behind each representation, and the column naming the resource they belong to.
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('customer', 'id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('subscription', 'id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('booking', 'id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON booking_spaces
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('booking', 'booking_id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('event', 'id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON event_sessions
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('event', 'event_id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON event_time_slots
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('event', 'event_id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON event_time_slot_spaces
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('event', 'time_slot_id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON event_tags
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('event', 'event_id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON participants
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('participant', 'id');
