-- A row of cd_claim_lane that describes the lane rather than a claimed delivery (outcome
-- 'lane', 'held', 'paused' or 'canceled', as cd_claim_lane says): the delivery's columns empty.
-- One place for that row's shape, which cd_claim_lane returns from eight places; a SQL function
-- of one SELECT with no FROM, inlined into the statement that calls it.
CREATE OR REPLACE FUNCTION cd_claim_lane_row(what text, sequence_at bigint, how_many integer, endpoint_max_in_flight integer,
                                             endpoint_rate_limit double precision, slowed_to double precision,
                                             wait_for_ms double precision)
RETURNS TABLE (outcome text, signal_sequence bigint, attempt integer, url text, secret bytea,
               previous_secret bytea, signal_id text, signal_created_at timestamptz, body text,
               max_in_flight integer, rate_limit double precision, effective_rate double precision, wait_ms double precision,
               traceparent text)
LANGUAGE sql IMMUTABLE
AS $$
  SELECT what, sequence_at, how_many, NULL::text, NULL::bytea, NULL::bytea, NULL::text, NULL::timestamptz, NULL::text,
         endpoint_max_in_flight, endpoint_rate_limit, slowed_to, wait_for_ms, NULL::text
$$;
