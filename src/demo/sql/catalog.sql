-- Courts, tags, coaches, products and plans: the small fixed lists of clubs.ts.

INSERT INTO space_categories (club_id, id, name)
SELECT DISTINCT ON (s.category_id) c.club_id, s.category_id, s.category_name
FROM demo_space s, demo_club c
ORDER BY s.category_id;

INSERT INTO spaces (club_id, id, category_id, name, short_name, visibility, position)
SELECT c.club_id, s.id, s.category_id, s.name, s.key, s.visibility, s.idx + 1
FROM demo_space s, demo_club c
ORDER BY s.idx;

INSERT INTO tags (club_id, id, name)
SELECT c.club_id, pg_temp.demo_id('tag', c.club_id, 'tag', t.name), t.name
FROM demo_club c, demo_config, jsonb_array_elements_text(cfg -> 'tags') AS t(name);

INSERT INTO coaches (club_id, id, first_name, last_name, title, bio, avatar_url, slug, lesson_booking_enabled,
                     status, position, created_at, updated_at)
SELECT c.club_id, pg_temp.demo_id('coach', c.club_id, 'coach', x.ord::text), x.first, x.last, x.title, x.bio,
       'https://images.example.com/' || replace(c.club_id, '_', '-') || '/coaches/' || x.slug || '.jpg',
       x.slug, coalesce(x.lessons, true), CASE WHEN coalesce(x.archived, false) THEN 'archived' ELSE 'active' END,
       x.ord, x.created_at,
       CASE WHEN coalesce(x.archived, false) THEN c.t0 - make_interval(days => 20 + 11 * x.ord::int)
            ELSE x.created_at + interval '1 day' END
FROM demo_club c
CROSS JOIN LATERAL (
  SELECT e.ord, t.*,
         regexp_replace(lower(translate(t.first || '-' || t.last, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun')), '[^a-z0-9-]', '', 'g') AS slug,
         c.opened_at + make_interval(days => 37 * e.ord::int) AS created_at
  FROM demo_config,
       jsonb_array_elements(cfg -> 'coaches') WITH ORDINALITY AS e(j, ord),
       jsonb_to_record(e.j) AS t(first text, last text, title text, bio text, archived boolean, lessons boolean)
) AS x;

CREATE TEMP TABLE demo_plan ON COMMIT DROP AS
SELECT p.*,
       pg_temp.demo_id('plan', c.club_id, 'plan', p.key) AS id,
       pg_temp.demo_id('prod', c.club_id, 'product', p.product_slug) AS product_id,
       -- Current subscriptions pick a plan by weight: [lo, hi) of a unit interval.
       (sum(p.weight) OVER (ORDER BY p.ord) - p.weight) / sum(p.weight) OVER () AS lo,
       sum(p.weight) OVER (ORDER BY p.ord) / sum(p.weight) OVER () AS hi,
       -- Ended ones pick uniformly within their kind (memberships, or packages and passes).
       (row_number() OVER (PARTITION BY p.type = 'membership' ORDER BY p.ord) - 1)::int AS kind_rank,
       count(*) OVER (PARTITION BY p.type = 'membership')::int AS kind_count,
       -- Whole months per period, for finding the current period of a recurring membership.
       (extract(year FROM p.period) * 12 + extract(month FROM p.period))::int AS period_months
FROM demo_club c
CROSS JOIN LATERAL (
  SELECT e.ord::int AS ord, t.key, t.product, t.product_slug, t.name, t.type, t.period::interval AS period,
         t.weight::float8 AS weight
  FROM demo_config,
       jsonb_array_elements(cfg -> 'plans') WITH ORDINALITY AS e(j, ord),
       jsonb_to_record(e.j) AS t(key text, product text, product_slug text, name text, type text, period text, weight float8)
) AS p;
ANALYZE demo_plan;

INSERT INTO products (club_id, id, name, slug)
SELECT DISTINCT ON (p.product_id) c.club_id, p.product_id, p.product, p.product_slug
FROM demo_plan p, demo_club c
ORDER BY p.product_id;

INSERT INTO plans (club_id, id, product_id, name)
SELECT c.club_id, p.id, p.product_id, p.name
FROM demo_plan p, demo_club c
ORDER BY p.ord;
