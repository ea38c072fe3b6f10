-- GET /v1/webhook_endpoints/{id}/attempts: one HTTP try of a delivery.
CREATE OR REPLACE FUNCTION cd_render_webhook_attempt(a delivery_attempts) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN json_build_object(
    'id', a.id,
    'object', 'webhook_attempt',
    'signal_id', a.signal_id,
    'attempted_at', cd_utc(a.attempted_at),
    'status_code', a.status_code,
    'error', a.error,
    'duration_ms', a.duration_ms,
    'response_excerpt', a.response_excerpt
  );
END
$$;
