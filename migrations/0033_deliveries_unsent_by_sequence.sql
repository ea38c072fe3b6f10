-- An endpoint's given-up and canceled deliveries in sequence order, for its sync
-- (sql/1-render/cd_render_webhook_endpoint_health.sql): the oldest first, so that counting up to
-- 10,000 of them stops there, whatever the endpoint's backlog. Few entries beside the rest: the
-- hot path (pending to succeeded) never adds one.
CREATE INDEX deliveries_unsent_by_sequence_idx ON deliveries (club_id, endpoint_id, signal_sequence) WHERE status IN ('failed', 'canceled');
