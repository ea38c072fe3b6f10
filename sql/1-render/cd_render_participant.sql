-- Name and email come from the customer row, so a roster entry always shows the customer's
-- current details; updated_at is the roster entry's own.
CREATE OR REPLACE FUNCTION cd_render_participant(p participants) RETURNS SETOF json
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1
AS $$
  SELECT json_build_object(
    'id', p.id,
    'object', 'participant',
    'event_id', p.event_id,
    'first_name', cu.first_name,
    'last_name', cu.last_name,
    'email', cu.email,
    'customer_id', p.customer_id,
    'check_in_status', p.check_in_status,
    'removed_at', cd_utc(p.removed_at),
    'updated_at', cd_utc(p.updated_at)
  )
  FROM customers cu
  WHERE cu.club_id = p.club_id AND cu.id = p.customer_id
$$;
