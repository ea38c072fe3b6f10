-- A subscription, embedded in its customer, with its plan and product.
CREATE OR REPLACE FUNCTION cd_render_subscription(s subscriptions) RETURNS json
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
