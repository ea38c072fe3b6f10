-- Each endpoint's pending deliveries, in sequence order: what its delivery lane claims
-- (cd_claim_lane) and when it is next due (cd_lane_next_due). The primary key alone would walk
-- every delivery the endpoint ever had.
CREATE INDEX deliveries_lane_idx ON deliveries (club_id, endpoint_id, signal_sequence) WHERE status = 'pending';
