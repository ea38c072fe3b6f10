-- The transaction-local setting that holds the last sequence a transaction handed out for a club
-- (cd_next_signal_sequence).
CREATE OR REPLACE FUNCTION cd_signal_sequence_setting(club text) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$ SELECT 'clubdata.sequence_' || md5(club) $$;
