-- The scope a key needs to see a signal of this type (docs/api.md "Signal types"), stored with
-- each signal and matched against an endpoint's scopes.
CREATE OR REPLACE FUNCTION cd_signal_scope(signal_type text) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE split_part(signal_type, '.', 1)
    WHEN 'customer' THEN 'customers:read'
    WHEN 'subscription' THEN 'customers:read'
    WHEN 'booking' THEN 'bookings:read'
    WHEN 'event' THEN 'events:read'
    WHEN 'participant' THEN 'events:read'
    WHEN 'order' THEN 'orders:read'
    WHEN 'transaction' THEN 'transactions:read'
    WHEN 'waiver' THEN 'waivers:read'
    WHEN 'coach' THEN 'coaches:read'
    WHEN 'space' THEN 'spaces:read'
    WHEN 'club' THEN 'club:read'
    -- Whoever may manage the club's endpoints (docs/webhooks.md, "Signals about endpoints").
    WHEN 'webhook_endpoint' THEN 'webhook_endpoints:write'
  END
$$;
