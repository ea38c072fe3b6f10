-- A claim no longer leases each delivery (sql/5-delivery/cd_claim_lane.sql): the endpoint's hold
-- (endpoint_lanes) keeps other worker processes off its deliveries, and the lane run that claimed
-- them keeps in memory what it holds. The lease was a new version of the delivery's row at every
-- claim, and another at every give-back (cd_release_deliveries, gone with it).
-- Workers of an earlier version are stopped before this runs: their claims call functions that
-- change here.
ALTER TABLE deliveries DROP COLUMN leased_until;
