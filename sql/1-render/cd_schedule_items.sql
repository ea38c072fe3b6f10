-- The schedule of a window as a JSON array, ordered by start then item id. An item belongs to
-- the window by its start: starts_from <= start, and start < starts_until (a club day, whose
-- end is the next day's start) or start <= starts_until (an inclusive starts_before).
-- item_type ('event' or 'reservation') and for_space narrow it when not null. Canceled events,
-- canceled bookings and maintenance blocks never appear.
CREATE OR REPLACE FUNCTION cd_schedule_items(
  for_club text,
  starts_from timestamptz,
  starts_until timestamptz,
  until_inclusive boolean,
  item_type text DEFAULT NULL,
  for_space text DEFAULT NULL
) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(item.body ORDER BY item.starts_at, item.id), '[]'::json)
    FROM (
      SELECT s.starts_at, e.id || '_' || cd_date(s.business_date) AS id, cd_render_event_schedule_item(e, s) AS body
      FROM event_sessions s
      JOIN events e ON e.club_id = s.club_id AND e.id = s.event_id
      WHERE s.club_id = for_club
        AND (item_type IS NULL OR item_type = 'event')
        AND s.starts_at >= starts_from
        AND s.starts_at <= starts_until
        AND (until_inclusive OR s.starts_at < starts_until)
        AND e.canceled_at IS NULL
        AND (for_space IS NULL OR EXISTS (
          SELECT 1
          FROM event_time_slots ts
          JOIN event_time_slot_spaces tss ON tss.club_id = ts.club_id AND tss.time_slot_id = ts.id
          WHERE ts.club_id = s.club_id AND ts.event_id = s.event_id AND ts.business_date = s.business_date
            AND tss.space_id = for_space
        ))
      UNION ALL
      SELECT b.starts_at, b.id || '_' || cd_date(b.business_date), cd_render_reservation_schedule_item(b)
      FROM bookings b
      WHERE b.club_id = for_club
        AND (item_type IS NULL OR item_type = 'reservation')
        AND b.status = 'confirmed'
        AND b.starts_at >= starts_from
        AND b.starts_at <= starts_until
        AND (until_inclusive OR b.starts_at < starts_until)
        AND (for_space IS NULL OR EXISTS (
          SELECT 1 FROM booking_spaces bs
          WHERE bs.club_id = b.club_id AND bs.booking_id = b.id AND bs.space_id = for_space
        ))
    ) item
  );
END
$$;
