-- Helpers shared by every table and renderer. Forward-only; each file runs in one transaction.

-- Opaque, type-prefixed ids (`cus_…`, `bkg_…`). Writers may supply their own; this is the default.
CREATE FUNCTION cd_new_id(prefix text) RETURNS text
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT prefix || '_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 24) $$;

-- Record timestamps: UTC, millisecond precision, trailing Z (decisions.md "Names and formats").
CREATE FUNCTION cd_utc(ts timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

-- Schedule times: club-local wall time with the UTC offset in force at that instant, so a
-- 09:00 session reads -05:00 in January and -04:00 in July for America/New_York.
CREATE FUNCTION cd_local(ts timestamptz, tz text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT to_char(local, 'YYYY-MM-DD"T"HH24:MI:SS')
         || CASE WHEN off < interval '0' THEN '-' ELSE '+' END
         || to_char(abs(extract(epoch FROM off))::int / 3600, 'FM00') || ':'
         || to_char((abs(extract(epoch FROM off))::int % 3600) / 60, 'FM00')
  FROM (SELECT ts AT TIME ZONE tz AS local, (ts AT TIME ZONE tz) - (ts AT TIME ZONE 'UTC') AS off) AS t
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
