-- One signal: numbered (cd_next_signal_sequence), stored with its body, and announced with NOTIFY.
CREATE OR REPLACE FUNCTION cd_emit_signal(club text, signal_type text, resource text, object json, previous json) RETURNS bigint
LANGUAGE plpgsql
AS $$
DECLARE
  next_sequence bigint := cd_next_signal_sequence(club);
  signal_id text := cd_new_id('sig');
  emitted_at timestamptz;
  body text;
BEGIN
  -- Stored at the precision it is shown with, so an inclusive bound equal to `created` matches.
  emitted_at := date_trunc('milliseconds', clock_timestamp());
  body := CASE WHEN signal_type LIKE '%.updated' THEN
      json_build_object('id', signal_id, 'object', 'signal', 'type', signal_type, 'created', cd_utc(emitted_at),
        'sequence', next_sequence, 'api_version', 'v1', 'data', json_build_object('object', object),
        'previous_attributes', coalesce(previous, '{}'::json))
    ELSE
      json_build_object('id', signal_id, 'object', 'signal', 'type', signal_type, 'created', cd_utc(emitted_at),
        'sequence', next_sequence, 'api_version', 'v1', 'data', json_build_object('object', object))
    END::text;
  INSERT INTO signals (club_id, sequence, id, type, scope, resource_id, created_at, body)
  VALUES (club, next_sequence, signal_id, signal_type, cd_signal_scope(signal_type), resource, emitted_at, body);
  PERFORM pg_notify('clubdata_signals', club || ':' || next_sequence);
  RETURN next_sequence;
END
$$;
