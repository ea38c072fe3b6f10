-- start and end span the sessions (first start, last end); both are null while the event has
-- no session yet.
CREATE OR REPLACE FUNCTION cd_render_event(e events) RETURNS SETOF json
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1
AS $$
  SELECT json_build_object(
    'id', e.id,
    'object', 'event',
    'event_type', e.event_type,
    'title', e.title,
    'open', e.open,
    'privacy', e.privacy,
    'start', cd_local(span.starts_at, c.timezone),
    'end', cd_local(span.ends_at, c.timezone),
    'sessions', coalesce((
      SELECT json_agg(r ORDER BY s.business_date)
      FROM event_sessions s CROSS JOIN LATERAL cd_render_event_session(s, c.timezone) r
      WHERE s.club_id = e.club_id AND s.event_id = e.id
    ), '[]'::json),
    'participant_count', roster.n,
    'max_participants', e.max_participants,
    'spots_available', greatest(e.max_participants - roster.n, 0),
    'tags', (SELECT t FROM cd_render_event_tags(e) t),
    'host', (SELECT h FROM cd_render_host(e.club_id, e.host_customer_id) h),
    'created_at', cd_utc(e.created_at),
    'updated_at', cd_utc(e.updated_at),
    'canceled_at', cd_utc(e.canceled_at)
  )
  FROM clubs c,
       LATERAL (SELECT min(s.starts_at) AS starts_at, max(s.ends_at) AS ends_at
                FROM event_sessions s WHERE s.club_id = e.club_id AND s.event_id = e.id) span,
       LATERAL cd_event_participant_count(e) AS roster (n)
  WHERE c.club_id = e.club_id
$$;
