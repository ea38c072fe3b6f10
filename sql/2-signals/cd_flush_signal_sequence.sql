-- Writes the last sequence a transaction handed out for a club back to its signal_sequences row,
-- from the '_sequence' pending row's deferred trigger (cd_next_signal_sequence).
CREATE OR REPLACE FUNCTION cd_flush_signal_sequence(club text) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  setting text := cd_signal_sequence_setting(club);
  handed text := current_setting(setting, true);
BEGIN
  IF handed IS NOT NULL AND handed <> '' THEN
    UPDATE signal_sequences SET last_sequence = handed::bigint WHERE club_id = club;
    PERFORM set_config(setting, '', true);
  END IF;
END
$$;
