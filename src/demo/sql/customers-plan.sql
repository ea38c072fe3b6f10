-- Every customer's fields, computed once (seed.ts then inserts them in batches). Customer i
-- joins on day join_day after the club's base date (see demo_day in setup.sql); i % 20 = 7 is
-- archived. Four md5 digests of "club:customer-x:i" give sixteen independent choices.
-- (OFFSET 0 keeps a LATERAL evaluated once per row instead of inlined at every use.)
CREATE TEMP TABLE demo_customer_draw ON COMMIT DROP AS
SELECT i, pg_temp.demo_id('cus', c.club_id, 'customer', i::text) AS id, x.h2, x.h3, x.h4,
       1 + floor(pg_temp.demo_u(x.h1, 0) * c.first_count)::int AS fi,
       1 + floor(pg_temp.demo_u(x.h1, 1) * c.last_count)::int AS li,
       1 + floor(pg_temp.demo_u(x.h1, 2) * c.last_count)::int AS li2,
       -- Joined between 07:00 and 21:00 club time on their day.
       pg_temp.demo_at(c.base_date + x.join_day, 7 * 60 + floor(pg_temp.demo_u(x.h1, 3) * 14 * 60)::int, c.tz)
         + floor(pg_temp.demo_u(x.h2, 3) * 60000) * interval '1 millisecond' AS fb
FROM demo_club c
CROSS JOIN generate_series(1, c.customers) AS i
CROSS JOIN LATERAL (
  SELECT md5(c.club_id || ':customer-a:' || i) AS h1,
         md5(c.club_id || ':customer-b:' || i) AS h2,
         md5(c.club_id || ':customer-c:' || i) AS h3,
         md5(c.club_id || ':customer-d:' || i) AS h4,
         CASE WHEN i <= c.c0 THEN 0 ELSE ((i - c.c0 - 1)::bigint * c.span_days / (c.customers - c.c0))::int END AS join_day
  OFFSET 0
) AS x;
ANALYZE demo_customer_draw;

CREATE TEMP TABLE demo_customer ON COMMIT DROP AS
SELECT k.i, k.id,
       -- The number makes every address unique in the club; a few are typed with capitals.
       CASE WHEN pg_temp.demo_u(k.h2, 2) < 0.05 THEN initcap(e.local_part) ELSE e.local_part END
         || '@' || pg_temp.demo_pick(c.email_domains, pg_temp.demo_u(k.h2, 1)) AS email,
       f.name AS first_name,
       CASE WHEN c.two_surnames THEN l1.name || ' ' || l2.name ELSE l1.name END AS last_name,
       CASE WHEN pg_temp.demo_u(k.h3, 0) < 0.08 THEN ''
            WHEN c.phone_style = 'us'
            THEN '+1 ' || pg_temp.demo_pick(c.phone_areas, pg_temp.demo_u(k.h3, 1)) || ' 555 '
                 || lpad(floor(pg_temp.demo_u(k.h3, 2) * 10000)::int::text, 4, '0')
            ELSE '+34 ' || pg_temp.demo_pick(c.phone_areas, pg_temp.demo_u(k.h3, 1)) || substr(e.digits, 1, 2) || ' '
                 || substr(e.digits, 3, 3) || ' ' || substr(e.digits, 6, 3) END AS phone,
       k.fb,
       -- Three in ten were guests for a while before they became customers.
       CASE WHEN pg_temp.demo_u(k.h4, 0) < 0.3
            THEN date_trunc('milliseconds', k.fb - pg_temp.demo_u(k.h4, 1) * interval '25 days') ELSE k.fb END AS created_at,
       a.archived_at,
       greatest(pg_temp.demo_between(k.fb, c.t0, pg_temp.demo_u(k.h4, 3)), a.archived_at) AS updated_at
FROM demo_customer_draw k
CROSS JOIN demo_club c
JOIN demo_name f ON f.list = 'first' AND f.idx = k.fi
JOIN demo_name l1 ON l1.list = 'last' AND l1.idx = k.li
JOIN demo_name l2 ON l2.list = 'last' AND l2.idx = k.li2
CROSS JOIN LATERAL (
  SELECT CASE floor(pg_temp.demo_u(k.h2, 0) * 4)::int
           WHEN 0 THEN f.ascii || '.' || l1.ascii
           WHEN 1 THEN left(f.ascii, 1) || l1.ascii
           WHEN 2 THEN f.ascii || '_' || l1.ascii
           ELSE f.ascii || l1.ascii END || k.i AS local_part,
         lpad(floor(pg_temp.demo_u(k.h3, 3) * 100000000)::bigint::text, 8, '0') AS digits
  OFFSET 0
) AS e
CROSS JOIN LATERAL (
  SELECT CASE WHEN k.i % 20 = 7 THEN pg_temp.demo_between(k.fb, c.t0, 0.3 + 0.6 * pg_temp.demo_u(k.h4, 2)) END AS archived_at
  OFFSET 0
) AS a;
ALTER TABLE demo_customer ADD PRIMARY KEY (i);
ANALYZE demo_customer;
