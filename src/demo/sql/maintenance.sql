-- Courts taken out of service (clubs.ts). A block that would overlap an event on the same
-- court is left out, so the demo never double-books; bookings then avoid the blocks.
CREATE TEMP TABLE demo_mnt ON COMMIT DROP AS
SELECT mm.ord::int AS ord, k, c.today + m.day_offset + k AS d, sp.idx AS s_idx, sp.id AS space_id,
       m.from_window, m.to_window, m.reason
FROM demo_club c
CROSS JOIN demo_config
CROSS JOIN LATERAL jsonb_array_elements(cfg -> 'maintenance') WITH ORDINALITY AS mm(j, ord)
CROSS JOIN LATERAL jsonb_to_record(mm.j) AS m(day_offset int, days int, space text, from_window int, to_window int, reason text)
CROSS JOIN LATERAL generate_series(0, coalesce(m.days, 1) - 1) AS k
JOIN demo_space sp ON sp.key = m.space
WHERE NOT EXISTS (
  SELECT 1 FROM demo_busy b
  WHERE b.d = c.today + m.day_offset + k AND b.s_idx = sp.idx AND b.w >= m.from_window AND b.w < m.to_window
);
ANALYZE demo_mnt;

INSERT INTO maintenance_blocks (club_id, id, space_id, starts_at, ends_at, reason)
SELECT c.club_id, pg_temp.demo_id('mnt', c.club_id, 'maintenance', m.ord || ':' || m.k), m.space_id,
       pg_temp.demo_at(m.d, c.first_win + m.from_window * c.win_len, c.tz),
       pg_temp.demo_at(m.d, c.first_win + m.to_window * c.win_len, c.tz),
       m.reason
FROM demo_mnt m, demo_club c
ORDER BY m.ord, m.k;

INSERT INTO demo_busy (d, w, s_idx)
SELECT m.d, w, m.s_idx FROM demo_mnt m CROSS JOIN LATERAL generate_series(m.from_window, m.to_window - 1) AS w;
