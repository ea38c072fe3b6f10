-- The representation of any signal-bearing resource, exactly as its endpoint returns it.
CREATE OR REPLACE FUNCTION cd_render_resource(kind text, club text, resource text) RETURNS json
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  rendered json;
BEGIN
  CASE kind
    WHEN 'customer' THEN
      SELECT cd_render_customer(t) INTO rendered FROM customers t WHERE t.club_id = club AND t.id = resource;
    WHEN 'subscription' THEN
      SELECT cd_render_subscription(t) INTO rendered FROM subscriptions t WHERE t.club_id = club AND t.id = resource;
    WHEN 'booking' THEN
      SELECT cd_render_booking(t) INTO rendered FROM bookings t WHERE t.club_id = club AND t.id = resource;
    WHEN 'event' THEN
      SELECT cd_render_event(t) INTO rendered FROM events t WHERE t.club_id = club AND t.id = resource;
    WHEN 'participant' THEN
      SELECT cd_render_participant(t) INTO rendered FROM participants t WHERE t.club_id = club AND t.id = resource;
    WHEN 'webhook_endpoint' THEN
      -- A deleted endpoint has no state left to signal.
      SELECT cd_render_webhook_endpoint(t) INTO rendered FROM webhook_endpoints t
       WHERE t.club_id = club AND t.id = resource AND t.deleted_at IS NULL;
  END CASE;
  RETURN rendered;
END
$$;
