-- A delivery no longer checks its signal and its endpoint through foreign keys. Each check was a
-- lookup and a row lock, written to the WAL, on the signal and on the endpoint, for every
-- delivery the fan-out makes: about a third of the fan-out's time at 2,000 endpoints over 500
-- clubs, a quarter at 20 endpoints (docs/benchmarks.md, "Records that read one entry"). What the
-- keys guarded holds without them: the fan-out makes deliveries only by joining a signal to its
-- club's endpoints (cd_fan_out_signals), an endpoint is never deleted (a deletion marks it), and
-- retention deletes a signal's deliveries with it (pruneSignals, src/db/signals.ts), as the
-- cascade did.
ALTER TABLE deliveries
  DROP CONSTRAINT deliveries_club_id_endpoint_id_fkey,
  DROP CONSTRAINT deliveries_club_id_signal_sequence_fkey;
