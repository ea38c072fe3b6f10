-- `name` is the coach's first name (docs/api.md "Resource fields").
CREATE OR REPLACE FUNCTION cd_render_coach(c coaches) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT json_build_object(
    'id', c.id,
    'object', 'coach',
    'name', c.first_name,
    'last_name', c.last_name,
    'title', c.title,
    'bio', c.bio,
    'avatar_url', c.avatar_url,
    'slug', c.slug,
    'lesson_booking_enabled', c.lesson_booking_enabled,
    'status', c.status
  )
$$;
