-- Helpers shared by every table and renderer. Forward-only; each file runs in one transaction.
--
-- Performance rule for every function in these migrations (measured on PostgreSQL 15):
-- * Leaf helpers (cd_utc, cd_local, ...) are SQL functions whose body is one SELECT of an
--   expression with no FROM and whose volatility is not stricter than their body's, so the
--   planner inlines them. A helper that is not inlined is planned again at every call made from
--   inside another function: about 50 µs each.
-- * Renderers (cd_render_*) are PL/pgSQL, whose statement plans are cached for the session.
--   The signal triggers call them once per changed resource; a SQL renderer nesting other SQL
--   functions cost 400-500 µs a call there, the PL/pgSQL one about 60 µs.

-- Opaque, type-prefixed ids (`cus_…`, `bkg_…`). Writers may supply their own; this is the default.
CREATE FUNCTION cd_new_id(prefix text) RETURNS text
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT prefix || '_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 24) $$;

-- Record timestamps: UTC, millisecond precision, trailing Z (decisions.md "Names and formats").
CREATE FUNCTION cd_utc(ts timestamptz) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

-- Schedule times: club-local wall time with the UTC offset in force at that instant, so a
-- 09:00 session reads -05:00 in January and -04:00 in July for America/New_York.
CREATE FUNCTION cd_local(ts timestamptz, tz text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT to_char(ts AT TIME ZONE tz, 'YYYY-MM-DD"T"HH24:MI:SS')
         || CASE WHEN (ts AT TIME ZONE tz) < (ts AT TIME ZONE 'UTC') THEN '-' ELSE '+' END
         || to_char(abs(extract(epoch FROM (ts AT TIME ZONE tz) - (ts AT TIME ZONE 'UTC')))::int / 3600, 'FM00') || ':'
         || to_char(abs(extract(epoch FROM (ts AT TIME ZONE tz) - (ts AT TIME ZONE 'UTC')))::int % 3600 / 60, 'FM00')
$$;

CREATE FUNCTION cd_is_timezone(tz text) RETURNS boolean
LANGUAGE sql STABLE
AS $$ SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = tz) $$;

-- Keeps updated_at honest whoever writes the row (the platform writes these tables directly).
CREATE FUNCTION tg__touch_updated_at() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW IS DISTINCT FROM OLD AND NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END
$$;
