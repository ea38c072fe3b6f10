-- requires: cd_new_id
-- Portal sessions (docs/portal.md): a server-side key makes one with a mode and gets a
-- single-use link; opening the link starts a session held in a cookie. Only hashes of the link
-- and session tokens are stored, as for API keys. `scopes`: the making key's, which the session
-- never exceeds; `key_id`: that key, whose revocation ends the session too.
CREATE TABLE portal_sessions (
  club_id            text NOT NULL REFERENCES clubs (club_id),
  id                 text NOT NULL DEFAULT cd_new_id('ps'),
  mode               text NOT NULL CHECK (mode IN ('manage', 'read_only')),
  scopes             text[] NOT NULL,
  key_id             text NOT NULL,
  link_hash          bytea NOT NULL UNIQUE,
  link_expires_at    timestamptz NOT NULL,
  session_hash       bytea UNIQUE,
  session_expires_at timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  ended_at           timestamptz,
  PRIMARY KEY (club_id, id),
  CHECK ((session_hash IS NULL) = (session_expires_at IS NULL))
);
