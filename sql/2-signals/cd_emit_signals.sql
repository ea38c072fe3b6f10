-- The signals of a batch: every resource the transaction touched since its last emit, in one
-- set-based pass. Each resource is rendered again with its endpoint's own cd_render_* (through
-- cd_render_resource, the one mapping from kind to renderer, which the first touch uses too),
-- compared with the rendering kept at its first touch (cd_changed_attributes), and given its
-- type (cd_signal_type), or nothing when nothing visible changed.
--
-- Numbering: one upsert per club takes a block of sequences and keeps the club's counter row
-- locked until commit, so sequences follow commit order with no gaps (the relay relies on
-- both); within the batch they follow the order of first touches. Clubs are locked in id order,
-- so two transactions writing to the same clubs never wait on each other in a cycle. `created`
-- is read once the club's lock is held, so it never goes back in time as sequences go up.
--
-- Why one pass: a trigger firing and a signals insert per resource cost about 140 us a signal
-- in one statement inserting 10,000 bookings (docs/benchmarks.md, "Writer cost"). work_mem lets
-- a batch of 10,000 sort in memory; JIT compiled this statement for longer than it ran. The
-- batch is found through signal_pending's primary key, never by scanning the table, which
-- grows with dead rows between vacuums (see cd_signal_touch).
CREATE OR REPLACE FUNCTION cd_emit_signals(tx xid8) RETURNS void
LANGUAGE plpgsql
SET jit = off
SET work_mem = '64MB'
SET enable_seqscan = off
AS $$
DECLARE
  clubs_notified bigint;
BEGIN
  -- Each MATERIALIZED step is computed once per row; inlined, the planner would copy the
  -- rendering into every expression that uses it.
  WITH touched AS (
    DELETE FROM signal_pending p WHERE p.txid = tx
    RETURNING p.touch_order, p.kind, p.club_id, p.resource_id, p.before
  ), rendered AS MATERIALIZED (
    SELECT t.*, cd_render_resource(t.kind, t.club_id, t.resource_id) AS after
      FROM touched t
     -- Legacy-billing clubs emit no subscription.* signal at all.
     WHERE t.kind <> 'subscription'
        OR NOT EXISTS (SELECT 1 FROM clubs c WHERE c.club_id = t.club_id AND c.billing_model = 'legacy')
  ), compared AS MATERIALIZED (
    SELECT r.*, CASE WHEN r.before IS NOT NULL AND r.after IS NOT NULL
                  THEN cd_changed_attributes(r.before, r.after, cd_signal_derived_attributes(r.kind)) END AS changed
      FROM rendered r
  ), typed AS MATERIALIZED (
    SELECT c.*, cd_signal_type(c.kind, c.before, c.after, c.changed) AS signal_type FROM compared c
  ), per_club AS (
    -- seen: the club's last signal in this statement's snapshot (one probe of the primary key
    -- per club). Read from signals, which only grow, rather than from the counter row, which
    -- every commit of the club updates: between vacuums that row's dead versions made each
    -- read of it cost as much as the rest of a one-signal pass.
    SELECT t.club_id, count(*) AS signals,
           coalesce((SELECT max(s.sequence) FROM signals s WHERE s.club_id = t.club_id), 0) AS seen
      FROM typed t WHERE t.signal_type IS NOT NULL GROUP BY t.club_id
  ), counted AS (
    INSERT INTO signal_sequences AS s (club_id, last_sequence)
    SELECT p.club_id, p.signals FROM per_club p ORDER BY p.club_id
    ON CONFLICT (club_id) DO UPDATE SET last_sequence = s.last_sequence + EXCLUDED.last_sequence
    -- Stored at the precision it is shown with, so an inclusive bound equal to `created` matches.
    RETURNING s.club_id, s.last_sequence, date_trunc('milliseconds', clock_timestamp()) AS emitted_at
  ), numbered AS (
    SELECT t.club_id, t.signal_type, t.resource_id, c.emitted_at,
           -- history_seen: this statement's snapshot holds every signal of the club committed
           -- before the counter was locked: the last one it shows is the one just before this
           -- batch's block. Otherwise another transaction committed signals while this one
           -- waited for the counter, and one about a resource of this batch may be among them
           -- (or retention removed the club's last signal: then the check is merely cautious).
           c.last_sequence - p.signals = p.seen AS history_seen,
           -- A deleted resource is described as it last was.
           coalesce(t.after, t.before) AS object, t.changed,
           c.last_sequence - count(*) OVER per_club + row_number() OVER (per_club ORDER BY t.touch_order) AS sequence
      FROM typed t JOIN counted c ON c.club_id = t.club_id JOIN per_club p ON p.club_id = t.club_id
     WHERE t.signal_type IS NOT NULL
    WINDOW per_club AS (PARTITION BY t.club_id)
  ), unseen AS (
    -- The previous signals this statement's snapshot may miss, read afresh: only for the clubs
    -- where another transaction committed while this one waited for the counter, and only once
    -- every club's counter is locked (identified has read all of counted before it asks).
    SELECT e.club, e.resource, e.previous
      FROM (SELECT array_agg(t.club_id) AS clubs, array_agg(t.resource_id) AS resources,
                   array_agg(c.last_sequence - p.signals + 1) AS block_starts
              FROM typed t JOIN counted c ON c.club_id = t.club_id JOIN per_club p ON p.club_id = t.club_id
             WHERE t.signal_type IS NOT NULL AND c.last_sequence - p.signals <> p.seen) f
     CROSS JOIN LATERAL cd_signal_previous_sequences(f.clubs, f.resources, f.block_starts) e
  ), identified AS (
    -- cd_signal_id is volatile, so this step is computed once and its id is the one in the body.
    -- previous_sequence: a resource's earlier signal in this batch (two kinds sharing an id are
    -- one resource to a receiver, who knows it by data.object.id), else its last one before.
    SELECT n.*, cd_signal_id(n.sequence) AS signal_id,
           coalesce(lag(n.sequence) OVER (PARTITION BY n.club_id, n.resource_id ORDER BY n.sequence),
             CASE WHEN n.history_seen THEN
               -- One probe of signals_resource_idx, backwards.
               (SELECT s.sequence FROM signals s
                 WHERE s.club_id = n.club_id AND s.resource_id = n.resource_id AND s.sequence < n.sequence
                 ORDER BY s.sequence DESC LIMIT 1)
             ELSE (SELECT u.previous FROM unseen u WHERE u.club = n.club_id AND u.resource = n.resource_id LIMIT 1)
             END) AS previous_sequence
      FROM numbered n
  ), stored AS (
    INSERT INTO signals (club_id, sequence, id, type, scope, resource_id, previous_sequence, created_at, body)
    SELECT n.club_id, n.sequence, n.signal_id, n.signal_type, cd_signal_scope(n.signal_type), n.resource_id, n.previous_sequence,
           n.emitted_at,
           CASE WHEN n.signal_type LIKE '%.updated' THEN
             json_build_object('id', n.signal_id, 'object', 'signal', 'type', n.signal_type, 'created', cd_utc(n.emitted_at),
               'sequence', n.sequence, 'previous_sequence', n.previous_sequence, 'api_version', 'v1',
               'data', json_build_object('object', n.object), 'previous_attributes', coalesce(n.changed, '{}'::json))
           ELSE
             json_build_object('id', n.signal_id, 'object', 'signal', 'type', n.signal_type, 'created', cd_utc(n.emitted_at),
               'sequence', n.sequence, 'previous_sequence', n.previous_sequence, 'api_version', 'v1',
               'data', json_build_object('object', n.object))
           END::text
      FROM identified n
  )
  -- One wake-up per club and batch, naming the club's last sequence; delivered at commit.
  SELECT count(pg_notify('clubdata_signals', c.club_id || ':' || c.last_sequence)) INTO clubs_notified FROM counted c;
END
$$;
