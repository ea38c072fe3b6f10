-- An attempt's outcome as the attempts log shows and filters it: succeeded when the receiver
-- answered 2xx (the rule the worker delivers by, src/delivery/http-client.ts), failed otherwise:
-- another status, a 429 or 503 that asked for time included, or no answer at all. A leaf helper,
-- inlined where it is used.
CREATE OR REPLACE FUNCTION cd_webhook_attempt_outcome(answered_status integer) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN answered_status BETWEEN 200 AND 299 THEN 'succeeded' ELSE 'failed' END
$$;
