-- The one rendering of a customer (and its embedded subscriptions). GET /v1/customers and the
-- customer.* signals both use these functions, so the JSON is built in exactly one place.

-- Current subscriptions are shown by default; ended ones only on request.
CREATE FUNCTION cd_subscription_is_current(status text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT status IN ('trialing', 'active', 'past_due') $$;

CREATE FUNCTION cd_render_subscription(s subscriptions) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
DECLARE
  product products;
  plan plans;
BEGIN
  SELECT * INTO plan FROM plans WHERE club_id = s.club_id AND id = s.plan_id;
  SELECT * INTO product FROM products WHERE club_id = s.club_id AND id = plan.product_id;
  RETURN json_build_object(
    'id', s.id,
    'object', 'subscription',
    'customer_id', s.customer_id,
    'type', s.type,
    'status', s.status,
    'product', json_build_object('id', product.id, 'name', product.name, 'slug', product.slug),
    'plan', json_build_object('id', plan.id, 'name', plan.name),
    'current_period_end', cd_utc(s.current_period_end),
    'trial_end', cd_utc(s.trial_end),
    'next_payment_at', cd_utc(s.next_payment_at),
    'cancel_at_period_end', s.cancel_at_period_end,
    'frozen_until', cd_utc(s.frozen_until),
    'started_at', cd_utc(s.started_at),
    'canceled_at', cd_utc(s.canceled_at),
    'updated_at', cd_utc(s.updated_at)
  );
END
$$;

CREATE FUNCTION cd_render_customer(c customers, include_ended_subscriptions boolean DEFAULT false) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN json_build_object(
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
      SELECT json_agg(cd_render_subscription(s) ORDER BY s.started_at, s.id)
      FROM subscriptions s
      WHERE s.club_id = c.club_id AND s.customer_id = c.id
        AND (include_ended_subscriptions OR cd_subscription_is_current(s.status))
    ), '[]'::json)
  );
END
$$;
