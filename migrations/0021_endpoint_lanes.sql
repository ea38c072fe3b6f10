-- What an endpoint's lane obeys, and what it keeps in the database so that it holds across
-- worker processes and whatever the queue forgets (docs/webhooks.md, "Order and pace").
--
-- The endpoint's options, set through the API: `ordering` ('per_resource': the signals about
-- one record reach the endpoint one after another, in sequence order), `max_in_flight`
-- (requests at once; null: the worker's DELIVERY_PER_ENDPOINT_CONCURRENCY) and `rate_limit`
-- (deliveries a second; null: none).
ALTER TABLE webhook_endpoints
  ADD COLUMN ordering text NOT NULL DEFAULT 'none' CHECK (ordering IN ('none', 'per_resource')),
  ADD COLUMN max_in_flight integer CHECK (max_in_flight BETWEEN 1 AND 50),
  ADD COLUMN rate_limit double precision CHECK (rate_limit >= 0.01 AND rate_limit <= 10000);

-- The record a delivery's signal is about (signals.resource_id, data.object.id), copied at
-- fan-out, so that a claim finds a record's earlier pending delivery by index: with
-- per_resource ordering only the earliest pending delivery of each record is claimable.
ALTER TABLE deliveries ADD COLUMN resource_id text;
CREATE INDEX deliveries_resource_idx ON deliveries (club_id, endpoint_id, resource_id, signal_sequence) WHERE status = 'pending';

-- One row per endpoint that has had a lane: which lane run holds it (one at a time, whatever
-- the queue does: `holder` until `held_until`, renewed by its claims, given up when it parks
-- or ends), and its pace: paused until a receiver's Retry-After, and the rate it is slowed to
-- after 429s or 503s without one (null: not slowed).
CREATE TABLE endpoint_lanes (
  club_id        text NOT NULL,
  endpoint_id    text NOT NULL,
  holder         text,
  held_until     timestamptz,
  paused_until   timestamptz,
  effective_rate double precision,
  PRIMARY KEY (club_id, endpoint_id),
  FOREIGN KEY (club_id, endpoint_id) REFERENCES webhook_endpoints (club_id, id)
);

-- Deliveries pending at the upgrade learn their record too (those finished never need it).
UPDATE deliveries d SET resource_id = s.resource_id
  FROM signals s
 WHERE d.status = 'pending' AND s.club_id = d.club_id AND s.sequence = d.signal_sequence;
