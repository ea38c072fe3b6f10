-- requires: tg__signal_touch
-- Signals for the rest of the club's data (docs/api.md "Signal types"): orders, transactions,
-- waivers, coaches, spaces and the club. Each table that feeds one of their representations
-- touches the resource it belongs to, as the tables of customers, bookings and events do.
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('order', 'id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON order_line_items
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('order', 'order_id');
-- The ledger only grows: a charge or a refund is a row of its own (transaction.created), and a
-- change to a row makes no signal, so only inserts touch it, and other writes pay nothing.
CREATE TRIGGER _500_signal_touch BEFORE INSERT ON transactions
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('transaction', 'id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON waiver_signatures
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('waiver', 'id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON coaches
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('coach', 'id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON spaces
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('space', 'id');
-- A space shows its category's name.
CREATE TRIGGER _500_signal_touch BEFORE UPDATE OF name ON space_categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION tg__signal_touch('space', 'spaces_of_category');
-- The club's own row: its name and timezone (club.updated). Its other columns (api_access,
-- billing_model, the waiver settings) are not in its representation and make no club signal.
CREATE TRIGGER _500_signal_touch BEFORE UPDATE OF name, timezone ON clubs
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.timezone IS DISTINCT FROM NEW.timezone)
  EXECUTE FUNCTION tg__signal_touch('club', 'club_id');
-- A waiver's status is computed from the club's waiver settings: raising the required version or
-- shortening the validity changes the status of signatures already given (waiver.updated).
CREATE TRIGGER _510_signal_touch_waivers BEFORE UPDATE OF waiver_version_required, waiver_validity ON clubs
  FOR EACH ROW
  WHEN (OLD.waiver_version_required IS DISTINCT FROM NEW.waiver_version_required OR OLD.waiver_validity IS DISTINCT FROM NEW.waiver_validity)
  EXECUTE FUNCTION tg__signal_touch('waiver', 'waivers_of_club');
