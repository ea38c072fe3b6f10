-- Participants on the roster: removed ones do not count.
CREATE OR REPLACE FUNCTION cd_event_participant_count(e events) RETURNS SETOF integer
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1
AS $$
  SELECT count(*)::integer
  FROM participants p
  WHERE p.club_id = e.club_id AND p.event_id = e.id AND p.removed_at IS NULL
$$;
