-- A booking's courts in the time_slots shape of a schedule item: booking_spaces rows with the
-- same start and end form one slot holding all of their spaces.
CREATE OR REPLACE FUNCTION cd_render_booking_time_slots(b bookings, tz text) RETURNS SETOF json
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1
AS $$
  SELECT coalesce(json_agg(json_build_object(
           'start', cd_local(slot.starts_at, tz),
           'end', cd_local(slot.ends_at, tz),
           'spaces', slot.spaces
         ) ORDER BY slot.starts_at, slot.ends_at), '[]'::json)
  FROM (
    SELECT bs.starts_at, bs.ends_at,
           json_agg(json_build_object('id', sp.id, 'name', sp.name) ORDER BY sp.position, sp.id) AS spaces
    FROM booking_spaces bs
    JOIN spaces sp ON sp.club_id = bs.club_id AND sp.id = bs.space_id
    WHERE bs.club_id = b.club_id AND bs.booking_id = b.id
    GROUP BY bs.starts_at, bs.ends_at
  ) slot
$$;
