-- The secrets are never part of the representation: the API adds the plaintext to the create
-- and rotate answers only (of a v1 endpoint; a v1a signing key is never shown), and it never
-- reaches SQL. A v1a endpoint's public key is no secret: every answer shows it.
--
-- `pace` is what the delivery worker keeps in endpoint_lanes (docs/webhooks.md, "Order and
-- pace"): the rate the endpoint is slowed to after 429s or 503s without Retry-After (null: not
-- slowed) and the end of a pause a receiver's Retry-After asked for (null: none, or already
-- over). The renderer reads it from the endpoint's row of endpoint_lanes itself, so that every
-- answer that renders an endpoint (create, list, retrieve, update, rotate) shows it. The worker
-- writes pace to endpoint_lanes only: a change of pace is no change of the endpoint, so it
-- leaves webhook_endpoints and its updated_at alone (and makes no signal about the endpoint).
--
-- `health` is what the endpoint's owner watches (docs/webhooks.md, "Answering, retries and disabling"):
-- failing_since and disable_at as the worker keeps them (cd_record_attempts), shown once the
-- endpoint is failing (cd_endpoint_failing: its fourth failed attempt in a row; disable_at only
-- while it is active), the last attempt that succeeded, and the deliveries pending and given up.
-- The webhook_endpoint.* signals are changes of this rendering (cd_signal_type), so what the
-- owner polls and what the club's other endpoints are told are one rule. The last success is the newest attempt when the endpoint is not failing and that
-- attempt succeeded (one entry of its attempts index; a test signal's attempt, of sequence 0, is
-- no delivery and is passed over); otherwise the one cd_record_attempts kept
-- as its streak began (webhook_endpoints.last_success_at), never a walk through the failed
-- attempts of a long streak. Given up counts the deliveries whose attempts ran out
-- and that were not sent again since (recover, resend, an operator's retry), within the signals'
-- retention. Both counts stop at 10,000, so that an endpoint failing for days, with a million
-- deliveries pending, costs a list of endpoints a few milliseconds, not a second.
CREATE OR REPLACE FUNCTION cd_render_webhook_endpoint(e webhook_endpoints) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
DECLARE
  lane record;
  last_success timestamptz;
BEGIN
  SELECT l.effective_rate, l.paused_until INTO lane
    FROM endpoint_lanes l WHERE l.club_id = e.club_id AND l.endpoint_id = e.id;
  IF e.failing_since IS NULL THEN
    SELECT CASE WHEN cd_webhook_attempt_outcome(a.status_code) = 'succeeded' THEN a.attempted_at END INTO last_success
      FROM delivery_attempts a
     WHERE a.club_id = e.club_id AND a.endpoint_id = e.id AND a.signal_sequence > 0
     ORDER BY a.attempted_at DESC, a.id DESC
     LIMIT 1;
  END IF;
  last_success := coalesce(last_success, e.last_success_at);
  RETURN json_build_object(
    'id', e.id,
    'object', 'webhook_endpoint',
    'url', e.url,
    'description', e.description,
    'scopes', to_json(e.scopes),
    'signal_types', to_json(e.signal_types),
    'signature_scheme', e.signature_scheme,
    'public_key', e.public_key,
    'status', e.status,
    'disabled_reason', e.disabled_reason,
    'ordering', e.ordering,
    'max_in_flight', e.max_in_flight,
    'rate_limit', e.rate_limit,
    'pace', json_build_object(
      'effective_rate', lane.effective_rate,
      'paused_until', CASE WHEN lane.paused_until > now() THEN cd_utc(lane.paused_until) END
    ),
    'health', json_build_object(
      'failing_since', CASE WHEN cd_endpoint_failing(e.failed_attempts) THEN cd_utc(e.failing_since) END,
      'disable_at', CASE WHEN e.status = 'active' AND cd_endpoint_failing(e.failed_attempts) THEN cd_utc(e.disable_at) END,
      'last_success_at', cd_utc(last_success),
      'pending_deliveries', (SELECT count(*) FROM (SELECT 1 FROM deliveries d
                                                     WHERE d.club_id = e.club_id AND d.endpoint_id = e.id AND d.status = 'pending'
                                                     LIMIT 10000) counted),
      'given_up_deliveries', (SELECT count(*) FROM (SELECT 1 FROM deliveries d
                                                      WHERE d.club_id = e.club_id AND d.endpoint_id = e.id AND d.status = 'failed'
                                                      LIMIT 10000) counted)
    ),
    'created_at', cd_utc(e.created_at)
  );
END
$$;
