-- A booking's courts as the booking shows them: [{id, name, start, end}], one per booking_spaces
-- row, in time order. Inlined into cd_render_booking (sql/README.md, "Renderers").
CREATE OR REPLACE FUNCTION cd_render_booking_spaces(b bookings, tz text) RETURNS SETOF json
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1
AS $$
  SELECT coalesce(json_agg(json_build_object(
           'id', sp.id,
           'name', sp.name,
           'start', cd_local(bs.starts_at, tz),
           'end', cd_local(bs.ends_at, tz)
         ) ORDER BY bs.starts_at, bs.ends_at, sp.position, sp.id), '[]'::json)
  FROM booking_spaces bs
  JOIN spaces sp ON sp.club_id = bs.club_id AND sp.id = bs.space_id
  WHERE bs.club_id = b.club_id AND bs.booking_id = b.id
$$;
