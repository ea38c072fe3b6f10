-- Previous values of the top-level attributes that differ, in the representation's order, or
-- NULL when none does. `updated_at` is left out: it changes with every change and says nothing
-- of its own. A SQL function of one SELECT, inlined where it is called in FROM, as the renderers
-- are (sql/README.md, "Renderers"): the commit-time pass compares every resource of a batch in
-- its own plan, with no call per resource.
CREATE OR REPLACE FUNCTION cd_changed_attributes(before json, after json, ignored text[]) RETURNS SETOF json
LANGUAGE sql IMMUTABLE ROWS 1
AS $$
  SELECT json_object_agg(b.key, b.value ORDER BY b.n)
    FROM json_each(before) WITH ORDINALITY AS b (key, value, n)
    JOIN json_each(after) AS a (key, value) ON a.key = b.key
   -- Both sides come from the same renderer, so equal values have equal text.
   WHERE b.value::text IS DISTINCT FROM a.value::text
     AND b.key <> 'updated_at' AND NOT (b.key = ANY (ignored))
$$;
