-- Where the bookings go, step two (step one: booking-slots.sql).
-- One row per court a booking takes: r <= k are the bookings' own courts, r > k the second
-- courts of the first m bookings. Times are minutes of the club-local day.
CREATE TEMP TABLE demo_bcell ON COMMIT DROP AS
WITH cells AS MATERIALIZED (
  SELECT s.cum_start + CASE WHEN x.r <= s.k THEN x.r ELSE x.r - s.k END AS n,
         x.r <= s.k AS main, s.m > 0 AND (x.r = 1 OR x.r > s.k) AS paired,
         s.d, s.w, x.space_id
  FROM demo_bslot s
  CROSS JOIN LATERAL (
    SELECT sp.id AS space_id, row_number() OVER (ORDER BY md5(s.h || ':' || sp.idx)) AS r
    FROM demo_space sp
    WHERE sp.bookable AND sp.idx <> ALL (s.busy)
  ) AS x
  WHERE s.k > 0 AND x.r <= s.k + s.m
), timed AS MATERIALIZED (
  SELECT cells.*, c.first_win + cells.w * c.win_len AS ws, c.win_len AS len,
         pg_temp.demo_u(md5(c.club_id || ':booking:' || cells.n), 0) AS u_len,
         pg_temp.demo_u(md5(c.club_id || ':booking:' || cells.n), 1) AS u_split
  FROM cells CROSS JOIN demo_club c
)
SELECT n, main, d, w, space_id,
       -- The booking: a whole window, or (90-minute windows) an hour at its start or end.
       ws + CASE WHEN NOT paired AND len >= 90 AND u_len >= 0.8 THEN len - 60 ELSE 0 END AS bk_from,
       ws + CASE WHEN NOT paired AND len >= 90 AND u_len >= 0.6 AND u_len < 0.8 THEN 60 ELSE len END AS bk_to,
       -- Its court: the same, except that half of the two-court bookings move courts for the
       -- last half hour.
       ws + CASE WHEN paired AND len >= 90 AND u_split < 0.5 AND NOT main THEN len - 30
                 WHEN NOT paired AND len >= 90 AND u_len >= 0.8 THEN len - 60
                 ELSE 0 END AS cell_from,
       ws + CASE WHEN paired AND len >= 90 AND u_split < 0.5 AND main THEN len - 30
                 WHEN NOT paired AND len >= 90 AND u_len >= 0.6 AND u_len < 0.8 THEN 60
                 ELSE len END AS cell_to
FROM timed;
CREATE INDEX ON demo_bcell (n);
ANALYZE demo_bcell;
