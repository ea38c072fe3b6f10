-- A refund is its own row with a negative amount and its own created_at (docs/api.md "Conventions").
CREATE OR REPLACE FUNCTION cd_render_transaction(t transactions) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT json_build_object(
    'id', t.id,
    'object', 'transaction',
    'order_id', t.order_id,
    'amount', t.amount,
    'currency', t.currency,
    'charge_type', t.charge_type,
    'created_at', cd_utc(t.created_at)
  )
$$;
