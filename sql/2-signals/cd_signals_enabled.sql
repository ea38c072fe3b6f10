-- Signals are emitted unless the writing transaction turned them off for a bulk import
-- (SET LOCAL clubdata.signals = 'off'), as the demo seed does.
CREATE OR REPLACE FUNCTION cd_signals_enabled() RETURNS boolean
LANGUAGE sql STABLE
AS $$ SELECT coalesce(current_setting('clubdata.signals', true), '') <> 'off' $$;
