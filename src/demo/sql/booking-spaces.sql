-- The courts (and times on each) of one batch of bookings ($1..$2 by booking number).
INSERT INTO booking_spaces (club_id, booking_id, space_id, starts_at, ends_at)
SELECT c.club_id, pg_temp.demo_id('bkg', c.club_id, 'booking', b.n::text), b.space_id,
       pg_temp.demo_at(b.d, b.cell_from, c.tz), pg_temp.demo_at(b.d, b.cell_to, c.tz)
FROM demo_bcell b CROSS JOIN demo_club c
WHERE b.n BETWEEN $1 AND $2
ORDER BY b.n, b.main DESC
