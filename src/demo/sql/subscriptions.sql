-- Memberships. On the subscriptions billing engine: current ones trialing, active (some set to
-- cancel at period end, some frozen) or past_due, and ended ones canceled, ended or expired.
-- A legacy club keeps membership rows too, but only active and expired: it has no billing
-- engine, so no trials, dunning, cancellations or payment dates.
CREATE TEMP TABLE demo_sub ON COMMIT DROP AS
WITH cust AS MATERIALIZED (
  SELECT x.i, x.id AS customer_id, x.fb, x.archived_at, c.t0, c.billing_model = 'legacy' AS legacy,
         md5(c.club_id || ':subscription-a:' || x.i) AS h1,
         md5(c.club_id || ':subscription-b:' || x.i) AS h2,
         md5(c.club_id || ':subscription-c:' || x.i) AS h3
  FROM demo_customer x, demo_club c
), cur AS MATERIALIZED (
  -- Half the active customers hold a current subscription.
  SELECT k.*, p.id AS plan_id, p.type, p.period, p.period_months,
         CASE WHEN k.legacy OR p.type <> 'membership' THEN 'active'
              WHEN pg_temp.demo_u(h1, 2) < 0.06 THEN 'trialing'
              WHEN pg_temp.demo_u(h1, 2) < 0.13 AND p.period_months = 1 THEN 'past_due'
              ELSE 'active' END AS status
  FROM cust AS k
  JOIN demo_plan AS p ON pg_temp.demo_u(k.h1, 1) >= p.lo AND pg_temp.demo_u(k.h1, 1) < p.hi
  WHERE k.archived_at IS NULL AND pg_temp.demo_u(k.h1, 0) < 0.5
), cur_start AS MATERIALIZED (
  SELECT cur.*,
         CASE WHEN status = 'trialing'
                THEN greatest(fb, date_trunc('milliseconds', t0 - (1 + 12 * pg_temp.demo_u(h1, 3)) * interval '1 day'))
              WHEN type = 'membership' THEN pg_temp.demo_between(fb, t0, 0.98 * pg_temp.demo_u(h1, 3))
              ELSE greatest(fb, date_trunc('milliseconds', t0 - period * (0.05 + 0.9 * pg_temp.demo_u(h1, 3)))) END AS st
  FROM cur
), cur_period AS MATERIALIZED (
  SELECT s.*,
         CASE WHEN status = 'trialing' OR type <> 'membership' THEN st
              ELSE st + make_interval(months => (extract(year FROM age(t0, st)) * 12 + extract(month FROM age(t0, st)))::int
                                                / period_months * period_months) END AS cps,
         -- Active memberships: a few will cancel at the period end, a few are frozen.
         s.status = 'active' AND s.type = 'membership' AND NOT s.legacy AND pg_temp.demo_u(h2, 0) < 0.04 AS cancelling,
         s.status = 'active' AND s.type = 'membership' AND NOT s.legacy
           AND pg_temp.demo_u(h2, 0) >= 0.04 AND pg_temp.demo_u(h2, 0) < 0.07 AS frozen
  FROM cur_start AS s
), current_rows AS MATERIALIZED (
  SELECT p.i, 'current' AS which, p.customer_id, p.plan_id, p.type, p.status, p.st AS started_at, p.cps,
         CASE WHEN status = 'trialing' THEN st + interval '14 days' ELSE cps + period END AS cpe,
         CASE WHEN status = 'trialing' THEN st + interval '14 days' END AS trial_end,
         CASE WHEN legacy OR type <> 'membership' OR cancelling THEN NULL
              WHEN status = 'trialing' THEN st + interval '14 days'
              -- Dunning: the renewal charge failed; the next retry is in a few days.
              WHEN status = 'past_due' THEN date_trunc('day', greatest(cps, t0 - interval '2 days')) + interval '3 days 9 hours'
              WHEN frozen THEN date_trunc('day', t0 + (7 + floor(50 * pg_temp.demo_u(h2, 1))) * interval '1 day')
              ELSE cps + period END AS next_payment_at,
         cancelling AS cancel_at_period_end,
         CASE WHEN frozen THEN date_trunc('day', t0 + (7 + floor(50 * pg_temp.demo_u(h2, 1))) * interval '1 day') END AS frozen_until,
         -- As on Stripe, a cancellation at period end records when it was asked for.
         CASE WHEN cancelling THEN pg_temp.demo_between(cps, t0, pg_temp.demo_u(h2, 2)) END AS canceled_at
  FROM cur_period AS p
), history AS MATERIALIZED (
  -- An earlier subscription that is over: one in four active customers, every archived one.
  SELECT k.*, coalesce(cs.st, k.archived_at, k.t0) - interval '1 day' AS hi
  FROM cust AS k LEFT JOIN cur_start AS cs USING (i)
  WHERE k.archived_at IS NOT NULL OR pg_temp.demo_u(k.h2, 3) < 0.25
), history_span AS MATERIALIZED (
  SELECT h.*,
         CASE WHEN legacy THEN 'expired'
              WHEN pg_temp.demo_u(h3, 0) < 0.4 THEN 'canceled'
              WHEN pg_temp.demo_u(h3, 0) < 0.75 THEN 'ended'
              ELSE 'expired' END AS status,
         pg_temp.demo_between(fb, hi, 0.05 * pg_temp.demo_u(h3, 1)) AS s0
  FROM history AS h
  WHERE hi - fb > interval '20 days'
), history_rows AS MATERIALIZED (
  SELECT h.i, 'ended' AS which, h.customer_id, p.id AS plan_id, p.type, h.status, h.s0 AS started_at,
         pg_temp.demo_between(h.s0, h.hi, 0.4 + 0.5 * pg_temp.demo_u(h.h3, 2)) AS e0, p.period
  FROM history_span AS h
  -- Passes and packages expire; memberships are canceled or end (a legacy one lapses).
  JOIN demo_plan AS p
    ON (p.type = 'membership') = (h.legacy OR h.status <> 'expired' OR NOT EXISTS (SELECT 1 FROM demo_plan WHERE type <> 'membership'))
   AND p.kind_rank = floor(pg_temp.demo_u(h.h3, 3) * p.kind_count)::int
)
SELECT i, which, customer_id, plan_id, type, status, started_at, cps AS current_period_start, cpe AS current_period_end,
       trial_end, next_payment_at, cancel_at_period_end, frozen_until, canceled_at,
       started_at AS created_at, greatest(started_at, cps, canceled_at) AS updated_at
FROM current_rows
UNION ALL
SELECT i, which, customer_id, plan_id, type, status, started_at,
       CASE WHEN status = 'expired' THEN started_at ELSE greatest(started_at, e0 - period) END,
       e0, NULL, NULL, status = 'ended',
       NULL,
       CASE status WHEN 'canceled' THEN e0
                   WHEN 'ended' THEN pg_temp.demo_between(greatest(started_at, e0 - period), e0, 0.5) END,
       started_at, e0
FROM history_rows;
ANALYZE demo_sub;

INSERT INTO subscriptions (club_id, id, customer_id, plan_id, type, status, started_at, current_period_start,
                           current_period_end, trial_end, next_payment_at, cancel_at_period_end, frozen_until,
                           canceled_at, created_at, updated_at)
SELECT c.club_id, pg_temp.demo_id('sub', c.club_id, 'subscription', s.i || ':' || s.which), s.customer_id, s.plan_id,
       s.type, s.status, s.started_at, s.current_period_start, s.current_period_end, s.trial_end, s.next_payment_at,
       s.cancel_at_period_end, s.frozen_until, s.canceled_at, s.created_at, s.updated_at
FROM demo_sub s, demo_club c
ORDER BY s.i, s.which DESC;
