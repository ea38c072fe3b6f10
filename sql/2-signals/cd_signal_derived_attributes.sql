-- Attributes derived from other resources, which have signals of their own: a customer's
-- embedded subscriptions (subscription.*) and an event's counts (participant.*).
CREATE OR REPLACE FUNCTION cd_signal_derived_attributes(kind text) RETURNS text[]
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE kind
    WHEN 'customer' THEN ARRAY['subscriptions']
    WHEN 'event' THEN ARRAY['participant_count', 'spots_available']
    ELSE ARRAY[]::text[]
  END
$$;
