-- [{id, name}] in the event's own tag order.
CREATE OR REPLACE FUNCTION cd_render_event_tags(e events) RETURNS SETOF json
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1
AS $$
  SELECT coalesce(json_agg(json_build_object('id', tg.id, 'name', tg.name) ORDER BY et.position, tg.id), '[]'::json)
  FROM event_tags et
  JOIN tags tg ON tg.club_id = et.club_id AND tg.id = et.tag_id
  WHERE et.club_id = e.club_id AND et.event_id = e.id
$$;
