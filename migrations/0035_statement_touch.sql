-- requires: tg__signal_touch, tg__signal_mark, tg__signal_touch_rows
-- A resource's own table touches the rows a statement inserted or updated once, after the
-- statement, over its transition tables (tg__signal_touch_rows), instead of once per row before
-- it: a platform's statement of 10,000 rows made 10,000 trigger calls, each a query of its own,
-- and each update's rendering before was a query of its own too (docs/benchmarks.md, "Writer
-- cost"). tg__signal_mark marks where each statement's touches begin. Deletes keep the row
-- trigger: a deleted resource is described as it last was, with the rows it embeds that a
-- cascade may delete after it. The tables a representation embeds (booking_spaces, event_tags,
-- order_line_items, ...) keep their row triggers, which touch the resource they belong to.

DROP TRIGGER _500_signal_touch ON customers;
CREATE TRIGGER _500_signal_touch BEFORE DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('customer', 'id');
CREATE TRIGGER _490_signal_mark BEFORE INSERT OR UPDATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_mark();
CREATE TRIGGER _500_signal_touch_inserted AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('customer');
CREATE TRIGGER _500_signal_touch_updated AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('customer');

DROP TRIGGER _500_signal_touch ON subscriptions;
CREATE TRIGGER _500_signal_touch BEFORE DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('subscription', 'id');
CREATE TRIGGER _490_signal_mark BEFORE INSERT OR UPDATE ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_mark();
CREATE TRIGGER _500_signal_touch_inserted AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('subscription');
CREATE TRIGGER _500_signal_touch_updated AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('subscription');

DROP TRIGGER _500_signal_touch ON bookings;
CREATE TRIGGER _500_signal_touch BEFORE DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('booking', 'id');
CREATE TRIGGER _490_signal_mark BEFORE INSERT OR UPDATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_mark();
CREATE TRIGGER _500_signal_touch_inserted AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('booking');
CREATE TRIGGER _500_signal_touch_updated AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('booking');

DROP TRIGGER _500_signal_touch ON events;
CREATE TRIGGER _500_signal_touch BEFORE DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('event', 'id');
CREATE TRIGGER _490_signal_mark BEFORE INSERT OR UPDATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_mark();
CREATE TRIGGER _500_signal_touch_inserted AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('event');
CREATE TRIGGER _500_signal_touch_updated AFTER UPDATE ON events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('event');

DROP TRIGGER _500_signal_touch ON participants;
CREATE TRIGGER _500_signal_touch BEFORE DELETE ON participants
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('participant', 'id');
CREATE TRIGGER _490_signal_mark BEFORE INSERT OR UPDATE ON participants
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_mark();
CREATE TRIGGER _500_signal_touch_inserted AFTER INSERT ON participants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('participant');
CREATE TRIGGER _500_signal_touch_updated AFTER UPDATE ON participants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('participant');

DROP TRIGGER _500_signal_touch ON orders;
CREATE TRIGGER _500_signal_touch BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('order', 'id');
CREATE TRIGGER _490_signal_mark BEFORE INSERT OR UPDATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_mark();
CREATE TRIGGER _500_signal_touch_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('order');
CREATE TRIGGER _500_signal_touch_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('order');

DROP TRIGGER _500_signal_touch ON waiver_signatures;
CREATE TRIGGER _500_signal_touch BEFORE DELETE ON waiver_signatures
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('waiver', 'id');
CREATE TRIGGER _490_signal_mark BEFORE INSERT OR UPDATE ON waiver_signatures
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_mark();
CREATE TRIGGER _500_signal_touch_inserted AFTER INSERT ON waiver_signatures REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('waiver');
CREATE TRIGGER _500_signal_touch_updated AFTER UPDATE ON waiver_signatures REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('waiver');

DROP TRIGGER _500_signal_touch ON coaches;
CREATE TRIGGER _500_signal_touch BEFORE DELETE ON coaches
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('coach', 'id');
CREATE TRIGGER _490_signal_mark BEFORE INSERT OR UPDATE ON coaches
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_mark();
CREATE TRIGGER _500_signal_touch_inserted AFTER INSERT ON coaches REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('coach');
CREATE TRIGGER _500_signal_touch_updated AFTER UPDATE ON coaches REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('coach');

DROP TRIGGER _500_signal_touch ON spaces;
CREATE TRIGGER _500_signal_touch BEFORE DELETE ON spaces
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('space', 'id');
CREATE TRIGGER _490_signal_mark BEFORE INSERT OR UPDATE ON spaces
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_mark();
CREATE TRIGGER _500_signal_touch_inserted AFTER INSERT ON spaces REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('space');
CREATE TRIGGER _500_signal_touch_updated AFTER UPDATE ON spaces REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('space');

-- The ledger only grows: only inserts touch it (0034).
DROP TRIGGER _500_signal_touch ON transactions;
CREATE TRIGGER _490_signal_mark BEFORE INSERT ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_mark();
CREATE TRIGGER _500_signal_touch_inserted AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tg__signal_touch_rows('transaction');

-- A signal's club is a club without a check per signal: the commit-time pass (cd_emit_signals),
-- the only writer of signals, numbers them from the club's counter row in the same statement,
-- and that row references the club. The check cost a trigger event and a query for each signal
-- stored (docs/benchmarks.md, "Writer cost").
ALTER TABLE signals DROP CONSTRAINT signals_club_id_fkey;
