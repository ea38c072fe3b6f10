-- Whether an endpoint subscribes to a signal: its signal_types name the type (or hold "*"), its
-- scopes hold the scope the type requires (docs/api.md "Signal types"), and the signal is not
-- about the endpoint itself: a webhook_endpoint.* signal goes to the club's other endpoints
-- (telling a failing endpoint that it fails would only fail again; docs/webhooks.md, "Signals
-- about endpoints"). Ids carry their type's prefix, so only those signals can name an endpoint.
-- The one statement of the rule: the fan-out, recovery and resend all call it. Whether to
-- deliver now (status, deleted_at, from_sequence) is the caller's condition, not part of what
-- the endpoint matches.
CREATE OR REPLACE FUNCTION cd_endpoint_matches(e webhook_endpoints, signal_type text, signal_resource text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(('*' = ANY (e.signal_types) OR signal_type = ANY (e.signal_types))
                  AND cd_signal_scope(signal_type) = ANY (e.scopes)
                  AND signal_resource IS DISTINCT FROM e.id, false)
$$;
