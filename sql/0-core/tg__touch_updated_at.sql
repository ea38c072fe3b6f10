-- Keeps updated_at honest whoever writes the row (the platform writes these tables directly).
CREATE OR REPLACE FUNCTION tg__touch_updated_at() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW IS DISTINCT FROM OLD AND NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END
$$;
