-- GET /v1/signals/{id}/attempts: a signal's attempts to every endpoint, found by the signal's id
-- (which attempts keep after retention removed the signal) rather than by walking each
-- endpoint's log. A signal has a few attempts per endpoint, sorted in memory.
CREATE INDEX delivery_attempts_signal_idx ON delivery_attempts (club_id, signal_id);
