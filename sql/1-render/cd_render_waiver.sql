-- GET /v1/waivers: a signed waiver, with its status (cd_waiver_status) on the day of the read.
CREATE OR REPLACE FUNCTION cd_render_waiver(w waiver_signatures) RETURNS SETOF json
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1
AS $$
  SELECT json_build_object(
    'id', w.id,
    'object', 'signed_waiver',
    'customer_id', w.customer_id,
    'customer_email', cu.email,
    'waiver_version', w.waiver_version,
    'signed_at', cd_utc(w.signed_at),
    'signed_for_minor', w.signed_for_minor,
    'status', (SELECT st FROM cd_waiver_status(w) st),
    'created_at', cd_utc(w.created_at)
  )
  FROM customers cu
  WHERE cu.club_id = w.club_id AND cu.id = w.customer_id
$$;
