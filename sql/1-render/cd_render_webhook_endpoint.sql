-- The secrets are never part of the representation: the API adds the plaintext to the create
-- and rotate answers only, and it never reaches SQL.
--
-- `pace` is what the delivery worker keeps in endpoint_lanes (docs/webhooks.md, "Order and
-- pace"): the rate the endpoint is slowed to after 429s or 503s without Retry-After (null: not
-- slowed) and the end of a pause a receiver's Retry-After asked for (null: none, or already
-- over). The renderer reads it from the endpoint's row of endpoint_lanes itself, so that every
-- answer that renders an endpoint (create, list, retrieve, update, rotate) shows it. The worker
-- writes pace to endpoint_lanes only: a change of pace is no change of the endpoint, so it
-- leaves webhook_endpoints and its updated_at alone (and endpoints emit no signals).
CREATE OR REPLACE FUNCTION cd_render_webhook_endpoint(e webhook_endpoints) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
DECLARE
  lane record;
BEGIN
  SELECT l.effective_rate, l.paused_until INTO lane
    FROM endpoint_lanes l WHERE l.club_id = e.club_id AND l.endpoint_id = e.id;
  RETURN json_build_object(
    'id', e.id,
    'object', 'webhook_endpoint',
    'url', e.url,
    'description', e.description,
    'scopes', to_json(e.scopes),
    'signal_types', to_json(e.signal_types),
    'status', e.status,
    'disabled_reason', e.disabled_reason,
    'ordering', e.ordering,
    'max_in_flight', e.max_in_flight,
    'rate_limit', e.rate_limit,
    'pace', json_build_object(
      'effective_rate', lane.effective_rate,
      'paused_until', CASE WHEN lane.paused_until > now() THEN cd_utc(lane.paused_until) END
    ),
    'created_at', cd_utc(e.created_at)
  );
END
$$;
