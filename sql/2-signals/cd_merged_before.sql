-- A resource's rendering before a statement that changed both its own row and a row it embeds
-- (a writable CTE, a cascade, a platform's trigger writing child rows): the embedded row's
-- touch rendered it during the statement (`touched`), when the statement may already have
-- changed its own row; the statement's trigger renders its old row with the embedded rows as
-- they are after the statement (`from_old_row`). Neither is the resource as it was. Each
-- top-level attribute is taken from `from_old_row` where that differs from the resource as it
-- is now (`current`: the statement changed it through the resource's own row), and from
-- `touched` otherwise (the touch came before the embedded row changed). Exact for every
-- attribute shown from the own row alone or from embedded rows alone, which is every attribute
-- but those derived from both.
--
-- The three renderings come from one renderer, so their attributes are in the same order and
-- are read side by side.
CREATE OR REPLACE FUNCTION cd_merged_before(touched json, from_old_row json, current json) RETURNS json
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE WHEN touched IS NULL THEN from_old_row ELSE (
    SELECT json_object_agg(z.key,
             CASE WHEN z.old_value::text IS DISTINCT FROM z.current_value::text THEN z.old_value ELSE z.touched_value END
             ORDER BY z.n)
      FROM ROWS FROM (json_each(touched), json_each(from_old_row), json_each(current))
           WITH ORDINALITY AS z (key, touched_value, old_key, old_value, current_key, current_value, n)
     WHERE z.key IS NOT NULL
  ) END
$$;
