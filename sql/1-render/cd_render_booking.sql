-- GET /v1/bookings/{id}, and the booking.* signals. The club row gives the timezone of the
-- schedule times. A set-returning SQL function of one row, which the planner inlines where it is
-- called in FROM (sql/README.md, "Renderers").
CREATE OR REPLACE FUNCTION cd_render_booking(b bookings) RETURNS SETOF json
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1
AS $$
  SELECT json_build_object(
    'id', b.id,
    'object', 'booking',
    'status', b.status,
    'customer_id', b.customer_id,
    'title', b.title,
    'business_date', cd_date(b.business_date),
    'start', cd_local(b.starts_at, c.timezone),
    'end', cd_local(b.ends_at, c.timezone),
    'spaces', (SELECT s FROM cd_render_booking_spaces(b, c.timezone) s),
    'open', b.open,
    'privacy', b.privacy,
    'party_size', b.party_size,
    'participant_count', b.participant_count,
    'max_participants', b.max_participants,
    'spots_available', greatest(b.max_participants - b.participant_count, 0),
    'created_at', cd_utc(b.created_at),
    'updated_at', cd_utc(b.updated_at),
    'canceled_at', cd_utc(b.canceled_at)
  )
  FROM clubs c
  WHERE c.club_id = b.club_id
$$;
