-- Where the bookings go, step one (step two: booking-cells.sql). Each (day, window) of the grid
-- books a share of its free courts (by time of day, weekday, and fewer the further ahead),
-- chosen by hash; one booking in a few also takes a second court. Bookings are numbered from
-- the last day backwards, so an exact target (the large club) simply stops filling at some day
-- in the past.

ANALYZE demo_busy;

CREATE TEMP TABLE demo_bslot ON COMMIT DROP AS
WITH bookable AS MATERIALIZED (
  SELECT count(*)::int AS n FROM demo_space WHERE bookable
), busy AS MATERIALIZED (
  SELECT b.d, b.w, array_agg(DISTINCT b.s_idx) AS idxs
  FROM demo_busy b JOIN demo_space s ON s.idx = b.s_idx AND s.bookable
  GROUP BY b.d, b.w
), grid AS MATERIALIZED (
  SELECT c.bk_to - k AS d, w, c.first_win + w * c.win_len AS minute, c.today, c.days_ahead, c.booking_fill,
         md5(c.club_id || ':slot:' || (c.bk_to - k - c.today) || ':' || w) AS h
  FROM demo_club c, generate_series(0, c.bk_to - c.bk_from) AS k, generate_series(0, c.win_count - 1) AS w
), sized AS MATERIALIZED (
  SELECT g.d, g.w, g.h, coalesce(b.idxs, '{}') AS busy,
         bk.n - coalesce(cardinality(b.idxs), 0) AS avail,
         g.booking_fill
           * CASE WHEN extract(isodow FROM g.d) >= 6
                  THEN CASE WHEN g.minute < 480 THEN 0.5 WHEN g.minute < 840 THEN 1.25 WHEN g.minute < 1140 THEN 0.9 ELSE 0.6 END
                  ELSE CASE WHEN g.minute < 540 THEN 0.85 WHEN g.minute < 960 THEN 0.55 WHEN g.minute < 1260 THEN 1.3 ELSE 0.7 END
             END
           * CASE WHEN g.d > g.today THEN 1 - 0.75 * (g.d - g.today)::float8 / (g.days_ahead + 1) ELSE 1 END
           * (0.75 + 0.5 * pg_temp.demo_u(g.h, 0)) AS fill
  FROM grid g CROSS JOIN bookable bk LEFT JOIN busy b USING (d, w)
), counted AS MATERIALIZED (
  SELECT s.*, greatest(0, least(s.avail, floor(s.avail * s.fill + pg_temp.demo_u(s.h, 1))::int)) AS k0
  FROM sized AS s
), numbered AS MATERIALIZED (
  SELECT n.*,
         CASE WHEN n.k0 >= 1 AND n.k0 < n.avail AND pg_temp.demo_u(n.h, 2) < 0.08 THEN 1 ELSE 0 END AS m0,
         sum(n.k0) OVER (ORDER BY n.d DESC, n.w ROWS UNBOUNDED PRECEDING) - n.k0 AS cum_start
  FROM counted AS n
)
SELECT n.d, n.w, n.h, n.busy, n.avail, n.cum_start,
       CASE WHEN c.bookings IS NULL THEN n.k0 ELSE least(n.k0, c.bookings - n.cum_start)::int END AS k,
       CASE WHEN c.bookings IS NULL OR n.k0 <= c.bookings - n.cum_start THEN n.m0 ELSE 0 END AS m
FROM numbered n CROSS JOIN demo_club c
WHERE c.bookings IS NULL OR n.cum_start < c.bookings;
ANALYZE demo_bslot;
