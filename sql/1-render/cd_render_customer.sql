-- GET /v1/customers/{id}, and the customer.* signals. Ended subscriptions are embedded only
-- when asked for (include=ended_subscriptions).
CREATE OR REPLACE FUNCTION cd_render_customer(c customers, include_ended_subscriptions boolean DEFAULT false) RETURNS SETOF json
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1
AS $$
  SELECT json_build_object(
    'id', c.id,
    'object', 'customer',
    'email', c.email,
    'first_name', c.first_name,
    'last_name', c.last_name,
    'phone', c.phone,
    'first_became_customer_at', cd_utc(c.first_became_customer_at),
    'updated_at', cd_utc(c.updated_at),
    'archived_at', cd_utc(c.archived_at),
    'subscriptions', coalesce((
      SELECT json_agg(r ORDER BY s.started_at, s.id)
      FROM subscriptions s CROSS JOIN LATERAL cd_render_subscription(s) r
      WHERE s.club_id = c.club_id AND s.customer_id = c.id
        AND (include_ended_subscriptions OR cd_subscription_is_current(s.status))
    ), '[]'::json)
  )
$$;
