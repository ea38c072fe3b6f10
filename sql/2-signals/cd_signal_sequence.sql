-- A club's last signal sequence (0 before its first signal): the watermark every read sends
-- (src/db/watermark.ts). STABLE, so it reads through the snapshot of the statement calling it:
-- the same snapshot as the body beside it. PL/pgSQL rather than a subquery in each read: its plan
-- is cached for the session, where a subquery was planned again at every read (about 20 us each,
-- a tenth of a single-record read's database time; docs/benchmarks.md).
CREATE OR REPLACE FUNCTION cd_signal_sequence(club text) RETURNS bigint
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN coalesce((SELECT s.last_sequence FROM signal_sequences s WHERE s.club_id = club), 0);
END
$$;
