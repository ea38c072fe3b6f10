-- The stored copy never changes once written.
CREATE OR REPLACE FUNCTION tg__signals_immutable() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'signals are immutable: % is not allowed (delete only by retention)', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
