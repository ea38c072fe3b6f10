-- The endpoint's previous secret while it still signs beside the current one (24 hours after a
-- rotation, docs/webhooks.md), else null. The one statement of the rule: a lane's claim
-- (cd_claim_lane) and a test signal (POST /v1/webhook_endpoints/{id}/test) sign by it.
CREATE OR REPLACE FUNCTION cd_endpoint_previous_secret(previous_secret bytea, previous_secret_until timestamptz) RETURNS bytea
LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN previous_secret_until > now() THEN previous_secret END $$;
