-- The envelope of every /v1 list (docs/api.md "Lists"): the page's rendered items in order,
-- whether more follow, and the list's path. Unpaginated lists pass has_more false.
CREATE OR REPLACE FUNCTION cd_render_list(items json, has_more boolean, path text) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT json_build_object('object', 'list', 'data', coalesce(items, '[]'::json), 'has_more', has_more, 'url', path) $$;
