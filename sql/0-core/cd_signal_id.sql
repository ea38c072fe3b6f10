-- A new signal's id: `sig_`, its sequence in 12 hexadecimal digits, then 12 random ones. Ids stay
-- opaque to clients, but the service can tell from an id which part of the history it names, so
-- a `starting_after` naming a signal that retention removed is answered 410 cursor_expired
-- (cd_signal_id_sequence), not the 400 of an id that never existed. Unique within the club by
-- its sequence; the random part keeps ids distinct across clubs. Twelve digits hold sequences up
-- to 2^48 (about 2.8e14), which no club comes near.
CREATE OR REPLACE FUNCTION cd_signal_id(signal_sequence bigint) RETURNS text
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT 'sig_' || lpad(to_hex(signal_sequence), 12, '0') || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12) $$;
