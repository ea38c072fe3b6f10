-- Whether an endpoint is failing, by the failed attempts of its current run (webhook_endpoints.
-- failed_attempts, which cd_record_attempts counts up to this threshold and no further): the
-- fourth failed attempt in a row makes it failing, as Svix calls a message failing at its fourth
-- failure; fewer are a blip that a retry usually mends. The one statement of the rule: the
-- endpoint object shows failing_since and disable_at by it (cd_render_webhook_endpoint), so the
-- webhook_endpoint.failing and .recovered signals follow it (cd_signal_type), and so do the
-- worker's log lines and the metrics (docs/webhooks.md, "Answering, retries and disabling").
-- A leaf helper, inlined where it is used.
CREATE OR REPLACE FUNCTION cd_endpoint_failing(failed_attempts integer) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT failed_attempts >= 4
$$;
