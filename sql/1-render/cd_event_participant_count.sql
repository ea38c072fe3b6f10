-- Participants on the roster: removed ones do not count.
CREATE OR REPLACE FUNCTION cd_event_participant_count(e events) RETURNS integer
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT count(*)::integer
    FROM participants p
    WHERE p.club_id = e.club_id AND p.event_id = e.id AND p.removed_at IS NULL
  );
END
$$;
