-- Signed waivers. Most customers sign when they join; when that signature has expired (older
-- than clubs.waiver_validity) or is of a version below clubs.waiver_version_required, two in
-- three active customers sign again. Staff invalidated a few signatures (invalidated_at).
-- Statuses at read time therefore cover valid, invalidated (flag or old version) and expired.
WITH w AS MATERIALIZED (
  SELECT x.i, x.id AS customer_id, x.fb, x.archived_at, c.t0, c.waiver_validity, c.waiver_required,
         c.waiver_release,
         md5(c.club_id || ':waiver-a:' || x.i) AS h1,
         md5(c.club_id || ':waiver-b:' || x.i) AS h2
  FROM demo_customer x, demo_club c
  WHERE pg_temp.demo_u(md5(c.club_id || ':waiver-a:' || x.i), 0) < 0.88
), first_sig AS MATERIALIZED (
  SELECT w.*,
         pg_temp.demo_between(fb, least(fb + interval '2 days', coalesce(archived_at, t0)), pg_temp.demo_u(h1, 1)) AS s1
  FROM w
), versioned AS MATERIALIZED (
  SELECT f.*,
         CASE WHEN waiver_release IS NOT NULL AND s1 < waiver_release THEN waiver_required - 1 ELSE waiver_required END AS v1
  FROM first_sig AS f
), second_sig AS MATERIALIZED (
  SELECT v.*,
         greatest(s1 + interval '1 day', s1 + waiver_validity - interval '30 days',
                  CASE WHEN v1 < waiver_required THEN waiver_release END) AS lo2
  FROM versioned AS v
), sigs AS MATERIALIZED (
  SELECT i, 1 AS k, customer_id, s1 AS signed_at, v1 AS version, t0, h2 FROM second_sig
  UNION ALL
  SELECT i, 2, customer_id, s2, waiver_required, t0, h2
  FROM second_sig
  CROSS JOIN LATERAL (SELECT pg_temp.demo_between(lo2, t0, pg_temp.demo_u(h1, 3)) AS s2) AS s
  WHERE archived_at IS NULL AND lo2 < t0 AND pg_temp.demo_u(h1, 2) < 0.65
    AND (s1 + waiver_validity < t0 OR v1 < waiver_required)
)
INSERT INTO waiver_signatures (club_id, id, customer_id, waiver_version, signed_at, signed_for_minor,
                               invalidated_at, created_at)
SELECT c.club_id, pg_temp.demo_id('wvr', c.club_id, 'waiver', s.i || ':' || s.k), s.customer_id, s.version,
       s.signed_at,
       pg_temp.demo_u(s.h2, 0) < 0.05,
       CASE WHEN pg_temp.demo_u(s.h2, s.k) < 0.03
            THEN pg_temp.demo_between(s.signed_at, s.t0, pg_temp.demo_u(s.h2, s.k + 1)) END,
       s.signed_at + floor(pg_temp.demo_u(s.h2, 3) * 5000) * interval '1 millisecond'
FROM sigs s, demo_club c
ORDER BY s.signed_at, s.i, s.k;
