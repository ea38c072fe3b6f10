-- requires: cd_endpoint_failing tg__signal_touch
-- Operational signals (docs/webhooks.md, "Signals about endpoints"): an endpoint's state changes
-- are signals of the club, webhook_endpoint.failing, .disabled, .enabled and .recovered.
--
-- failed_attempts: the failed attempts of the endpoint's current run, counted by
-- cd_record_attempts up to the number that makes it failing (cd_endpoint_failing) and no
-- further, so that a long streak writes the endpoint row a few times, not once per attempt.
-- A streak under way counts the attempts it has made so far (every attempt since failing_since
-- failed: a success would have ended it).
ALTER TABLE webhook_endpoints ADD COLUMN failed_attempts integer NOT NULL DEFAULT 0;
UPDATE webhook_endpoints e
   SET failed_attempts = (SELECT count(*) FROM (SELECT 1 FROM delivery_attempts a
                                                 WHERE a.club_id = e.club_id AND a.endpoint_id = e.id
                                                   AND a.attempted_at >= e.failing_since
                                                 LIMIT 100) counted)
 WHERE e.failing_since IS NOT NULL;
-- An endpoint's row feeds its signals like any resource's (tg__signal_touch), but only the
-- changes that can make one touch it: its status, and whether it is failing. Its other writes
-- (a URL, a description, a rotation) make no signal and pay nothing.
CREATE TRIGGER _500_signal_touch BEFORE UPDATE ON webhook_endpoints
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
        OR cd_endpoint_failing(OLD.failed_attempts) IS DISTINCT FROM cd_endpoint_failing(NEW.failed_attempts))
  EXECUTE FUNCTION tg__signal_touch('webhook_endpoint', 'id');
-- The deliveries an endpoint did not get, given up or canceled, by status and by when that was
-- settled, with their sequence: the endpoint object counts its given-up ones from the index
-- alone (as from the index this replaces), and a recovered endpoint's signal reads those of its
-- outage, and only those, for its count and its window (cd_endpoint_outage), however many an
-- earlier outage left. Few beside the rest, and the hot path (pending to succeeded) never adds one.
DROP INDEX deliveries_given_up_idx;
CREATE INDEX deliveries_unsent_idx ON deliveries (club_id, endpoint_id, status, completed_at) INCLUDE (signal_sequence)
  WHERE status IN ('failed', 'canceled');
