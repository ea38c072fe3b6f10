-- The claims of many lanes (cd_claim_lane, each as it says) in one statement and transaction:
-- those a worker process's lanes make at the same moment (src/db/deliveries.ts batches them).
-- With thousands of endpoints each getting a trickle, every delivery is a lane's claim of its
-- own, and a statement and a commit each were most of PostgreSQL's time per delivery
-- (docs/benchmarks.md, "Delivery pipeline at scale"). Each row carries `n`, the position of its
-- claim in the arrays (1-based). Callers give the claims in (club, endpoint) order, so that two
-- batches take the endpoints' rows in the same order. `holdings`: what each lane holds
-- (cd_claim_lane's `holding`), one row of a two-dimensional array per claim, padded with 0 (no
-- sequence is 0): one array rather than one per claim, written by the caller as PostgreSQL array
-- text, because node-postgres escaping each element was 2 % of the worker's busy time flat out.
-- PL/pgSQL, so that its statement is planned once per session rather than at every call (a
-- fifth of its own time, sql/README.md "Writing a function"), and with generic plans forced, for
-- it and the cd_claim_lane calls it makes: with fresh statistics PL/pgSQL otherwise kept making
-- custom plans, at every call. Sequential scans are off: a plan made once, perhaps while
-- deliveries was empty, can only probe its indexes.
CREATE OR REPLACE FUNCTION cd_claim_lanes(clubs text[], endpoints text[], batches integer[], lease_ms double precision[],
                                          from_sequences bigint[], holders text[], rates_known boolean[],
                                          own_rates double precision[], holdings bigint[])
RETURNS TABLE (n integer, outcome text, signal_sequence bigint, attempt integer, url text,
               secret bytea, previous_secret bytea, signal_id text, signal_created_ms double precision, body text,
               max_in_flight integer, rate_limit double precision, effective_rate double precision, wait_ms double precision,
               traceparent text)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $$
BEGIN
  RETURN QUERY
  SELECT x.n::integer, c.*
    FROM unnest(clubs, endpoints, batches, lease_ms, from_sequences, holders, rates_known, own_rates) WITH ORDINALITY
           AS x (club, endpoint, batch, lease, from_sequence, holder, rate_known, own_rate, n)
   CROSS JOIN LATERAL cd_claim_lane(x.club, x.endpoint, x.batch, x.lease, x.from_sequence, x.holder, x.rate_known, x.own_rate,
                                     coalesce(holdings[x.n::integer:x.n::integer], '{}')) c;
END
$$;
