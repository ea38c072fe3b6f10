-- A signal stream a portal page opened (its live tail, docs/portal.md) belongs to the portal
-- session: it ends when the session ends, as the session's other requests do, and counts against
-- the session's quota of streams, not the quota of the server's key that made the session.
ALTER TABLE signal_streams ADD COLUMN portal_session_id text;
CREATE INDEX signal_streams_portal_idx ON signal_streams (portal_session_id) WHERE portal_session_id IS NOT NULL;
