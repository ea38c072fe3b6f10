-- GET /v1/webhook_endpoints/{id}/attempts and GET /v1/signals/{id}/attempts: one HTTP try of a
-- delivery.
CREATE OR REPLACE FUNCTION cd_render_webhook_attempt(a delivery_attempts) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN json_build_object(
    'id', a.id,
    'object', 'webhook_attempt',
    'endpoint_id', a.endpoint_id,
    'signal_id', a.signal_id,
    'attempt_number', a.attempt_number,
    'outcome', cd_webhook_attempt_outcome(a.status_code),
    'attempted_at', cd_utc(a.attempted_at),
    'status_code', a.status_code,
    'error', a.error,
    'duration_ms', a.duration_ms,
    'response_excerpt', a.response_excerpt
  );
END
$$;
