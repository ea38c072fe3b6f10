-- BEFORE row trigger. TG_ARGV[0]: the resource kind; TG_ARGV[1]: the column of this table that
-- holds the resource's id ('id' on the resource's own table, 'booking_id' on booking_spaces,
-- 'club_id' on clubs, ...), or one of: 'time_slot_id' for event_time_slot_spaces, whose event is
-- found through its time slot; 'spaces_of_category' for space_categories, whose row every space
-- of the category shows; 'waivers_of_club' for clubs, whose waiver settings every waiver's status
-- depends on.
--
-- Row level, before the write, on the tables a representation embeds and for deletes: a
-- resource's rendering before the transaction's first change must be taken before that change.
-- Inserts and updates of a resource's own row touch after their statement instead, from its
-- transition tables (tg__signal_touch_rows), which are told about the touches made here during
-- the same statement (tg__signal_mark).
CREATE OR REPLACE FUNCTION tg__signal_touch() RETURNS trigger
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
  IF id_column = 'id' THEN
    -- The resource's own row, deleted (or an endpoint's, updated): every such table has club_id
    -- and id, read without converting the row to jsonb (a bulk statement pays this per row). A
    -- delete during a statement on the same table takes that statement's mark (cd_signal_touch).
    PERFORM cd_signal_touch(kind, OLD.club_id, OLD.id, CASE WHEN TG_OP = 'DELETE' THEN cd_signal_mark(TG_TABLE_NAME) END);
    IF TG_OP = 'UPDATE' AND NEW.id IS DISTINCT FROM OLD.id THEN
      PERFORM cd_signal_touch(kind, NEW.club_id, NEW.id);
    END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
    IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
    IF id_column = 'spaces_of_category' THEN
      PERFORM cd_signal_touch(kind, sp.club_id, sp.id) FROM spaces sp
        WHERE sp.club_id = old_row ->> 'club_id' AND sp.category_id = old_row ->> 'id';
    ELSIF id_column = 'waivers_of_club' THEN
      PERFORM cd_signal_touch(kind, w.club_id, w.id) FROM waiver_signatures w
        WHERE w.club_id = old_row ->> 'club_id';
    ELSIF id_column = 'time_slot_id' THEN
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
        PERFORM cd_signal_touch(kind, new_row ->> 'club_id', new_row ->> id_column);
      END IF;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$;
