-- Schedule items read the club's timezone from the club row, as cd_render_booking and
-- cd_render_event do, instead of from `(SELECT cd_club_timezone(...) AS name) tz`.
--
-- Why (measured with `npm run bench` and EXPLAIN ANALYZE on the --size large demo): the planner
-- pulls that one-row subquery up and puts the cd_club_timezone(...) call in place of each use
-- of tz.name, so the timezone was looked up three times per item; and with a function call as
-- its argument, cd_local is no longer inlined (an argument used several times in its body must
-- be cheap), so every start and end ran as a separately planned SQL function, the cost that
-- 0001_core_helpers.sql warns about. A busy day of 444 court bookings (cd_schedule_items)
-- rendered in about 140 ms before and 50 ms after, timed side by side on the same machine
-- (pg_stat_user_functions before: 1,776 calls of cd_local, 2,664 of cd_club_timezone, over
-- half the time); the JSON is byte for byte the same. test/db/render-inlining.test.ts keeps
-- every renderer's leaf helpers inlined.

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
      'time_slots', cd_render_session_time_slots(s, c.timezone),
      'participant_count', roster.n,
      'max_participants', e.max_participants,
      'spots_available', greatest(e.max_participants - roster.n, 0),
      'tags', cd_render_event_tags(e),
      'host', cd_render_host(e.club_id, e.host_customer_id)
    )
    FROM clubs c,
         LATERAL (SELECT cd_event_participant_count(e) AS n) roster
    WHERE c.club_id = e.club_id
  );
END
$$;

CREATE OR REPLACE FUNCTION cd_render_reservation_schedule_item(b bookings) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'id', b.id || '_' || cd_date(b.business_date),
      'object', 'schedule_item',
      'type', 'reservation',
      'event_id', NULL::text,
      'event_type', NULL::text,
      'title', b.title,
      'open', b.open,
      'privacy', b.privacy,
      'business_date', cd_date(b.business_date),
      'start', cd_local(b.starts_at, c.timezone),
      'end', cd_local(b.ends_at, c.timezone),
      'time_slots', cd_render_booking_time_slots(b, c.timezone),
      'participant_count', b.participant_count,
      'max_participants', b.max_participants,
      'spots_available', greatest(b.max_participants - b.participant_count, 0),
      'tags', '[]'::json,
      'host', cd_render_host(b.club_id, b.customer_id)
    )
    FROM clubs c
    WHERE c.club_id = b.club_id
  );
END
$$;
