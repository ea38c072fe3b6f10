-- A session of an event, embedded in the event: its business date, local start and end, and
-- time slots.
CREATE OR REPLACE FUNCTION cd_render_event_session(s event_sessions, tz text) RETURNS SETOF json
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1
AS $$
  SELECT json_build_object(
    'business_date', cd_date(s.business_date),
    'start', cd_local(s.starts_at, tz),
    'end', cd_local(s.ends_at, tz),
    'time_slots', (SELECT t FROM cd_render_session_time_slots(s, tz) t)
  )
$$;
