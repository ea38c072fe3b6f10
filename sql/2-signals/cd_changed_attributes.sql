-- Previous values of the top-level attributes that differ, in the representation's order, or
-- NULL when none does. `updated_at` is left out: it changes with every change and says nothing
-- of its own. A SQL function of one SELECT, inlined where it is called in FROM, as the renderers
-- are (sql/README.md, "Renderers"): the commit-time pass compares every resource of a batch in
-- its own plan, with no call per resource.
--
-- Both sides come from the same renderer, so they have the same attributes in the same order,
-- and equal values have equal text: the two are read side by side in one scan (ROWS FROM), which
-- took half the time of joining them by name. An attribute whose name differs at the same place
-- (a renderer changed between the two renderings) counts as changed.
CREATE OR REPLACE FUNCTION cd_changed_attributes(before json, after json, ignored text[]) RETURNS SETOF json
LANGUAGE sql IMMUTABLE ROWS 1
AS $$
  SELECT json_object_agg(z.key, z.value ORDER BY z.n)
    FROM ROWS FROM (json_each(before), json_each(after)) WITH ORDINALITY AS z (key, value, after_key, after_value, n)
   WHERE z.key IS NOT NULL AND (z.value::text IS DISTINCT FROM z.after_value::text OR z.key IS DISTINCT FROM z.after_key)
     AND z.key <> 'updated_at' AND NOT (z.key = ANY (ignored))
$$;
