-- The renderings of resources (cd_render_resources), in the order of the arrays that name them
-- (NULL for one that no longer exists), read with a snapshot taken now.
--
-- Why it exists: cd_emit_signals renders the resources of its batch in its own statement's
-- snapshot, taken before the statement waited for the clubs' counter rows. Under READ COMMITTED,
-- a transaction that committed signals of the club meanwhile (the counter's holder) is invisible
-- to that snapshot, yet its signals take the sequences just below this batch's: a rendering that
-- embeds something that transaction changed (an event's host or a participant's name, from the
-- customer; a customer's subscriptions) would show it as it was before, in a signal that comes
-- after the one showing it changed, and a receiver applying signals in sequence order would keep
-- the old value. The emit sees when that happened (the test it uses for
-- cd_signal_previous_sequences) and asks this function for those clubs' resources. Each query
-- of a VOLATILE function takes a fresh snapshot, here taken after the counters are held; the
-- renderers are STABLE, so all of them read that one snapshot. Under REPEATABLE READ or
-- SERIALIZABLE the snapshot is the transaction's, and the emit never gets here: its counter
-- update fails with a serialization error instead.
--
-- Not the common path: it renders each resource of those clubs a second time. STRICT, so that
-- NULL arrays (no club needs it) return NULL without a call.
CREATE OR REPLACE FUNCTION cd_render_resources_afresh(kinds text[], clubs text[], resources text[]) RETURNS json[]
LANGUAGE plpgsql VOLATILE STRICT
AS $$
BEGIN
  RETURN (
    SELECT array_agg(r.rendered ORDER BY k.n)
      FROM generate_series(1, cardinality(kinds)) AS k (n)
      LEFT JOIN cd_render_resources(kinds, clubs, resources) r ON r.n = k.n
  );
END
$$;
