-- Record timestamps: UTC, millisecond precision, trailing Z (docs/api.md "Conventions").
CREATE OR REPLACE FUNCTION cd_utc(ts timestamptz) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;
