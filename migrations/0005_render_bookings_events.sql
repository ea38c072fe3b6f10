-- Renderers are PL/pgSQL (plans cached per session); one-expression helpers are inlined SQL.
-- See 0001_core_helpers.sql for why.
-- The one rendering of bookings, events, participants and schedule items. GET /v1/bookings,
-- /v1/events, /v1/schedule and the booking.*, event.* and participant.* signals all use these
-- functions, so each JSON shape is built in exactly one place. Schedule times go through
-- cd_local with the club's timezone; record timestamps through cd_utc.
--
-- Parameters of these SQL functions never share a name with a column: in a SQL function the
-- column would win, silently.

CREATE FUNCTION cd_club_timezone(for_club text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT c.timezone FROM clubs c WHERE c.club_id = for_club $$;

-- business_date as YYYY-MM-DD whatever the session's DateStyle is.
CREATE FUNCTION cd_date(d date) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT to_char(d, 'YYYY-MM-DD') $$;

-- {customer_id, first_name, last_name} of an event host or a booking's customer; null without one.
CREATE FUNCTION cd_render_host(for_club text, for_customer text) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT json_build_object('customer_id', cu.id, 'first_name', cu.first_name, 'last_name', cu.last_name)
    FROM customers cu
    WHERE cu.club_id = for_club AND cu.id = for_customer
  );
END
$$;

-- Time slots of one event session: [{start, end, spaces: [{id, name}]}], spaces in the club's
-- display order. Shared by the event object (sessions) and the event's schedule items.
CREATE FUNCTION cd_render_session_time_slots(s event_sessions, tz text) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object(
             'start', cd_local(ts.starts_at, tz),
             'end', cd_local(ts.ends_at, tz),
             'spaces', coalesce((
               SELECT json_agg(json_build_object('id', sp.id, 'name', sp.name) ORDER BY sp.position, sp.id)
               FROM event_time_slot_spaces tss
               JOIN spaces sp ON sp.club_id = tss.club_id AND sp.id = tss.space_id
               WHERE tss.club_id = ts.club_id AND tss.time_slot_id = ts.id
             ), '[]'::json)
           ) ORDER BY ts.starts_at, ts.ends_at, ts.id), '[]'::json)
    FROM event_time_slots ts
    WHERE ts.club_id = s.club_id AND ts.event_id = s.event_id AND ts.business_date = s.business_date
  );
END
$$;

-- A booking's courts as the booking shows them: [{id, name, start, end}], one per booking_spaces
-- row, in time order.
CREATE FUNCTION cd_render_booking_spaces(b bookings, tz text) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object(
             'id', sp.id,
             'name', sp.name,
             'start', cd_local(bs.starts_at, tz),
             'end', cd_local(bs.ends_at, tz)
           ) ORDER BY bs.starts_at, bs.ends_at, sp.position, sp.id), '[]'::json)
    FROM booking_spaces bs
    JOIN spaces sp ON sp.club_id = bs.club_id AND sp.id = bs.space_id
    WHERE bs.club_id = b.club_id AND bs.booking_id = b.id
  );
END
$$;

-- A booking's courts in the time_slots shape of a schedule item: booking_spaces rows with the
-- same start and end form one slot holding all of their spaces.
CREATE FUNCTION cd_render_booking_time_slots(b bookings, tz text) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object(
             'start', cd_local(slot.starts_at, tz),
             'end', cd_local(slot.ends_at, tz),
             'spaces', slot.spaces
           ) ORDER BY slot.starts_at, slot.ends_at), '[]'::json)
    FROM (
      SELECT bs.starts_at, bs.ends_at,
             json_agg(json_build_object('id', sp.id, 'name', sp.name) ORDER BY sp.position, sp.id) AS spaces
      FROM booking_spaces bs
      JOIN spaces sp ON sp.club_id = bs.club_id AND sp.id = bs.space_id
      WHERE bs.club_id = b.club_id AND bs.booking_id = b.id
      GROUP BY bs.starts_at, bs.ends_at
    ) slot
  );
END
$$;

-- [{id, name}] in the event's own tag order.
CREATE FUNCTION cd_render_event_tags(e events) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object('id', tg.id, 'name', tg.name) ORDER BY et.position, tg.id), '[]'::json)
    FROM event_tags et
    JOIN tags tg ON tg.club_id = et.club_id AND tg.id = et.tag_id
    WHERE et.club_id = e.club_id AND et.event_id = e.id
  );
END
$$;

-- Participants on the roster: removed ones do not count.
CREATE FUNCTION cd_event_participant_count(e events) RETURNS integer
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT count(*)::integer
    FROM participants p
    WHERE p.club_id = e.club_id AND p.event_id = e.id AND p.removed_at IS NULL
  );
END
$$;

CREATE FUNCTION cd_render_booking(b bookings) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'id', b.id,
      'object', 'booking',
      'status', b.status,
      'customer_id', b.customer_id,
      'title', b.title,
      'business_date', cd_date(b.business_date),
      'start', cd_local(b.starts_at, c.timezone),
      'end', cd_local(b.ends_at, c.timezone),
      'spaces', cd_render_booking_spaces(b, c.timezone),
      'open', b.open,
      'privacy', b.privacy,
      'party_size', b.party_size,
      'participant_count', b.participant_count,
      'max_participants', b.max_participants,
      'spots_available', greatest(b.max_participants - b.participant_count, 0),
      'created_at', cd_utc(b.created_at),
      'updated_at', cd_utc(b.updated_at),
      'canceled_at', cd_utc(b.canceled_at)
    )
    FROM clubs c
    WHERE c.club_id = b.club_id
  );
END
$$;

CREATE FUNCTION cd_render_event_session(s event_sessions, tz text) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT json_build_object(
    'business_date', cd_date(s.business_date),
    'start', cd_local(s.starts_at, tz),
    'end', cd_local(s.ends_at, tz),
    'time_slots', cd_render_session_time_slots(s, tz)
  )
$$;

-- start and end span the sessions (first start, last end); both are null while the event has
-- no session yet.
CREATE FUNCTION cd_render_event(e events) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
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
        SELECT json_agg(cd_render_event_session(s, c.timezone) ORDER BY s.business_date)
        FROM event_sessions s
        WHERE s.club_id = e.club_id AND s.event_id = e.id
      ), '[]'::json),
      'participant_count', roster.n,
      'max_participants', e.max_participants,
      'spots_available', greatest(e.max_participants - roster.n, 0),
      'tags', cd_render_event_tags(e),
      'host', cd_render_host(e.club_id, e.host_customer_id),
      'created_at', cd_utc(e.created_at),
      'updated_at', cd_utc(e.updated_at),
      'canceled_at', cd_utc(e.canceled_at)
    )
    FROM clubs c,
         LATERAL (SELECT min(s.starts_at) AS starts_at, max(s.ends_at) AS ends_at
                  FROM event_sessions s WHERE s.club_id = e.club_id AND s.event_id = e.id) span,
         LATERAL (SELECT cd_event_participant_count(e) AS n) roster
    WHERE c.club_id = e.club_id
  );
END
$$;

-- Name and email come from the customer row, so a roster entry always shows the customer's
-- current details; updated_at is the roster entry's own.
CREATE FUNCTION cd_render_participant(p participants) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'id', p.id,
      'object', 'participant',
      'event_id', p.event_id,
      'first_name', cu.first_name,
      'last_name', cu.last_name,
      'email', cu.email,
      'customer_id', p.customer_id,
      'check_in_status', p.check_in_status,
      'removed_at', cd_utc(p.removed_at),
      'updated_at', cd_utc(p.updated_at)
    )
    FROM customers cu
    WHERE cu.club_id = p.club_id AND cu.id = p.customer_id
  );
END
$$;

-- One schedule item per event session. The roster is never part of it, only the counts.
CREATE FUNCTION cd_render_event_schedule_item(e events, s event_sessions) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'id', e.id || '_' || cd_date(s.business_date),
      'object', 'schedule_item',
      'type', 'event',
      'event_id', e.id,
      'event_type', e.event_type,
      'title', e.title,
      'open', e.open,
      'privacy', e.privacy,
      'business_date', cd_date(s.business_date),
      'start', cd_local(s.starts_at, tz.name),
      'end', cd_local(s.ends_at, tz.name),
      'time_slots', cd_render_session_time_slots(s, tz.name),
      'participant_count', roster.n,
      'max_participants', e.max_participants,
      'spots_available', greatest(e.max_participants - roster.n, 0),
      'tags', cd_render_event_tags(e),
      'host', cd_render_host(e.club_id, e.host_customer_id)
    )
    FROM (SELECT cd_club_timezone(e.club_id) AS name) tz,
         LATERAL (SELECT cd_event_participant_count(e) AS n) roster
  );
END
$$;

-- One schedule item per court booking (decisions.md "Reservation items in the schedule"): no
-- event, no tags, the booking's customer as host, the booking's courts as time slots.
CREATE FUNCTION cd_render_reservation_schedule_item(b bookings) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'id', b.id || '_' || cd_date(b.business_date),
      'object', 'schedule_item',
      'type', 'reservation',
      'event_id', NULL::text,
      'event_type', NULL::text,
      'title', b.title,
      'open', b.open,
      'privacy', b.privacy,
      'business_date', cd_date(b.business_date),
      'start', cd_local(b.starts_at, tz.name),
      'end', cd_local(b.ends_at, tz.name),
      'time_slots', cd_render_booking_time_slots(b, tz.name),
      'participant_count', b.participant_count,
      'max_participants', b.max_participants,
      'spots_available', greatest(b.max_participants - b.participant_count, 0),
      'tags', '[]'::json,
      'host', cd_render_host(b.club_id, b.customer_id)
    )
    FROM (SELECT cd_club_timezone(b.club_id) AS name) tz
  );
END
$$;

-- The schedule of a window as a JSON array, ordered by start then item id. An item belongs to
-- the window by its start: starts_from <= start, and start < starts_until (a club day, whose
-- end is the next day's start) or start <= starts_until (an inclusive starts_before).
-- item_type ('event' or 'reservation') and for_space narrow it when not null. Canceled events,
-- canceled bookings and maintenance blocks never appear.
CREATE FUNCTION cd_schedule_items(
  for_club text,
  starts_from timestamptz,
  starts_until timestamptz,
  until_inclusive boolean,
  item_type text DEFAULT NULL,
  for_space text DEFAULT NULL
) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(item.body ORDER BY item.starts_at, item.id), '[]'::json)
    FROM (
      SELECT s.starts_at, e.id || '_' || cd_date(s.business_date) AS id, cd_render_event_schedule_item(e, s) AS body
      FROM event_sessions s
      JOIN events e ON e.club_id = s.club_id AND e.id = s.event_id
      WHERE s.club_id = for_club
        AND (item_type IS NULL OR item_type = 'event')
        AND s.starts_at >= starts_from
        AND s.starts_at <= starts_until
        AND (until_inclusive OR s.starts_at < starts_until)
        AND e.canceled_at IS NULL
        AND (for_space IS NULL OR EXISTS (
          SELECT 1
          FROM event_time_slots ts
          JOIN event_time_slot_spaces tss ON tss.club_id = ts.club_id AND tss.time_slot_id = ts.id
          WHERE ts.club_id = s.club_id AND ts.event_id = s.event_id AND ts.business_date = s.business_date
            AND tss.space_id = for_space
        ))
      UNION ALL
      SELECT b.starts_at, b.id || '_' || cd_date(b.business_date), cd_render_reservation_schedule_item(b)
      FROM bookings b
      WHERE b.club_id = for_club
        AND (item_type IS NULL OR item_type = 'reservation')
        AND b.status = 'confirmed'
        AND b.starts_at >= starts_from
        AND b.starts_at <= starts_until
        AND (until_inclusive OR b.starts_at < starts_until)
        AND (for_space IS NULL OR EXISTS (
          SELECT 1 FROM booking_spaces bs
          WHERE bs.club_id = b.club_id AND bs.booking_id = b.id AND bs.space_id = for_space
        ))
    ) item
  );
END
$$;
