-- For each (club, resource, before): the sequence of the club's last signal about that resource
-- below `before`, or NULL when there is none, read with a snapshot taken now.
--
-- Why it exists: cd_emit_signals finds a signal's previous one in its own statement's snapshot,
-- which was taken before the statement waited for the clubs' counter rows. Under READ COMMITTED,
-- a transaction that committed signals of the club meanwhile (the counter's holder, maybe one
-- about the same resource) is invisible to that snapshot, and the chain would skip its signal.
-- The emit sees when that happened (the last signal its snapshot shows for the club is not the
-- one just before its block) and asks this function for those clubs' signals instead. Each
-- query of a VOLATILE function takes a fresh snapshot, here taken after the counters are held;
-- with them held, no other signal of those clubs can commit before the caller's transaction
-- does. Under REPEATABLE READ or SERIALIZABLE the snapshot is the transaction's and misses
-- nothing: a signal committed after it moved the club's counter, so the caller's own counter
-- update fails with a serialization error instead.
--
-- Not the common path: a call cost about 50 us on this machine even for one resource, three
-- times the emit's own index probe. STRICT, so that NULL arrays (no club needs it) return
-- nothing without a call.
CREATE OR REPLACE FUNCTION cd_signal_previous_sequences(clubs text[], resources text[], befores bigint[])
RETURNS TABLE (club text, resource text, previous bigint)
LANGUAGE plpgsql VOLATILE STRICT
SET enable_seqscan = off
AS $$
BEGIN
  RETURN QUERY
    SELECT r.club, r.resource,
           (SELECT s.sequence FROM signals s
             WHERE s.club_id = r.club AND s.resource_id = r.resource AND s.sequence < r.before
             ORDER BY s.sequence DESC LIMIT 1)
      FROM unnest(clubs, resources, befores) AS r (club, resource, before);
END
$$;
