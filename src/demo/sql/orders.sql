-- A year of orders with their line items and the ledger: one charge per paid order (a few
-- split between account credit and card), refunds as their own negative rows, later in time.
-- Open orders (the last few days) and void ones have no transactions.

CREATE TEMP TABLE demo_item ON COMMIT DROP AS
SELECT (e.ord - 1)::int AS idx, t.*
FROM demo_config,
     jsonb_array_elements(cfg -> 'items') WITH ORDINALITY AS e(j, ord),
     jsonb_to_record(e.j) AS t(description text, unit_amount int, max_quantity int);
ANALYZE demo_item;

CREATE TEMP TABLE demo_order ON COMMIT DROP AS
WITH o AS MATERIALIZED (
  SELECT o, c.club_id, c.tz, c.t0, c.today,
         md5(c.club_id || ':order-a:' || o) AS h1,
         md5(c.club_id || ':order-b:' || o) AS h2,
         md5(c.club_id || ':order-c:' || o) AS h3
  FROM demo_club c, generate_series(1, c.orders) AS o
), st AS MATERIALIZED (
  SELECT o.*,
         CASE WHEN pg_temp.demo_u(h1, 0) < 0.03 THEN 'open'
              WHEN pg_temp.demo_u(h1, 0) < 0.05 THEN 'void'
              WHEN pg_temp.demo_u(h1, 0) < 0.08 THEN 'refunded'
              WHEN pg_temp.demo_u(h1, 0) < 0.13 THEN 'partially_refunded'
              ELSE 'paid' END AS status
  FROM o
), dated AS MATERIALIZED (
  SELECT st.*,
         CASE WHEN status = 'open' THEN today - 1 - (o % 3) ELSE today - 1 - floor(365 * pg_temp.demo_u(h1, 1))::int END AS od
  FROM st
), placed AS MATERIALIZED (
  SELECT d.*,
         pg_temp.demo_id('ord', d.club_id, 'order', d.o::text) AS id,
         pg_temp.demo_id('cus', d.club_id, 'customer',
                         pg_temp.demo_active_idx(floor(dd.active_max * pg_temp.demo_u(h1, 2))::int)::text) AS customer_id,
         pg_temp.demo_at(d.od, 8 * 60 + floor(14 * 60 * pg_temp.demo_u(h1, 3))::int, d.tz)
           + floor(60000 * pg_temp.demo_u(h2, 0)) * interval '1 millisecond' AS created_at,
         1 + (pg_temp.demo_u(h2, 1) >= 0.45)::int + (pg_temp.demo_u(h2, 1) >= 0.75)::int
           + (pg_temp.demo_u(h2, 1) >= 0.92)::int AS n_items
  FROM dated d JOIN demo_day dd ON dd.d = d.od
), charged AS MATERIALIZED (
  SELECT p.*,
         CASE WHEN status IN ('paid', 'refunded', 'partially_refunded')
              THEN date_trunc('milliseconds', created_at + (1 + 119 * pg_temp.demo_u(h3, 0)) * interval '1 second') END AS charged_at,
         CASE WHEN pg_temp.demo_u(h3, 1) < 0.75 THEN 'card'
              WHEN pg_temp.demo_u(h3, 1) < 0.85 THEN 'cash'
              WHEN pg_temp.demo_u(h3, 1) < 0.9 THEN 'bank_transfer'
              ELSE 'account_credit' END AS charge_type,
         status = 'paid' AND pg_temp.demo_u(h3, 2) < 0.06 AS split
  FROM placed AS p
)
SELECT ch.*,
       CASE WHEN status IN ('refunded', 'partially_refunded')
            THEN pg_temp.demo_between(charged_at, least(t0, charged_at + interval '21 days'), 0.05 + 0.9 * pg_temp.demo_u(h3, 3)) END AS refunded_at
FROM charged AS ch;
ANALYZE demo_order;

-- Distinct items per order: stepping by 5 through a catalogue of 9 or 11 never repeats in 4.
CREATE TEMP TABLE demo_line ON COMMIT DROP AS
SELECT o.o, o.id AS order_id, pos, it.description, 1 + floor(it.max_quantity * pg_temp.demo_u(md5(o.id || ':line:' || pos), 0))::int AS quantity,
       it.unit_amount
FROM demo_order o
CROSS JOIN demo_club c
CROSS JOIN LATERAL generate_series(1, o.n_items) AS pos
JOIN demo_item it ON it.idx = (floor(c.item_count * pg_temp.demo_u(o.h2, 2))::int + 5 * pos) % c.item_count;
ANALYZE demo_line;

INSERT INTO orders (club_id, id, customer_id, status, currency, created_at, updated_at)
SELECT c.club_id, o.id, o.customer_id, o.status, c.currency, o.created_at,
       coalesce(o.refunded_at, o.charged_at + interval '1 second',
                CASE WHEN o.status = 'void' THEN o.created_at + interval '7 minutes' END, o.created_at)
FROM demo_order o, demo_club c
ORDER BY o.o;

INSERT INTO order_line_items (club_id, order_id, position, description, quantity, unit_amount)
SELECT c.club_id, l.order_id, l.pos, l.description, l.quantity, l.unit_amount
FROM demo_line l, demo_club c
ORDER BY l.o, l.pos;

WITH totals AS MATERIALIZED (
  SELECT o, sum(quantity * unit_amount)::int AS total FROM demo_line GROUP BY o
), rows AS MATERIALIZED (
  -- The charge (the card part when split).
  SELECT o.o, 1 AS k, CASE WHEN o.split THEN t.total - t.total * 3 / 10 ELSE t.total END AS amount,
         CASE WHEN o.split THEN 'card' ELSE o.charge_type END AS charge_type, o.charged_at AS at
  FROM demo_order o JOIN totals t USING (o)
  WHERE o.charged_at IS NOT NULL
  UNION ALL
  -- The account-credit part of a split payment.
  SELECT o.o, 2, t.total * 3 / 10, 'account_credit', o.charged_at + interval '1 second'
  FROM demo_order o JOIN totals t USING (o)
  WHERE o.split
  UNION ALL
  -- The refund: all of it, or part (a line item's worth or so), back to the same method.
  SELECT o.o, 3,
         -CASE WHEN o.status = 'refunded' THEN t.total
               ELSE greatest(1, least(t.total - 1, round(t.total * (0.2 + 0.3 * pg_temp.demo_u(o.h1, 3)))::int)) END,
         o.charge_type, o.refunded_at
  FROM demo_order o JOIN totals t USING (o)
  WHERE o.refunded_at IS NOT NULL
)
INSERT INTO transactions (club_id, id, order_id, amount, currency, charge_type, created_at)
SELECT c.club_id, pg_temp.demo_id('txn', c.club_id, 'transaction', r.o || ':' || r.k),
       pg_temp.demo_id('ord', c.club_id, 'order', r.o::text), r.amount, c.currency, r.charge_type, r.at
FROM rows r, demo_club c
ORDER BY r.at, r.o, r.k;
