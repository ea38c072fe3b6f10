-- deliveries_signal_idx gains the endpoint as its last column, so that it holds the delivery's
-- whole key as the primary key does, in another order. A statement that reaches one delivery by
-- three equalities then reads one entry whichever of the two the planner takes, with or without
-- statistics (sql/README.md, "Statements that reach one row by key"). The row comparison written
-- before, so that only the primary key would fit, bounds its scan only at the start: B-tree ends
-- a scan on a row comparison's first column alone, so each record of a delivery read the rest of
-- its endpoint's entries (a backlog of 1,000 made a batch of 50 successes 8 ms rather than 3,
-- docs/benchmarks.md "Records that read one entry").
-- The signal's deliveries (the fan-out's, the cascade from a signal) still use its first two columns.
DROP INDEX deliveries_signal_idx;
CREATE INDEX deliveries_signal_idx ON deliveries (club_id, signal_sequence, endpoint_id);
