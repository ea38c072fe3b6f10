-- Whether an endpoint subscribes to signals of a type: its signal_types name the type (or hold
-- "*") and its scopes hold the scope the type requires (docs/api.md "Signal types"). The one
-- statement of the rule: the fan-out and recovery both call it. Whether to deliver now (status,
-- deleted_at, from_sequence) is the caller's condition, not part of what the endpoint matches.
CREATE OR REPLACE FUNCTION cd_endpoint_matches(e webhook_endpoints, signal_type text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(('*' = ANY (e.signal_types) OR signal_type = ANY (e.signal_types))
                  AND cd_signal_scope(signal_type) = ANY (e.scopes), false)
$$;
