-- {customer_id, first_name, last_name} of an event host or a booking's customer. Both columns are NOT NULL
-- and point at a customer of the club, so it is never null.
CREATE OR REPLACE FUNCTION cd_render_host(for_club text, for_customer text) RETURNS SETOF json
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1
AS $$
  SELECT json_build_object('customer_id', cu.id, 'first_name', cu.first_name, 'last_name', cu.last_name)
  FROM customers cu
  WHERE cu.club_id = for_club AND cu.id = for_customer
$$;
