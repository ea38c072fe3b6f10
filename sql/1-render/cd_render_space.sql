-- GET /v1/spaces (a court or other bookable space).
CREATE OR REPLACE FUNCTION cd_render_space(s spaces) RETURNS SETOF json
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1
AS $$
  SELECT json_build_object(
    'id', s.id,
    'object', 'space',
    'name', s.name,
    'short_name', s.short_name,
    'category', json_build_object('id', sc.id, 'name', sc.name),
    'visibility', s.visibility
  )
  FROM space_categories sc
  WHERE sc.club_id = s.club_id AND sc.id = s.category_id
$$;
