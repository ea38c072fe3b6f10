-- business_date as YYYY-MM-DD whatever the session's DateStyle is.
CREATE OR REPLACE FUNCTION cd_date(d date) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT to_char(d, 'YYYY-MM-DD') $$;
