-- Schedule times: club-local wall time with the UTC offset in force at that instant, so a
-- 09:00 session reads -05:00 in January and -04:00 in July for America/New_York.
CREATE OR REPLACE FUNCTION cd_local(ts timestamptz, tz text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT to_char(ts AT TIME ZONE tz, 'YYYY-MM-DD"T"HH24:MI:SS')
         || CASE WHEN (ts AT TIME ZONE tz) < (ts AT TIME ZONE 'UTC') THEN '-' ELSE '+' END
         || to_char(abs(extract(epoch FROM (ts AT TIME ZONE tz) - (ts AT TIME ZONE 'UTC')))::int / 3600, 'FM00') || ':'
         || to_char(abs(extract(epoch FROM (ts AT TIME ZONE tz) - (ts AT TIME ZONE 'UTC')))::int % 3600 / 60, 'FM00')
$$;
