-- The answer to DELETE /v1/webhook_endpoints/{id}.
CREATE OR REPLACE FUNCTION cd_render_deleted_webhook_endpoint(e webhook_endpoints) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN json_build_object('id', e.id, 'object', 'webhook_endpoint', 'deleted', true);
END
$$;
