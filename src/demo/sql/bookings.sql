-- One batch of bookings ($1..$2 by booking number, see booking-slots.sql). The booker joined
-- at least 15 days before the day, with long-standing customers booking more often.
INSERT INTO bookings (club_id, id, customer_id, title, business_date, starts_at, ends_at, open, privacy, party_size,
                      participant_count, max_participants, status, created_at, updated_at, canceled_at)
SELECT c.club_id, pg_temp.demo_id('bkg', c.club_id, 'booking', b.n::text),
       pg_temp.demo_id('cus', c.club_id, 'customer',
                       pg_temp.demo_active_idx(floor(dd.active_max * power(pg_temp.demo_u(h.h1, 2), 1.6))::int)::text),
       CASE WHEN pg_temp.demo_u(h.h1, 3) < 0.1 THEN pg_temp.demo_pick(c.booking_titles, pg_temp.demo_u(h.h3, 0)) END,
       b.d, t.starts_at, t.ends_at, p.open, CASE WHEN p.open THEN 'public' ELSE 'private' END,
       p.players, p.players, greatest(4, p.players),
       CASE WHEN x.canceled_at IS NULL THEN 'confirmed' ELSE 'canceled' END,
       x.created_at, coalesce(x.canceled_at, x.created_at), x.canceled_at
FROM demo_bcell b
CROSS JOIN demo_club c
JOIN demo_day dd ON dd.d = b.d - 15
CROSS JOIN LATERAL (
  SELECT md5(c.club_id || ':booking:' || b.n) AS h1,
         md5(c.club_id || ':booking-b:' || b.n) AS h2,
         md5(c.club_id || ':booking-c:' || b.n) AS h3
  OFFSET 0  -- evaluated once per row, not at every use
) AS h
CROSS JOIN LATERAL (
  SELECT pg_temp.demo_at(b.d, b.bk_from, c.tz) AS starts_at, pg_temp.demo_at(b.d, b.bk_to, c.tz) AS ends_at
  OFFSET 0
) AS t
CROSS JOIN LATERAL (
  -- One in ten is open for others to join (1-3 players so far); the rest are singles or doubles.
  SELECT pg_temp.demo_u(h.h2, 0) < 0.1 AS open,
         CASE WHEN pg_temp.demo_u(h.h2, 0) < 0.1 THEN 1 + floor(3 * pg_temp.demo_u(h.h2, 1))::int
              ELSE (ARRAY[2, 2, 2, 2, 4, 4, 4, 4, 1, 3])[1 + floor(10 * pg_temp.demo_u(h.h2, 1))::int] END AS players
  OFFSET 0
) AS p
CROSS JOIN LATERAL (
  SELECT q.created_at,
         -- 8% were canceled, after they were made and before they began.
         CASE WHEN pg_temp.demo_u(h.h2, 2) < 0.08
              THEN pg_temp.demo_between(q.created_at, least(t.starts_at, c.t0), 0.1 + 0.8 * pg_temp.demo_u(h.h3, 2)) END AS canceled_at
  FROM (SELECT least(date_trunc('milliseconds', t.starts_at - interval '1 hour' - pg_temp.demo_u(h.h2, 3) * interval '13 days'),
                     date_trunc('milliseconds', c.t0 - interval '1 minute' - pg_temp.demo_u(h.h3, 1) * interval '10 hours')) AS created_at
        OFFSET 0) AS q
  OFFSET 0
) AS x
WHERE b.main AND b.n BETWEEN $1 AND $2
ORDER BY b.n
