-- The secrets are never part of the representation: the API adds the plaintext to the create
-- and rotate answers only, and it never reaches SQL.
CREATE OR REPLACE FUNCTION cd_render_webhook_endpoint(e webhook_endpoints) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN json_build_object(
    'id', e.id,
    'object', 'webhook_endpoint',
    'url', e.url,
    'description', e.description,
    'scopes', to_json(e.scopes),
    'signal_types', to_json(e.signal_types),
    'status', e.status,
    'disabled_reason', e.disabled_reason,
    'created_at', cd_utc(e.created_at)
  );
END
$$;
