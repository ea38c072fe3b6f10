-- AFTER STATEMENT trigger, for inserts and updates, on each resource's own table (customers,
-- bookings, ...): touches every resource the statement wrote, in one statement over its
-- transition tables (new_rows, and old_rows for an update), where the row trigger
-- tg__signal_touch, which the embedded tables and deletes keep, runs a query per row. TG_ARGV[0]:
-- the resource kind. The table's rows have club_id and id.
--
-- What a touch keeps is the same as tg__signal_touch's (signal_pending, cd_signal_touch): a
-- resource's rendering before the transaction's first change to it, nothing for a new one, and
-- the first touch of a batch carries `flush`. Here:
-- - an inserted row is a new resource (before NULL);
-- - an updated row's rendering before is rendered from its old row (cd_render_rows), with the
--   rows it embeds as they are now; an update that changed nothing in the row touches nothing,
--   and a row whose key changed touches its old key and, as new, its new one;
-- - a resource touched earlier in the transaction keeps what it has.
-- A resource touched during the statement, after tg__signal_mark's mark, was touched by a row it
-- embeds, which the same statement wrote (a writable CTE, a cascade, a platform's trigger); that
-- touch may have rendered it with the statement's change to its own row already made. Inserted,
-- it was new all the same; updated, its rendering before is merged from the two
-- (cd_merged_before).
--
-- Order: the statement's rows are numbered from its mark, mark + 1 onwards, in the statement's
-- order (touches are 2^20 apart, migration 0036; past 1,048,575 rows, the rest share the last
-- place), so they come before the touches made during the statement, by the rows they
-- embed or by statements its triggers ran (a customer before the booking a platform's trigger
-- made for it), and after those made before it; a bulk statement's signals follow its rows, as
-- one-row statements' follow theirs. An INSERT ... ON CONFLICT DO UPDATE or a MERGE marks its
-- inserts before its updates, so the rows it inserted come first.
CREATE OR REPLACE FUNCTION tg__signal_touch_rows() RETURNS trigger
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
-- Transition tables are joined by hashing, whatever their size when the plan was made. The plan
-- is generic, made at the session's first statement, and the planner takes a transition table's
-- size from that statement: a session whose first update wrote one row joined a later update's
-- 10,000 old rows with its 10,000 new ones as a nested loop, row by row (40 s instead of 0.5 s).
-- Sorting both on their text keys (a merge join) is dearer than hashing them. The renderers it
-- calls keep nested loops for themselves (cd_render_rows, cd_render_resources).
SET enable_mergejoin = off
SET enable_nestloop = off
-- The nested loop it must still make (over cd_render_rows) then carries the planner's cost of a
-- disabled plan, which would have every statement compiled first (JIT): 0.4 s for one row.
SET jit = off
-- Old rows go to cd_render_rows as text and are read back: in one date style whatever the
-- writer's session uses (a date before Christ in 'SQL, DMY' did not read back).
SET DateStyle = 'ISO, YMD'
AS $$
DECLARE
  touched_kind text := TG_ARGV[0];
  marks text := 'clubdata.signal_marks_' || TG_TABLE_NAME;
  -- None when the mark trigger was switched off alone: then no touch counts as made during the
  -- statement, and the statement's own touches add to what the transaction touched before.
  mark bigint := cd_signal_mark(TG_TABLE_NAME);
  stack text := coalesce(current_setting(marks, true), '');
  opens_batch boolean;
  touched bigint;
BEGIN
  PERFORM set_config(marks, substr(stack, strpos(stack, ',') + 1), true);
  IF NOT cd_signals_enabled() THEN
    RETURN NULL;  -- a bulk import that turned signals off
  END IF;
  -- As in cd_signal_touch: whether this transaction has a batch open.
  opens_batch := current_setting('clubdata.signal_batch', true) IS DISTINCT FROM pg_current_xact_id()::text;
  IF TG_OP = 'INSERT' AND opens_batch THEN
    -- Nothing touched in the transaction since its last emit, so no touch to keep: the rows go in
    -- without ON CONFLICT, whose speculative insertion cost twice as much (10,000 rows: 51 ms
    -- against 28). A table's rows are distinct by (club_id, id), its primary key. Two statements
    -- because a statement's ON CONFLICT clause cannot be made conditional but by building it as
    -- text (EXECUTE), which would plan it again at every call.
    INSERT INTO signal_pending AS p (txid, kind, club_id, resource_id, before, touch_order, flush)
    OVERRIDING SYSTEM VALUE
    SELECT pg_current_xact_id(), touched_kind, n.club_id, n.id, NULL,
           coalesce(mark + least(row_number() OVER (), 1048575), nextval('signal_pending_touch_order_seq')),
           row_number() OVER () = 1
      FROM new_rows n;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO signal_pending AS p (txid, kind, club_id, resource_id, before, touch_order, flush)
    OVERRIDING SYSTEM VALUE
    SELECT pg_current_xact_id(), touched_kind, n.club_id, n.id, NULL,
           coalesce(mark + least(row_number() OVER (), 1048575), nextval('signal_pending_touch_order_seq')),
           false  -- the batch is open: its first touch carries the flush
      FROM new_rows n
    -- Touched during the statement by a row it embeds: new all the same. (A delete of its own row
    -- during the statement, before it was inserted again, took the mark: a change.)
    ON CONFLICT ON CONSTRAINT signal_pending_pkey DO UPDATE SET before = NULL WHERE p.touch_order > mark;
  ELSE
    INSERT INTO signal_pending AS p (txid, kind, club_id, resource_id, before, touch_order, flush)
    OVERRIDING SYSTEM VALUE
    SELECT pg_current_xact_id(), touched_kind, t.club_id, t.resource_id, t.before,
           coalesce(mark + least(row_number() OVER (ORDER BY t.chunk, t.n), 1048575), nextval('signal_pending_touch_order_seq')),
           opens_batch AND row_number() OVER (ORDER BY t.chunk, t.n) = 1
      FROM (-- The old rows of the rows it changed, in the statement's order, rendered by chunks
            -- of at most 10,000 rows: an array of a huge statement's rows could pass the limit
            -- PostgreSQL sets on one value (1 GB).
            SELECT g.chunk, b.n, b.club_id, b.resource_id, b.rendered AS before
              FROM (SELECT (c.position - 1) / 10000 AS chunk, array_agg(c.row_text ORDER BY c.position) AS resource_rows
                      FROM (SELECT x.o::text AS row_text, x.position
                              FROM (SELECT o, row_number() OVER () AS position FROM old_rows o) x
                              LEFT JOIN new_rows n ON n.club_id = (x.o).club_id AND n.id = (x.o).id
                             WHERE n IS DISTINCT FROM x.o) c
                     GROUP BY 1) g
             CROSS JOIN LATERAL cd_render_rows(touched_kind, g.resource_rows) WITH ORDINALITY AS b (club_id, resource_id, rendered, n)
            UNION ALL
            -- New keys, after them.
            SELECT NULL, NULL, n.club_id, n.id, NULL FROM new_rows n
             WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.club_id = n.club_id AND o.id = n.id)) t
    ON CONFLICT ON CONSTRAINT signal_pending_pkey DO UPDATE
      SET before = CASE WHEN EXCLUDED.before IS NOT NULL THEN
                     cd_merged_before(p.before, EXCLUDED.before,
                       (SELECT r.rendered FROM cd_render_resources(ARRAY[p.kind], ARRAY[p.club_id], ARRAY[p.resource_id]) r))
                   END
      WHERE p.touch_order > mark;
  END IF;
  GET DIAGNOSTICS touched = ROW_COUNT;
  IF opens_batch AND touched > 0 THEN
    PERFORM set_config('clubdata.signal_batch', pg_current_xact_id()::text, true);
  END IF;
  RETURN NULL;
END
$$;
