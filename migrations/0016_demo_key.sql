-- The demo key that `npm start` prints, kept sealed with the key that seals webhook secrets, so
-- that every start prints the same key and a key saved from the first banner keeps working.
-- One row at most; revoking the key (clubdata keys revoke) makes the next start print a new one.
CREATE TABLE demo_key (
  only_row   boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  key_id     text NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  sealed_key bytea NOT NULL
);
