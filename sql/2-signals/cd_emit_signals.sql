-- The signals of a batch: every resource the transaction touched since its last emit, in one
-- set-based pass. Each resource is rendered again with its endpoint's own cd_render_* (through
-- cd_render_resources, the one mapping from kind to renderer, which the first touch uses too),
-- compared with the rendering kept at its first touch (cd_changed_attributes), and given its
-- type (cd_signal_type), or nothing when nothing visible changed.
--
-- Numbering: one upsert per club takes a block of sequences and keeps the club's counter row
-- locked until commit, so sequences follow commit order with no gaps (the relay relies on
-- both); within the batch they follow the order of first touches. Clubs are locked in id order,
-- so two transactions writing to the same clubs never wait on each other in a cycle. `created`
-- is read once the club's lock is held, so it never goes back in time as sequences go up.
--
-- A club whose counter moved while this statement waited for it: another transaction of the
-- club committed signals after this statement's snapshot was taken, and they take the sequences
-- just below this batch's, so what this batch shows must include what that transaction
-- committed. For those clubs alone, once every counter is held, the resources are rendered again
-- with a fresh snapshot (cd_render_resources_afresh), then compared and typed again; their
-- previous signals are read afresh too (cd_signal_previous_sequences). Which resources have a
-- signal, and so the size of the block, was decided from the first rendering: a resource whose
-- first rendering showed no change has none (what the other transaction changed in it came
-- through a row it embeds, and that row's own resource has the signal); a signal whose change
-- the fresh rendering no longer shows (the other transaction would have to undo all this one
-- changed, through rows this one did not lock) keeps its type, with nothing in
-- previous_attributes, rather than leave a gap in the sequences. On the common path (the
-- snapshot holds every signal numbered below the block) neither function is called: the only
-- addition is one check per club (late).
--
-- Why one pass: a trigger firing and a signals insert per resource cost about 140 us a signal
-- in one statement inserting 10,000 bookings (docs/benchmarks.md, "Writer cost"). work_mem lets
-- a batch of 10,000 sort in memory; JIT compiled this statement for longer than it ran. Its plan
-- is generic, made once per session: planned for each commit (PL/pgSQL's custom plans, kept
-- when the generic one looks dearer), this statement with its inlined renderers, comparison
-- and rules took 2.7 ms of a one-row transaction's 3.4. The batch is found through
-- signal_pending's primary key, never by scanning the table, which grows with dead rows between
-- vacuums (see cd_signal_touch).
CREATE OR REPLACE FUNCTION cd_emit_signals(tx xid8) RETURNS void
LANGUAGE plpgsql
SET jit = off
SET work_mem = '64MB'
SET enable_seqscan = off
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  clubs_notified bigint;
BEGIN
  -- The next touch in this transaction, if any, opens a new batch (cd_signal_touch).
  PERFORM set_config('clubdata.signal_batch', '', true);
  -- Each MATERIALIZED step is computed once per row; inlined, the planner would copy the
  -- rendering into every expression that uses it.
  WITH touched AS (
    DELETE FROM signal_pending p WHERE p.txid = tx
    RETURNING p.touch_order, p.kind, p.club_id, p.resource_id, p.before
  ), kept AS MATERIALIZED (
    SELECT t.*, row_number() OVER (ORDER BY t.touch_order) AS n
      FROM touched t
     -- Legacy-billing clubs emit no subscription.* signal at all.
     WHERE t.kind <> 'subscription'
        OR NOT EXISTS (SELECT 1 FROM clubs c WHERE c.club_id = t.club_id AND c.billing_model = 'legacy')
  ), rendered AS MATERIALIZED (
    -- Every resource of the batch rendered by one inlined plan, matched back by position.
    SELECT t.touch_order, t.kind, t.club_id, t.resource_id, t.before, r.rendered AS after
      FROM kept t
      LEFT JOIN (SELECT r.n, r.rendered
                   FROM (SELECT array_agg(k.kind ORDER BY k.n) AS kinds, array_agg(k.club_id ORDER BY k.n) AS clubs,
                                array_agg(k.resource_id ORDER BY k.n) AS resources
                           FROM kept k) a
                  CROSS JOIN LATERAL cd_render_resources(a.kinds, a.clubs, a.resources) r) r ON r.n = t.n
  ), compared AS MATERIALIZED (
    SELECT r.*, CASE WHEN r.before IS NOT NULL AND r.after IS NOT NULL
                  THEN (SELECT ch FROM cd_changed_attributes(r.before, r.after, cd_signal_derived_attributes(r.kind)) ch) END AS changed
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
  ), late AS (
    -- The batch's signals in the clubs where another transaction committed signals while this
    -- one waited for the counter: history_seen (below) is false for them. Gathered once every
    -- club's counter is locked (the aggregate reads all of counted before it answers). The
    -- EXISTS, over the clubs alone, is checked once before any resource is read: on the common
    -- path this step reads none and gives NULL arrays, and the functions below are not called.
    SELECT array_agg(t.kind) AS kinds, array_agg(t.club_id) AS clubs, array_agg(t.resource_id) AS resources,
           array_agg(t.before) AS befores, array_agg(c.last_sequence - p.signals + 1) AS block_starts
      FROM typed t JOIN counted c ON c.club_id = t.club_id JOIN per_club p ON p.club_id = t.club_id
     WHERE t.signal_type IS NOT NULL AND c.last_sequence - p.signals <> p.seen
       AND EXISTS (SELECT 1 FROM counted lc JOIN per_club lp ON lp.club_id = lc.club_id
                    WHERE lc.last_sequence - lp.signals <> lp.seen)
  ), compared_afresh AS MATERIALIZED (
    -- Their renderings with a snapshot in which that transaction has committed, compared with
    -- the one kept at the first touch ...
    SELECT u.kind, u.club_id, u.resource_id, u.before, u.after,
           CASE WHEN u.before IS NOT NULL AND u.after IS NOT NULL
             THEN (SELECT ch FROM cd_changed_attributes(u.before, u.after, cd_signal_derived_attributes(u.kind)) ch) END AS changed
      FROM late l
     CROSS JOIN LATERAL unnest(l.kinds, l.clubs, l.resources, l.befores, cd_render_resources_afresh(l.kinds, l.clubs, l.resources))
           AS u (kind, club_id, resource_id, before, after)
  ), afresh AS MATERIALIZED (
    -- ... and typed again.
    SELECT c.*, cd_signal_type(c.kind, c.before, c.after, c.changed) AS signal_type FROM compared_afresh c
  ), numbered AS (
    SELECT t.club_id, t.resource_id, c.emitted_at,
           -- What a webhook_endpoint.recovered signal needs of the endpoint as it was (the
           -- start of its outage), rather than every resource's whole earlier rendering carried
           -- through the window functions below.
           CASE WHEN t.kind = 'webhook_endpoint' THEN (t.before -> 'health' ->> 'failing_since')::timestamptz END AS failing_since_before,
           -- The fresh rendering where there is one (a.kind is set).
           CASE WHEN a.kind IS NULL THEN t.signal_type ELSE coalesce(a.signal_type, t.signal_type) END AS signal_type,
           -- history_seen: this statement's snapshot holds every signal of the club committed
           -- before the counter was locked: the last one it shows is the one just before this
           -- batch's block. Otherwise another transaction committed signals while this one
           -- waited for the counter, and one about a resource of this batch may be among them
           -- (or retention removed the club's last signal: then the check is merely cautious).
           c.last_sequence - p.signals = p.seen AS history_seen,
           -- A deleted resource is described as it last was.
           coalesce(CASE WHEN a.kind IS NULL THEN t.after ELSE a.after END, t.before) AS object,
           CASE WHEN a.kind IS NULL THEN t.changed ELSE a.changed END AS changed,
           c.last_sequence - count(*) OVER per_club + row_number() OVER (per_club ORDER BY t.touch_order) AS sequence
      FROM typed t JOIN counted c ON c.club_id = t.club_id JOIN per_club p ON p.club_id = t.club_id
      LEFT JOIN afresh a ON a.kind = t.kind AND a.club_id = t.club_id AND a.resource_id = t.resource_id
     WHERE t.signal_type IS NOT NULL
    WINDOW per_club AS (PARTITION BY t.club_id)
  ), unseen AS (
    -- The previous signals this statement's snapshot may miss, read afresh for the same clubs.
    SELECT e.club, e.resource, e.previous
      FROM late l CROSS JOIN LATERAL cd_signal_previous_sequences(l.clubs, l.resources, l.block_starts) e
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
           WHEN n.signal_type = 'webhook_endpoint.recovered' THEN
             -- What the outage cost and how to make up for it, from the endpoint as it was.
             json_build_object('id', n.signal_id, 'object', 'signal', 'type', n.signal_type, 'created', cd_utc(n.emitted_at),
               'sequence', n.sequence, 'previous_sequence', n.previous_sequence, 'api_version', 'v1',
               'data', json_build_object('object', n.object,
                 'outage', cd_endpoint_outage(n.club_id, n.resource_id, n.failing_since_before,
                                              (n.object -> 'health' ->> 'last_success_at')::timestamptz, n.emitted_at)))
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
