-- BEFORE STATEMENT trigger on each resource's own table (with tg__signal_touch_rows after it):
-- marks where the statement's touches begin, so that the statement's AFTER trigger can tell the
-- touches made during the statement (by rows it embeds, written by a writable CTE, a cascade or
-- a trigger) from those made before it in the transaction. The mark is a value of the touches'
-- own sequence, which numbers every later touch above it.
--
-- One stack of marks per table, in a setting local to the transaction (clubdata.signal_marks_
-- followed by the table's name; its top: cd_signal_mark): a statement that a trigger runs inside another statement on the
-- same table pushes and pops its own mark in between, and a query whose CTEs write several
-- tables fires their AFTER triggers in an order of its own.
CREATE OR REPLACE FUNCTION tg__signal_mark() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  marks text := 'clubdata.signal_marks_' || TG_TABLE_NAME;
BEGIN
  PERFORM set_config(marks, nextval('signal_pending_touch_order_seq') || ',' || coalesce(current_setting(marks, true), ''), true);
  RETURN NULL;
END
$$;
