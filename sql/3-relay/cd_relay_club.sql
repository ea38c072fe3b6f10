-- The relay's work on one club in one statement (workers/3-relay/relay.ts): take the club's mark, fold
-- in the fan-outs completed contiguously after it, and read the signals to fan out. As separate
-- statements this was ten round trips per pass, and the relay makes a pass per committed
-- transaction of the platform (docs/benchmarks.md).
--
-- Returns nothing when another relay process holds the club (it is skipped, not waited for).
-- Otherwise a first row with the mark (sequence and id null), then the signals after
-- greatest(mark, enqueued) in sequence order, at most `batch`; `enqueued` is the highest
-- sequence this process fanned out already (null: none).
CREATE OR REPLACE FUNCTION cd_relay_club(club text, enqueued bigint, batch integer)
RETURNS TABLE (mark bigint, sequence bigint, id text)
LANGUAGE plpgsql
AS $$
DECLARE
  current_mark bigint;
  done bigint;
  oldest bigint;
BEGIN
  INSERT INTO signal_relay (club_id) VALUES (club) ON CONFLICT DO NOTHING;
  SELECT r.relayed_sequence INTO current_mark FROM signal_relay r WHERE r.club_id = club FOR UPDATE SKIP LOCKED;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  -- Sequences of a club have no gaps (the counter is transactional), so completed fan-outs
  -- mark + 1, mark + 2, ... move the mark on; later ones wait for the missing one.
  FOR done IN
    SELECT f.signal_sequence FROM signal_fanouts f
     WHERE f.club_id = club AND f.signal_sequence > current_mark ORDER BY f.signal_sequence LIMIT 10000
  LOOP
    EXIT WHEN done <> current_mark + 1;
    current_mark := done;
  END LOOP;
  -- Signals pruned by retention below the oldest kept one never need fanning out.
  SELECT min(s.sequence) INTO oldest FROM signals s WHERE s.club_id = club;
  IF oldest IS NOT NULL THEN
    current_mark := greatest(current_mark, oldest - 1);
  END IF;
  UPDATE signal_relay r SET relayed_sequence = current_mark WHERE r.club_id = club AND r.relayed_sequence <> current_mark;
  DELETE FROM signal_fanouts f WHERE f.club_id = club AND f.signal_sequence <= current_mark;
  RETURN QUERY SELECT current_mark, NULL::bigint, NULL::text;
  RETURN QUERY
    SELECT current_mark, s.sequence, s.id FROM signals s
     WHERE s.club_id = club AND s.sequence > greatest(current_mark, coalesce(enqueued, current_mark))
     ORDER BY s.sequence LIMIT batch;
END
$$;
