-- A subscription, embedded in its customer, with its plan and product.
CREATE OR REPLACE FUNCTION cd_render_subscription(s subscriptions) RETURNS SETOF json
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1
AS $$
  SELECT json_build_object(
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
  )
  FROM (SELECT 1) AS one
  LEFT JOIN plans plan ON plan.club_id = s.club_id AND plan.id = s.plan_id
  LEFT JOIN products product ON product.club_id = s.club_id AND product.id = plan.product_id
$$;
