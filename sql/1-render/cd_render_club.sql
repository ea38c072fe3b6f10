-- GET /v1/club. A single expression, inlined by the planner (sql/README.md).
CREATE OR REPLACE FUNCTION cd_render_club(c clubs) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT json_build_object(
    'id', c.club_id,
    'object', 'club',
    'name', c.name,
    'timezone', c.timezone
  )
$$;
