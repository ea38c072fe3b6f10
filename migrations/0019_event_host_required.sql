-- Every event has a host: `host` on an event and on its schedule items is an object, never null
-- (docs/api.md, "Null"). The schema now refuses an event without one, so a writer that leaves
-- host_customer_id out, or sets it to null, gets PostgreSQL's not-null error naming the column
-- ("null value in column "host_customer_id" of relation "events" violates not-null constraint")
-- instead of an API that shows `"host": null`. The foreign key already makes the host a customer
-- of the event's own club.
--
-- Events written before without a host:
-- - In the demo clubs (src/demo/clubs.ts), they were made by `clubdata simulate`, which created
--   events without a host until this change. The data is ours and made up, so each gets what
--   simulate now gives one: a customer of the club, here the longest-standing one not archived.
--   The change goes through the triggers like any other: event.updated signals tell the
--   consumers of those clubs.
-- - In any other club a writer left them out, and no one but the writer knows the host: the
--   migration refuses, names them, and changes nothing (it runs in one transaction).
UPDATE events e
   SET host_customer_id = (SELECT c.id FROM customers c
                            WHERE c.club_id = e.club_id AND c.archived_at IS NULL
                            ORDER BY c.first_became_customer_at, c.id LIMIT 1)
 WHERE e.host_customer_id IS NULL
   AND e.club_id IN ('club_demo_ny', 'club_demo_mad', 'club_demo_large');

DO $$
DECLARE
  missing bigint;
  examples text;
BEGIN
  SELECT count(*) INTO missing FROM events WHERE host_customer_id IS NULL;
  IF missing > 0 THEN
    SELECT string_agg(format('%s in club %s', id, club_id), ', ' ORDER BY club_id, id)
           || CASE WHEN missing > 5 THEN ', ...' ELSE '' END
      INTO examples
      FROM (SELECT club_id, id FROM events WHERE host_customer_id IS NULL ORDER BY club_id, id LIMIT 5) AS first_five;
    RAISE EXCEPTION '% event(s) have no host (%): every event needs host_customer_id, the customer who hosts it. '
                    'Set it on each (UPDATE events SET host_customer_id = ''cus_...'' WHERE club_id = ''...'' AND id = ''evt_...''), '
                    'then start again',
                    missing, examples
      USING ERRCODE = 'not_null_violation';
  END IF;
END
$$;

ALTER TABLE events ALTER COLUMN host_customer_id SET NOT NULL;
