-- Demo seed, step 1 of each club's transaction: settings, helper functions and the club's plan
-- as temp tables. seed.ts has already put the club definition (clubs.ts, as JSON) and the
-- instant called "now" into demo_config. Every later step reads only these tables, so the same
-- definition and the same club-local day give the same rows.

-- Interval arithmetic (+ '1 day', + '1 month') and date::text follow the session settings:
-- pin them so that the result never depends on the server's configuration.
SET LOCAL TimeZone = 'UTC';
SET LOCAL DateStyle = 'ISO, YMD';
-- Historic data, not live changes: the signal triggers stand down (cd_signals_enabled, sql/2-signals/).
SET LOCAL clubdata.signals = 'off';
SET LOCAL synchronous_commit = off;
SET LOCAL work_mem = '128MB';
-- Temp tables have no statistics until analyzed, so the planner overestimates and JIT would
-- spend seconds compiling each statement of a small club.
SET LOCAL jit = off;

-- A uniform number in [0, 1) from the k-th (0..3) 32-bit slice of an md5 hex digest: one md5
-- of "club:kind:row number" gives four independent choices for that row.
CREATE OR REPLACE FUNCTION pg_temp.demo_u(h text, k int) RETURNS float8
LANGUAGE sql IMMUTABLE
AS $$ SELECT (('x' || substr(h, 1 + 8 * k, 8))::bit(32)::bigint)::float8 / 4294967296::float8 $$;

CREATE OR REPLACE FUNCTION pg_temp.demo_pick(items text[], u float8) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$ SELECT items[1 + floor(u * cardinality(items))::int] $$;

-- Ids look like cd_new_id's (prefix + 24 hex) but come from the row's identity, not chance.
CREATE OR REPLACE FUNCTION pg_temp.demo_id(prefix text, club text, kind text, n text) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$ SELECT prefix || '_' || substr(md5(club || ':' || kind || ':' || n), 1, 24) $$;

-- A club-local wall time on a club-local day, as an instant: DST is the zone database's job.
CREATE OR REPLACE FUNCTION pg_temp.demo_at(d date, minutes int, tz text) RETURNS timestamptz
LANGUAGE sql STABLE
AS $$ SELECT (d + make_interval(mins => minutes)) AT TIME ZONE tz $$;

-- A point between two instants (u in [0, 1]), to the millisecond like every API timestamp.
CREATE OR REPLACE FUNCTION pg_temp.demo_between(a timestamptz, b timestamptz, u float8) RETURNS timestamptz
LANGUAGE sql STABLE
AS $$ SELECT date_trunc('milliseconds', a + (b - a) * u) $$;

-- Customer number i is archived when i % 20 = 7. Rosters, bookings and orders choose among the
-- others by their rank r (0-based) in that sequence: 1..6, 8..20, 21..26, 28..40, ...
CREATE OR REPLACE FUNCTION pg_temp.demo_active_idx(r int) RETURNS int
LANGUAGE sql IMMUTABLE
AS $$ SELECT (r / 19) * 20 + (r % 19) + CASE WHEN r % 19 < 6 THEN 1 ELSE 2 END $$;

-- How many of customers 1..i are not archived.
CREATE OR REPLACE FUNCTION pg_temp.demo_active_count(i int) RETURNS int
LANGUAGE sql IMMUTABLE
AS $$ SELECT i - CASE WHEN i >= 7 THEN (i - 7) / 20 + 1 ELSE 0 END $$;

CREATE TEMP TABLE demo_club ON COMMIT DROP AS
SELECT x.*,
       pg_temp.demo_at(x.base_date - 30, 9 * 60, x.tz) AS opened_at,
       x.today - x.days_back AS ev_from,
       x.today + x.days_ahead AS ev_to,
       -- Without a target the bookings fill the same weeks as the events; with one they reach
       -- back as far as needed (but never to before the first customers could book).
       CASE WHEN x.bookings IS NULL THEN x.today - x.days_back ELSE x.base_date + 20 END AS bk_from,
       x.today + x.days_ahead AS bk_to,
       CASE WHEN x.waiver_current_days_ago IS NOT NULL
            THEN pg_temp.demo_at(x.today - x.waiver_current_days_ago, 9 * 60, x.tz) END AS waiver_release
FROM (
  SELECT cfg ->> 'id' AS club_id,
         cfg ->> 'name' AS name,
         cfg ->> 'timezone' AS tz,
         cfg ->> 'billing_model' AS billing_model,
         cfg ->> 'currency' AS currency,
         local_today AS today,
         local_today::timestamp AT TIME ZONE (cfg ->> 'timezone') AS t0,
         local_today - (cfg ->> 'customer_span_days')::int AS base_date,
         (cfg ->> 'customer_span_days')::int AS span_days,
         (cfg ->> 'customers')::int AS customers,
         greatest(1, (cfg ->> 'customers')::int / 20) AS c0,
         (cfg ->> 'bookings')::bigint AS bookings,
         (cfg ->> 'days_back')::int AS days_back,
         (cfg ->> 'days_ahead')::int AS days_ahead,
         (cfg ->> 'booking_fill')::float8 AS booking_fill,
         (cfg ->> 'orders')::int AS orders,
         (cfg ->> 'first_window')::int AS first_win,
         (cfg ->> 'window_minutes')::int AS win_len,
         (cfg ->> 'window_count')::int AS win_count,
         (cfg ->> 'waiver_version_required')::int AS waiver_required,
         make_interval(days => (cfg ->> 'waiver_validity_days')::int) AS waiver_validity,
         (cfg ->> 'waiver_current_days_ago')::int AS waiver_current_days_ago,
         jsonb_array_length(cfg -> 'first_names') AS first_count,
         jsonb_array_length(cfg -> 'last_names') AS last_count,
         (cfg ->> 'surnames')::int = 2 AS two_surnames,
         ARRAY(SELECT jsonb_array_elements_text(cfg -> 'email_domains')) AS email_domains,
         cfg ->> 'phone_style' AS phone_style,
         ARRAY(SELECT jsonb_array_elements_text(cfg -> 'phone_areas')) AS phone_areas,
         ARRAY(SELECT jsonb_array_elements_text(cfg -> 'booking_titles')) AS booking_titles,
         jsonb_array_length(cfg -> 'items') AS item_count
  FROM (SELECT cfg, (now_at AT TIME ZONE (cfg ->> 'timezone'))::date AS local_today FROM demo_config) AS c
) AS x;

-- Name lists, by position (1-based), with the forms e-mail addresses use: no accents, letters
-- only. A table rather than arrays in demo_club: a large array there is TOASTed, and every
-- subscript would decompress it again.
CREATE TEMP TABLE demo_name ON COMMIT DROP AS
SELECT l.list, x.ord::int AS idx, x.name,
       regexp_replace(lower(translate(x.name, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun')), '[^a-z]', '', 'g') AS ascii
FROM demo_config,
     (VALUES ('first', 'first_names'), ('last', 'last_names')) AS l(list, field),
     jsonb_array_elements_text(cfg -> l.field) WITH ORDINALITY AS x(name, ord);
ALTER TABLE demo_name ADD PRIMARY KEY (list, idx);

-- Customers join in order of their number: the first 5% on the day the club opened
-- (base_date), the rest evenly until yesterday. cust_max: the highest customer number that
-- joined strictly before day d, so whoever acts on day d is chosen below it.
CREATE TEMP TABLE demo_day ON COMMIT DROP AS
SELECT d, cust_max, pg_temp.demo_active_count(cust_max) AS active_max
FROM (
  SELECT c.base_date + k AS d,
         CASE WHEN k <= 0 THEN 0
              ELSE least(c.customers, c.c0 + ((k::bigint * (c.customers - c.c0) - 1) / c.span_days)::int + 1)
         END AS cust_max
  FROM demo_club c, generate_series(-120, c.span_days + c.days_ahead + 2) AS k
) AS x;
ALTER TABLE demo_day ADD PRIMARY KEY (d);

-- The courts in display order; idx is the position on the booking grid.
CREATE TEMP TABLE demo_space ON COMMIT DROP AS
SELECT (row_number() OVER (ORDER BY cat.ord, sp.ord) - 1)::int AS idx,
       sp.j ->> 'key' AS key,
       sp.j ->> 'name' AS name,
       coalesce(sp.j ->> 'visibility', 'public') AS visibility,
       coalesce(sp.j ->> 'visibility', 'public') <> 'hidden' AS bookable,
       cat.j ->> 'name' AS category_name,
       pg_temp.demo_id('spc', c.club_id, 'category', cat.j ->> 'key') AS category_id,
       pg_temp.demo_id('spa', c.club_id, 'space', sp.j ->> 'key') AS id
FROM demo_club c, demo_config,
     jsonb_array_elements(cfg -> 'categories') WITH ORDINALITY AS cat(j, ord),
     jsonb_array_elements(cat.j -> 'spaces') WITH ORDINALITY AS sp(j, ord);

-- Grid cells (day, window, court) that events and maintenance take; bookings get the rest.
CREATE TEMP TABLE demo_busy (d date NOT NULL, w int NOT NULL, s_idx int NOT NULL) ON COMMIT DROP;

-- Temp tables get no statistics by themselves; without them the planner guesses 1 or 1000 rows
-- and can pick nested loops that rerun a large side once per row of a small one.
ANALYZE demo_club;
ANALYZE demo_name;
ANALYZE demo_day;
ANALYZE demo_space;
