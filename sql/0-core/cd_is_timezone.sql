-- Whether PostgreSQL knows the IANA zone name: the check on clubs.timezone.
CREATE OR REPLACE FUNCTION cd_is_timezone(tz text) RETURNS boolean
LANGUAGE sql STABLE
AS $$ SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = tz) $$;
