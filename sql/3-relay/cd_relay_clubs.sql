-- The relay's work on each of several clubs in one statement (workers/3-relay/relay.ts): take the
-- club's mark, fold in the fan-outs completed contiguously after it, and read the signals to fan
-- out. As separate statements this was ten round trips per club and pass, and the relay makes a
-- pass per committed transaction of the platform (docs/benchmarks.md); the clubs a pass relays at
-- the same moment share the statement (src/db/relay.ts batches them): at 2,000 endpoints over
-- 500 clubs flat out, a statement per club was 33 round trips per 1,000 deliveries.
--
-- Each row carries `n`, the position of its club in the arrays (1-based). A club another relay
-- process holds has no row (it is skipped, not waited for). Otherwise a first row with the mark
-- (sequence and id null), then the signals after greatest(mark, enqueued) in sequence order, at
-- most its `batches` entry; its `enqueued` entry is the highest sequence this process fanned out
-- already (null: none).
-- The clubs are taken in the order given; their marks stay locked until the statement commits.
CREATE OR REPLACE FUNCTION cd_relay_clubs(clubs text[], enqueued bigint[], batches integer[])
RETURNS TABLE (n integer, mark bigint, sequence bigint, id text)
LANGUAGE plpgsql
AS $$
DECLARE
  c record;
  current_mark bigint;
  done bigint;
  oldest bigint;
BEGIN
  FOR c IN SELECT x.club, x.after_sequence, x.batch, x.i::integer AS i
             FROM unnest(clubs, enqueued, batches) WITH ORDINALITY AS x (club, after_sequence, batch, i)
  LOOP
    INSERT INTO signal_relay (club_id) VALUES (c.club) ON CONFLICT DO NOTHING;
    SELECT r.relayed_sequence INTO current_mark FROM signal_relay r WHERE r.club_id = c.club FOR UPDATE SKIP LOCKED;
    CONTINUE WHEN NOT FOUND;
    -- Sequences of a club have no gaps (the counter is transactional), so completed fan-outs
    -- mark + 1, mark + 2, ... move the mark on; later ones wait for the missing one.
    FOR done IN
      SELECT f.signal_sequence FROM signal_fanouts f
       WHERE f.club_id = c.club AND f.signal_sequence > current_mark ORDER BY f.signal_sequence LIMIT 10000
    LOOP
      EXIT WHEN done <> current_mark + 1;
      current_mark := done;
    END LOOP;
    -- Signals pruned by retention below the oldest kept one never need fanning out.
    SELECT min(s.sequence) INTO oldest FROM signals s WHERE s.club_id = c.club;
    IF oldest IS NOT NULL THEN
      current_mark := greatest(current_mark, oldest - 1);
    END IF;
    UPDATE signal_relay r SET relayed_sequence = current_mark WHERE r.club_id = c.club AND r.relayed_sequence <> current_mark;
    DELETE FROM signal_fanouts f WHERE f.club_id = c.club AND f.signal_sequence <= current_mark;
    RETURN QUERY SELECT c.i, current_mark, NULL::bigint, NULL::text;
    RETURN QUERY
      SELECT c.i, current_mark, s.sequence, s.id FROM signals s
       WHERE s.club_id = c.club AND s.sequence > greatest(current_mark, coalesce(c.after_sequence, current_mark))
       ORDER BY s.sequence LIMIT c.batch;
  END LOOP;
END
$$;
