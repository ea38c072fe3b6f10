-- The club's programming from the templates of clubs.ts: events, one session per day with its
-- time slots and courts, tags, hosts and rosters. Every time is a window of the club's grid on
-- a club-local day, converted with the club's timezone, so business_date is the local date of
-- starts_at on either side of a DST change.

CREATE TEMP TABLE demo_tpl ON COMMIT DROP AS
SELECT e.ord::int AS ord, t.*
FROM demo_config,
     jsonb_array_elements(cfg -> 'events') WITH ORDINALITY AS e(j, ord),
     jsonb_to_record(e.j) AS t(key text, type text, title text, kind text, weekdays int[], week_offset int,
                               start_weekday int, days int, win int, wins int, slot_per_window boolean,
                               spaces text[], max int, privacy text, tags text[], fill_lo float8, fill_hi float8);
ANALYZE demo_tpl;

-- One row per (event, day). `each` templates make one event per day, named by the day's offset
-- from today; `series` and `block` templates make one event.
CREATE TEMP TABLE demo_ev_day ON COMMIT DROP AS
SELECT t.ord, CASE WHEN t.kind = 'each' THEN t.key || '@' || (x.d - c.today) ELSE t.key END AS ekey, x.d
FROM demo_tpl t
CROSS JOIN demo_club c
CROSS JOIN LATERAL (
  SELECT c.ev_from + k AS d
  FROM generate_series(0, c.ev_to - c.ev_from) AS k
  WHERE t.kind IN ('each', 'series') AND extract(isodow FROM c.ev_from + k)::int = ANY (t.weekdays)
  UNION ALL
  SELECT date_trunc('week', c.today::timestamp)::date + 7 * t.week_offset + t.start_weekday - 1 + k
  FROM generate_series(0, t.days - 1) AS k
  WHERE t.kind = 'block'
) AS x;
ANALYZE demo_ev_day;

CREATE TEMP TABLE demo_event ON COMMIT DROP AS
WITH ev AS MATERIALIZED (
  SELECT ekey, min(ord) AS ord, min(d) AS first_d FROM demo_ev_day GROUP BY ekey
), numbered AS MATERIALIZED (
  SELECT ev.*, row_number() OVER (ORDER BY first_d, ord, ekey) AS ev_no FROM ev
), described AS MATERIALIZED (
  SELECT n.ekey, n.ev_no, n.first_d, t.type, t.title, t.kind, t.win, t.wins, t.slot_per_window, t.spaces, t.max,
         coalesce(t.privacy, 'public') AS privacy, t.tags, t.fill_lo, t.fill_hi,
         c.club_id, c.t0,
         pg_temp.demo_id('evt', c.club_id, 'event', n.ekey) AS id,
         md5(c.club_id || ':event-a:' || n.ekey) AS h1,
         md5(c.club_id || ':event-b:' || n.ekey) AS h2,
         pg_temp.demo_at(n.first_d, c.first_win + t.win * c.win_len, c.tz) AS first_start
  FROM numbered n JOIN demo_tpl t USING (ord) CROSS JOIN demo_club c
), created AS MATERIALIZED (
  SELECT d.*,
         least(date_trunc('minute', first_start - (14 + 31 * pg_temp.demo_u(h1, 0)) * interval '1 day'),
               date_trunc('minute', t0 - (1 + 72 * pg_temp.demo_u(h1, 0)) * interval '1 hour')) AS created_at,
         -- Rosters draw from customers who joined at least 60 days before the first session.
         dd.active_max - CASE WHEN dd.active_max % 7919 = 0 THEN 1 ELSE 0 END AS pool_size
  FROM described d JOIN demo_day dd ON dd.d = d.first_d - 60
), sized AS MATERIALIZED (
  SELECT cr.*,
         least(cr.pool_size, greatest(1, round(cr.max * (cr.fill_lo + (cr.fill_hi - cr.fill_lo) * pg_temp.demo_u(h1, 3)))::int)) AS n_active
  FROM created AS cr
)
SELECT s.*,
       -- Some single-day events (clinics, open play, socials) were canceled before they began.
       CASE WHEN s.kind = 'each' AND s.ev_no % 13 = 6
            THEN pg_temp.demo_between(s.created_at, least(s.first_start, s.t0), 0.3 + 0.6 * pg_temp.demo_u(h1, 1)) END AS canceled_at,
       -- Every event has a host, one of the club's longest-standing customers.
       pg_temp.demo_id('cus', s.club_id, 'customer',
                       pg_temp.demo_active_idx(floor(pg_temp.demo_u(h1, 2) * least(s.pool_size, 150))::int)::text) AS host_id,
       least(s.pool_size - s.n_active, floor(pg_temp.demo_u(h2, 0) * (s.n_active * 0.15 + 1.2))::int) AS n_removed,
       ('x' || substr(h2, 9, 7))::bit(28)::int AS roster_seed
FROM sized AS s;
ANALYZE demo_event;

INSERT INTO events (club_id, id, event_type, title, open, privacy, max_participants, host_customer_id, created_at,
                    updated_at, canceled_at)
SELECT club_id, id, type, title, privacy = 'public' AND canceled_at IS NULL AND n_active < max, privacy, max, host_id,
       created_at, coalesce(canceled_at, created_at), canceled_at
FROM demo_event
ORDER BY ev_no;

INSERT INTO event_tags (club_id, event_id, tag_id, position)
SELECT e.club_id, e.id, pg_temp.demo_id('tag', e.club_id, 'tag', t.name), t.ord::int
FROM demo_event e, unnest(e.tags) WITH ORDINALITY AS t(name, ord);

INSERT INTO event_sessions (club_id, event_id, business_date, starts_at, ends_at)
SELECT c.club_id, e.id, d.d,
       pg_temp.demo_at(d.d, c.first_win + e.win * c.win_len, c.tz),
       pg_temp.demo_at(d.d, c.first_win + (e.win + e.wins) * c.win_len, c.tz)
FROM demo_ev_day d JOIN demo_event e USING (ekey) CROSS JOIN demo_club c
ORDER BY e.ev_no, d.d;

-- Time slots: one per session, or one per window for tournaments (a round each).
CREATE TEMP TABLE demo_ev_slot ON COMMIT DROP AS
SELECT e.id AS event_id, e.spaces, d.d,
       pg_temp.demo_id('ets', c.club_id, 'slot', e.ekey || ':' || (d.d - c.today) || ':' || k) AS id,
       e.win + CASE WHEN e.slot_per_window THEN k ELSE 0 END AS w_from,
       CASE WHEN e.slot_per_window THEN e.win + k + 1 ELSE e.win + e.wins END AS w_to,
       e.ev_no, k
FROM demo_ev_day d
JOIN demo_event e USING (ekey)
CROSS JOIN demo_club c
CROSS JOIN LATERAL generate_series(0, CASE WHEN e.slot_per_window THEN e.wins - 1 ELSE 0 END) AS k;
ANALYZE demo_ev_slot;

INSERT INTO event_time_slots (club_id, id, event_id, business_date, starts_at, ends_at)
SELECT c.club_id, s.id, s.event_id, s.d,
       pg_temp.demo_at(s.d, c.first_win + s.w_from * c.win_len, c.tz),
       pg_temp.demo_at(s.d, c.first_win + s.w_to * c.win_len, c.tz)
FROM demo_ev_slot s, demo_club c
ORDER BY s.ev_no, s.d, s.k;

INSERT INTO event_time_slot_spaces (club_id, time_slot_id, space_id)
SELECT c.club_id, s.id, sp.id
FROM demo_ev_slot s
CROSS JOIN demo_club c
CROSS JOIN LATERAL unnest(s.spaces) AS k(key)
JOIN demo_space sp ON sp.key = k.key;

INSERT INTO demo_busy (d, w, s_idx)
SELECT s.d, w, sp.idx
FROM demo_ev_slot s
CROSS JOIN LATERAL generate_series(s.w_from, s.w_to - 1) AS w
CROSS JOIN LATERAL unnest(s.spaces) AS k(key)
JOIN demo_space sp ON sp.key = k.key;

-- Rosters: distinct customers (stepping through the pool by a prime), the last few removed
-- before the event; those of events that have begun are mostly checked in, some no-shows.
INSERT INTO participants (club_id, id, event_id, customer_id, check_in_status, joined_at, removed_at, updated_at)
SELECT e.club_id, pg_temp.demo_id('par', e.club_id, 'participant', e.ekey || ':' || j), e.id,
       pg_temp.demo_id('cus', e.club_id, 'customer',
                       pg_temp.demo_active_idx(((e.roster_seed + j::bigint * 7919) % e.pool_size)::int)::text),
       r.status, r.joined_at, r.removed_at,
       CASE r.status WHEN 'checked_in' THEN r.checked_at
                     WHEN 'no_show' THEN date_trunc('minute', lps.at + interval '20 minutes')
                     ELSE coalesce(r.removed_at, r.joined_at) END
FROM demo_event e
CROSS JOIN LATERAL (
  SELECT max(s.starts_at) AS at FROM event_sessions s
  WHERE s.club_id = e.club_id AND s.event_id = e.id AND s.starts_at < e.t0
) AS lps
CROSS JOIN LATERAL generate_series(0, e.n_active + e.n_removed - 1) AS j
CROSS JOIN LATERAL (SELECT md5(e.club_id || ':participant:' || e.ekey || ':' || j) AS h) AS ph
CROSS JOIN LATERAL (
  SELECT q.*,
         CASE WHEN j >= e.n_active OR e.canceled_at IS NOT NULL OR lps.at IS NULL THEN 'not_checked_in'
              WHEN pg_temp.demo_u(ph.h, 2) < 0.85 THEN 'checked_in'
              WHEN pg_temp.demo_u(ph.h, 2) < 0.93 THEN 'no_show'
              ELSE 'not_checked_in' END AS status,
         CASE WHEN j >= e.n_active
              THEN pg_temp.demo_between(q.joined_at, least(e.first_start, e.t0) - interval '1 minute', pg_temp.demo_u(ph.h, 1)) END AS removed_at,
         date_trunc('milliseconds', lps.at - interval '10 minutes' + pg_temp.demo_u(ph.h, 3) * interval '20 minutes') AS checked_at
  FROM (SELECT pg_temp.demo_between(e.created_at, least(e.first_start, e.t0) - interval '1 hour', pg_temp.demo_u(ph.h, 0)) AS joined_at) AS q
) AS r
ORDER BY e.ev_no, j;
