-- Renderers that read other tables are PL/pgSQL (plans cached per session); the others are
-- single expressions the planner inlines. See 0001_core_helpers.sql for why.
--
-- The one rendering of the club, its spaces, coaches, signed waivers, orders and transactions.
-- The /v1 endpoints send exactly what these functions build (json_build_object keeps the key
-- order of api-spec.md section 2); change triggers will call the same functions later. Each
-- takes the table row, so a trigger can pass NEW or OLD as it is.

CREATE FUNCTION cd_render_club(c clubs) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT json_build_object(
    'id', c.club_id,
    'object', 'club',
    'name', c.name,
    'timezone', c.timezone
  )
$$;

CREATE FUNCTION cd_render_space(s spaces) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'id', s.id,
      'object', 'space',
      'name', s.name,
      'short_name', s.short_name,
      'category', json_build_object('id', sc.id, 'name', sc.name),
      'visibility', s.visibility
    )
    FROM space_categories sc
    WHERE sc.club_id = s.club_id AND sc.id = s.category_id
  );
END
$$;

-- `name` is the coach's first name (api-spec.md section 2, coach).
CREATE FUNCTION cd_render_coach(c coaches) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT json_build_object(
    'id', c.id,
    'object', 'coach',
    'name', c.first_name,
    'last_name', c.last_name,
    'title', c.title,
    'bio', c.bio,
    'avatar_url', c.avatar_url,
    'slug', c.slug,
    'lesson_booking_enabled', c.lesson_booking_enabled,
    'status', c.status
  )
$$;

-- Waiver status is computed at read time (decisions.md): a signature staff invalidated, or one
-- below the version the club now requires, is `invalidated`; else one whose validity period
-- since signing has passed is `expired`; else `valid`. Invalidation wins over expiry because it
-- is the stronger reason to ask for a new signature. STABLE, not IMMUTABLE: it reads now() and
-- the club's current settings.
CREATE FUNCTION cd_waiver_status(w waiver_signatures) RETURNS text
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT CASE
      WHEN w.invalidated_at IS NOT NULL OR w.waiver_version < cl.waiver_version_required THEN 'invalidated'
      WHEN w.signed_at + cl.waiver_validity < now() THEN 'expired'
      ELSE 'valid'
    END
    FROM clubs cl
    WHERE cl.club_id = w.club_id
  );
END
$$;

CREATE FUNCTION cd_render_waiver(w waiver_signatures) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'id', w.id,
      'object', 'signed_waiver',
      'customer_id', w.customer_id,
      'customer_email', cu.email,
      'waiver_version', w.waiver_version,
      'signed_at', cd_utc(w.signed_at),
      'signed_for_minor', w.signed_for_minor,
      'status', cd_waiver_status(w),
      'created_at', cd_utc(w.created_at)
    )
    FROM customers cu
    WHERE cu.club_id = w.club_id AND cu.id = w.customer_id
  );
END
$$;

-- An order's amount is the sum of its line items, each quantity x unit_amount, so the total and
-- the items can never disagree. Products are computed in bigint: two integers may overflow one.
CREATE FUNCTION cd_render_order(o orders) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
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
  );
END
$$;

-- A refund is its own row with a negative amount and its own created_at (api-spec.md).
CREATE FUNCTION cd_render_transaction(t transactions) RETURNS json
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

-- Display order of the unpaginated lists: (position, id) within the club.
CREATE INDEX spaces_display_idx ON spaces (club_id, position, id);
CREATE INDEX coaches_display_idx ON coaches (club_id, position, id);
