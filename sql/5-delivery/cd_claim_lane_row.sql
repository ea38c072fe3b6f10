-- A row of cd_claim_lane that describes the lane rather than a claimed delivery (outcome
-- 'lane', 'held', 'paused' or 'canceled', as cd_claim_lane says): the delivery's columns empty.
-- The last 'lane' row of a claim that returned deliveries carries their target (the endpoint's
-- URL and secrets), which is the same for all of them: once per claim rather than on each row.
-- One place for that row's shape, which cd_claim_lane returns from eight places; a SQL function
-- of one SELECT with no FROM, inlined into the statement that calls it.
CREATE OR REPLACE FUNCTION cd_claim_lane_row(what text, sequence_at bigint, how_many integer, endpoint_max_in_flight integer,
                                             endpoint_rate_limit double precision, slowed_to double precision,
                                             wait_for_ms double precision, target_url text DEFAULT NULL,
                                             target_secret bytea DEFAULT NULL, target_previous_secret bytea DEFAULT NULL)
RETURNS TABLE (outcome text, signal_sequence bigint, attempt integer, url text, secret bytea,
               previous_secret bytea, signal_id text, signal_created_ms double precision, body text,
               max_in_flight integer, rate_limit double precision, effective_rate double precision, wait_ms double precision,
               traceparent text)
LANGUAGE sql IMMUTABLE
AS $$
  SELECT what, sequence_at, how_many, target_url, target_secret, target_previous_secret, NULL::text, NULL::float8, NULL::text,
         endpoint_max_in_flight, endpoint_rate_limit, slowed_to, wait_for_ms, NULL::text
$$;
