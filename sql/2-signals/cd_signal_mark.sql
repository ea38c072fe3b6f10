-- The mark of the innermost statement on `relation` still running in this transaction
-- (tg__signal_mark pushes it, tg__signal_touch_rows pops it), or NULL when there is none: the
-- first value of the transaction-local setting clubdata.signal_marks_<relation>, a list of marks
-- each followed by a comma, innermost first.
CREATE OR REPLACE FUNCTION cd_signal_mark(relation text) RETURNS bigint
LANGUAGE sql STABLE
AS $$ SELECT nullif(split_part(coalesce(current_setting('clubdata.signal_marks_' || relation, true), ''), ',', 1), '')::bigint $$;
