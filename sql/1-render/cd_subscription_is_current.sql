-- Current subscriptions are shown by default; ended ones only on request.
CREATE OR REPLACE FUNCTION cd_subscription_is_current(status text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT status IN ('trialing', 'active', 'past_due') $$;
