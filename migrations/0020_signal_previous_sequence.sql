-- previous_sequence: the sequence of the club's previous signal about the same resource
-- (data.object.id, which is signals.resource_id for every kind), or NULL for its first. Stored at
-- emit time (sql/2-signals/cd_emit_signals.sql) beside `sequence`, and in the body right after
-- it, so that it is signed and the same in the list, the stream and every delivery; a receiver
-- tells from it, per record, that it has every change in order:
-- docs/webhooks.md, "Telling per record that you have every change".
-- The emit finds a resource's previous signal through signals_resource_idx (club_id,
-- resource_id, sequence), which exists since the baseline.
ALTER TABLE signals ADD COLUMN previous_sequence bigint;

-- The signals stored before this migration get the field too, so that every signal the API
-- lists or delivers has the same shape (the OpenAPI document requires it). The stored copy is
-- otherwise never changed (_100_immutable); this one rewrite is the exception, made in the
-- migration's own transaction with the trigger off and on again, and checked below. Their
-- previous_sequence comes from the history kept now: for a resource whose earlier signals
-- retention had already removed, its oldest signal left says NULL, as
-- docs/data-model.md, "Retention" says. The body is the text json_build_object made
-- (`"sequence" : N, "api_version"` follows `created` at the top level; inside a string value
-- the quotes would be escaped), so the field goes in by replacing that exact text, keeping
-- every other byte.
ALTER TABLE signals DISABLE TRIGGER _100_immutable;

UPDATE signals s
   SET previous_sequence = p.previous_sequence,
       body = replace(s.body,
                      '"sequence" : ' || s.sequence || ', "api_version" : ',
                      '"sequence" : ' || s.sequence || ', "previous_sequence" : ' || coalesce(p.previous_sequence::text, 'null')
                        || ', "api_version" : ')
  FROM (SELECT club_id, sequence, lag(sequence) OVER (PARTITION BY club_id, resource_id ORDER BY sequence) AS previous_sequence
          FROM signals) p
 WHERE p.club_id = s.club_id AND p.sequence = s.sequence;

ALTER TABLE signals ENABLE TRIGGER _100_immutable;

DO $$
DECLARE
  wrong bigint;
BEGIN
  SELECT count(*) INTO wrong
    FROM signals
   WHERE (body::json -> 'previous_sequence') IS NULL
      OR (body::json ->> 'previous_sequence')::bigint IS DISTINCT FROM previous_sequence;
  IF wrong > 0 THEN
    RAISE EXCEPTION '% stored signal(s) did not take previous_sequence into their body', wrong;
  END IF;
END
$$;
