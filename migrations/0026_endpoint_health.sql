-- What the endpoint object shows of its health (docs/webhooks.md, "Answering, retries and disabling").
-- disable_at: when a failing endpoint will be disabled unless an attempt succeeds first, set with
-- failing_since at the first failure of a streak (failing_since + ENDPOINT_DISABLE_AFTER as it
-- was then) and cleared with it; the worker disables by it (cd_record_attempts), so what the
-- owner is shown is the rule applied. A streak under way when this runs gets it at its next
-- failure.
ALTER TABLE webhook_endpoints ADD COLUMN disable_at timestamptz;
-- The given-up deliveries of an endpoint, counted for its object: few beside the rest, so the
-- index holds few entries, and the hot path (pending to succeeded) never adds one.
CREATE INDEX deliveries_given_up_idx ON deliveries (club_id, endpoint_id) WHERE status = 'failed';
