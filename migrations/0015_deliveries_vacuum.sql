-- The deliveries table works as a queue: each row is inserted by the fan-out, updated by each
-- claim and by each record. Every version leaves an entry in the lanes' partial index
-- (deliveries_lane_idx) until VACUUM removes it, and a claim walks past all of them: after a
-- run of 6,100 signals to 3 endpoints, a claim on an endpoint with nothing pending took 3.6 ms
-- (67 pages), and 0.17 ms (1 page) after a VACUUM (docs/benchmarks.md). By default autovacuum
-- waits for a fifth of the table to change, which grows with the table; here it runs after
-- every 2,000 changed or inserted rows, whatever the table's size.
ALTER TABLE deliveries SET (
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 2000,
  autovacuum_vacuum_insert_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 2000
);
