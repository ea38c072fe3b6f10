-- An order's amount is the sum of its line items, each quantity x unit_amount, so the total and
-- the items can never disagree. Products are computed in bigint: two integers may overflow one.
CREATE OR REPLACE FUNCTION cd_render_order(o orders) RETURNS SETOF json
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1
AS $$
  SELECT json_build_object(
    'id', o.id,
    'object', 'order',
    'customer_id', o.customer_id,
    'status', o.status,
    'amount', coalesce(sum(li.quantity::bigint * li.unit_amount), 0)::bigint,
    'currency', o.currency,
    'line_items', coalesce(
      json_agg(
        json_build_object(
          'description', li.description,
          'quantity', li.quantity,
          'unit_amount', li.unit_amount,
          'amount', li.quantity::bigint * li.unit_amount
        )
        ORDER BY li.position
      ) FILTER (WHERE li.order_id IS NOT NULL),
      '[]'::json
    ),
    'created_at', cd_utc(o.created_at)
  )
  FROM (SELECT 1) AS one
  LEFT JOIN order_line_items li ON li.club_id = o.club_id AND li.order_id = o.id
$$;
