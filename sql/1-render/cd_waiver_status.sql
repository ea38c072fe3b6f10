-- Waiver status is computed at read time (docs/api.md "Resources"): a signature staff invalidated, or one
-- below the version the club now requires, is `invalidated`; else one whose validity period
-- since signing has passed is `expired`; else `valid`. Invalidation wins over expiry because it
-- is the stronger reason to ask for a new signature. STABLE, not IMMUTABLE: it reads now() and
-- the club's current settings.
CREATE OR REPLACE FUNCTION cd_waiver_status(w waiver_signatures) RETURNS SETOF text
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1
AS $$
  SELECT CASE
    WHEN w.invalidated_at IS NOT NULL OR w.waiver_version < cl.waiver_version_required THEN 'invalidated'
    WHEN w.signed_at + cl.waiver_validity < now() THEN 'expired'
    ELSE 'valid'
  END
  FROM clubs cl
  WHERE cl.club_id = w.club_id
$$;
