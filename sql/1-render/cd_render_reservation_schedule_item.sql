-- One schedule item per court booking (docs/api.md "Resource fields"): no
-- event, no tags, the booking's customer as host, the booking's courts as time slots. The
-- timezone comes from the club row, for the reason given in cd_render_event_schedule_item.
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
      'time_slots', (SELECT t FROM cd_render_booking_time_slots(b, c.timezone) t),
      'participant_count', b.participant_count,
      'max_participants', b.max_participants,
      'spots_available', greatest(b.max_participants - b.participant_count, 0),
      'tags', '[]'::json,
      'host', (SELECT h FROM cd_render_host(b.club_id, b.customer_id) h)
    )
    FROM clubs c
    WHERE c.club_id = b.club_id
  );
END
$$;
