-- Opaque, type-prefixed ids (`cus_…`, `bkg_…`). Writers may supply their own; this is the default.
CREATE OR REPLACE FUNCTION cd_new_id(prefix text) RETURNS text
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT prefix || '_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 24) $$;
