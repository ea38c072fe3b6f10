-- The signal streams open now (GET /v1/signals/stream), whichever API process serves them, so
-- that a key holds at most a few at once across every process. Each process marks its streams
-- seen every second; a row not seen for a while belongs to a process that died and no longer
-- counts (and is deleted by the next stream of that key).
CREATE TABLE signal_streams (
  id        text PRIMARY KEY,
  key_id    text NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  opened_at timestamptz NOT NULL DEFAULT now(),
  seen_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signal_streams_key_idx ON signal_streams (key_id);
