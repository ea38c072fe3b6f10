-- Time slots of one event session: [{start, end, spaces: [{id, name}]}], spaces in the club's
-- display order. Shared by the event object (sessions) and the event's schedule items.
CREATE OR REPLACE FUNCTION cd_render_session_time_slots(s event_sessions, tz text) RETURNS SETOF json
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1
AS $$
  SELECT coalesce(json_agg(json_build_object(
           'start', cd_local(ts.starts_at, tz),
           'end', cd_local(ts.ends_at, tz),
           'spaces', coalesce((
             SELECT json_agg(json_build_object('id', sp.id, 'name', sp.name) ORDER BY sp.position, sp.id)
             FROM event_time_slot_spaces tss
             JOIN spaces sp ON sp.club_id = tss.club_id AND sp.id = tss.space_id
             WHERE tss.club_id = ts.club_id AND tss.time_slot_id = ts.id
           ), '[]'::json)
         ) ORDER BY ts.starts_at, ts.ends_at, ts.id), '[]'::json)
  FROM event_time_slots ts
  WHERE ts.club_id = s.club_id AND ts.event_id = s.event_id AND ts.business_date = s.business_date
$$;
