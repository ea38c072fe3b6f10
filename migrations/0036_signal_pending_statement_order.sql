-- Room in the order of touches for a statement's rows (tg__signal_touch_rows): every touch and
-- every statement's mark (tg__signal_mark) now takes the next multiple of 2^20, and a
-- statement's rows are numbered from its mark, mark + 1 onwards, so that they sort after what was
-- touched before the statement and before what it touched through other rows. A sequence, not the
-- table: migrations run in one transaction, and an earlier one's writes may still wait for their
-- signals in signal_pending (0019), which no ALTER TABLE may change then. 2^43 touches fit in
-- a bigint this way: at 10,000 a second, 27 years.
ALTER SEQUENCE signal_pending_touch_order_seq INCREMENT BY 1048576;
