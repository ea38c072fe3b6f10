-- GET /v1/webhook_endpoints/{id}/health (docs/webhooks.md, "Health and sync"): what the
-- endpoint's `health` field shows cheaply on every answer, and two things worth a request of
-- their own, which the portal shows at a glance.
--
-- `attempts_24h`: the attempts of the last 24 hours and how many succeeded, from the endpoint's
-- attempts index, counting the newest 100,000 at most (an endpoint taking more than a
-- thousand a minute gets the rate of its latest 100,000; `counted_up_to` says so).
--
-- `sync`: how far the endpoint's copy of the club's history is behind. A signal the endpoint
-- receives (cd_endpoint_matches: its types and scopes now) and does not have is one of:
--   pending: its delivery is on its way (first attempt or retries), or the signal is committed
--            but not fanned out yet (after the relay's mark, with no delivery: the relay runs a
--            little behind the writes, and far behind when it is down);
--   unsent:  its delivery was given up (failed) or canceled (the endpoint was disabled or
--            deleted while it waited), or it was never made because the endpoint was disabled
--            when the signal was fanned out: a signal emitted between a webhook_endpoint.disabled
--            signal about the endpoint and the next .enabled one (those signals are the record
--            of when it was disabled), fanned out already, with no delivery at all. When
--            retention removed the .disabled signal, the period runs from before the oldest
--            signal kept (to the first .enabled one kept, or on while it is disabled); a
--            disabling that emitted no signal counts from the last .enabled one.
-- Only what recovery can send counts as unsent: a signal the endpoint no longer receives, or
-- one retention removed, does not.
-- `received_through` is the sequence below the first such signal (the latest sequence when
-- there is none): every signal up to it that the endpoint receives was delivered. `behind`
-- counts both kinds; `unsent_since` is the creation time of the oldest unsent signal, the
-- `since` for POST .../recover that sends every one of them again. Each count stops at 10,000.
-- Cost: index reads of the endpoint's pending and unsent deliveries, the signals after the
-- relay's mark, and a walk of the club's signals within the periods the endpoint was disabled.
CREATE OR REPLACE FUNCTION cd_render_webhook_endpoint_health(e webhook_endpoints) RETURNS json
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  latest bigint;
  oldest bigint;
  relayed bigint;
  attempted bigint;
  succeeded bigint;
  first_pending bigint;
  pending bigint;
  first_unrelayed bigint;
  unrelayed bigint := 0;
  first_given_up bigint;
  given_up bigint;
  first_missed bigint;
  missed bigint;
  first_unsent bigint;
  received_through bigint;
BEGIN
  SELECT s.sequence INTO latest FROM signals s WHERE s.club_id = e.club_id ORDER BY s.sequence DESC LIMIT 1;
  SELECT s.sequence INTO oldest FROM signals s WHERE s.club_id = e.club_id ORDER BY s.sequence LIMIT 1;
  SELECT r.relayed_sequence INTO relayed FROM signal_relay r WHERE r.club_id = e.club_id;
  SELECT count(*), count(*) FILTER (WHERE cd_webhook_attempt_outcome(a.status_code) = 'succeeded') INTO attempted, succeeded
    FROM (SELECT a.status_code FROM delivery_attempts a
           WHERE a.club_id = e.club_id AND a.endpoint_id = e.id AND a.attempted_at > now() - interval '24 hours'
           ORDER BY a.attempted_at DESC, a.id DESC LIMIT 100000) a;
  SELECT min(d.signal_sequence), count(*) INTO first_pending, pending
    FROM (SELECT d.signal_sequence FROM deliveries d
           WHERE d.club_id = e.club_id AND d.endpoint_id = e.id AND d.status = 'pending'
           ORDER BY d.signal_sequence LIMIT 10000) d;
  IF e.status = 'active' THEN
    SELECT min(x.sequence), count(*) INTO first_unrelayed, unrelayed
      FROM (SELECT s.sequence FROM signals s
             WHERE s.club_id = e.club_id AND s.sequence > greatest(coalesce(relayed, 0), e.from_sequence)
               AND NOT EXISTS (SELECT 1 FROM signal_fanouts f WHERE f.club_id = s.club_id AND f.signal_sequence = s.sequence)
               AND cd_endpoint_matches(e, s.type, s.resource_id)
               AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.club_id = e.club_id AND d.endpoint_id = e.id AND d.signal_sequence = s.sequence)
             ORDER BY s.sequence LIMIT 10000) x;
  END IF;
  SELECT min(x.signal_sequence), count(*) INTO first_given_up, given_up
    FROM (SELECT d.signal_sequence FROM deliveries d
            JOIN signals s ON s.club_id = d.club_id AND s.sequence = d.signal_sequence
           WHERE d.club_id = e.club_id AND d.endpoint_id = e.id AND d.status IN ('failed', 'canceled')
             AND cd_endpoint_matches(e, s.type, s.resource_id)
           ORDER BY d.signal_sequence LIMIT 10000) x;
  WITH marks AS (
    SELECT s.sequence, s.type FROM signals s
     WHERE s.club_id = e.club_id AND s.resource_id = e.id AND s.type IN ('webhook_endpoint.disabled', 'webhook_endpoint.enabled')
  ), periods AS (
    SELECT m.sequence AS after_sequence,
           coalesce((SELECT min(n.sequence) FROM marks n WHERE n.type = 'webhook_endpoint.enabled' AND n.sequence > m.sequence),
                    9223372036854775807) AS before_sequence
      FROM marks m WHERE m.type = 'webhook_endpoint.disabled'
    UNION ALL
    -- Disabled before the oldest signal kept (retention removed the .disabled signal): up to
    -- the first .enabled signal kept, or on until now while the endpoint is disabled.
    SELECT oldest - 1, coalesce(first_mark.sequence, 9223372036854775807)
      FROM (SELECT NULL) one
      LEFT JOIN LATERAL (SELECT m.sequence, m.type FROM marks m ORDER BY m.sequence LIMIT 1) first_mark ON true
     WHERE (first_mark.type = 'webhook_endpoint.enabled')
        OR (first_mark.sequence IS NULL AND e.status = 'disabled')
    UNION ALL
    -- Disabled now with no .disabled signal after the last .enabled one (a disabling that
    -- emitted none): since that .enabled signal.
    SELECT last_mark.sequence, 9223372036854775807
      FROM (SELECT m.sequence, m.type FROM marks m ORDER BY m.sequence DESC LIMIT 1) last_mark
     WHERE e.status = 'disabled' AND last_mark.type = 'webhook_endpoint.enabled'
  )
  SELECT min(x.sequence), count(*) INTO first_missed, missed
    FROM (SELECT s.sequence FROM periods p
            JOIN signals s ON s.club_id = e.club_id AND s.sequence > p.after_sequence AND s.sequence < p.before_sequence
           WHERE s.sequence > e.from_sequence
             -- Fanned out already (a signal the relay has yet to fan out may still be delivered).
             AND (s.sequence <= coalesce(relayed, 0)
                  OR EXISTS (SELECT 1 FROM signal_fanouts f WHERE f.club_id = s.club_id AND f.signal_sequence = s.sequence))
             AND cd_endpoint_matches(e, s.type, s.resource_id)
             AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.club_id = e.club_id AND d.endpoint_id = e.id AND d.signal_sequence = s.sequence)
           ORDER BY s.sequence LIMIT 10000) x;
  first_pending := least(first_pending, first_unrelayed);
  pending := least(pending + unrelayed, 10000);
  first_unsent := least(first_given_up, first_missed);
  received_through := coalesce(least(first_pending, first_unsent) - 1, latest, e.from_sequence);
  RETURN json_build_object(
    'object', 'webhook_endpoint_health',
    'endpoint_id', e.id,
    'attempts_24h', json_build_object(
      'attempted', attempted,
      'succeeded', succeeded,
      'failed', attempted - succeeded,
      'success_rate', CASE WHEN attempted > 0 THEN round(succeeded::numeric / attempted, 4) END,
      'counted_up_to', 100000
    ),
    'sync', json_build_object(
      'latest_sequence', coalesce(latest, 0),
      'received_through', received_through,
      'behind', pending + least(given_up + missed, 10000),
      'pending', pending,
      'unsent', least(given_up + missed, 10000),
      'unsent_since', (SELECT cd_utc(s.created_at) FROM signals s WHERE s.club_id = e.club_id AND s.sequence = first_unsent)
    )
  );
END
$$;
