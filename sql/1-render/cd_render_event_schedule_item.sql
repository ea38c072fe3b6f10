-- One schedule item per event session. The roster is never part of it, only the counts.
--
-- The timezone comes from the club row, as in cd_render_booking and cd_render_event, and not
-- from a one-row subquery: the planner pulled such a subquery up and repeated its function call
-- at each use, which also stopped cd_local from being inlined. A busy day of 444 court bookings
-- rendered in about 140 ms that way and 50 ms this way, with the same JSON byte for byte
-- (measured with `npm run bench` and EXPLAIN ANALYZE on the --size large demo).
-- test/db/render-inlining.test.ts keeps every renderer's leaf helpers inlined.
CREATE OR REPLACE FUNCTION cd_render_event_schedule_item(e events, s event_sessions) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'id', e.id || '_' || cd_date(s.business_date),
      'object', 'schedule_item',
      'type', 'event',
      'event_id', e.id,
      'event_type', e.event_type,
      'title', e.title,
      'open', e.open,
      'privacy', e.privacy,
      'business_date', cd_date(s.business_date),
      'start', cd_local(s.starts_at, c.timezone),
      'end', cd_local(s.ends_at, c.timezone),
      'time_slots', (SELECT t FROM cd_render_session_time_slots(s, c.timezone) t),
      'participant_count', roster.n,
      'max_participants', e.max_participants,
      'spots_available', greatest(e.max_participants - roster.n, 0),
      'tags', (SELECT t FROM cd_render_event_tags(e) t),
      'host', (SELECT h FROM cd_render_host(e.club_id, e.host_customer_id) h)
    )
    FROM clubs c,
         LATERAL cd_event_participant_count(e) AS roster (n)
    WHERE c.club_id = e.club_id
  );
END
$$;
