-- The lifecycle rules: which signal a change is. NULL means no signal.
CREATE OR REPLACE FUNCTION cd_signal_type(kind text, before json, after json, changed json) RETURNS text
LANGUAGE plpgsql IMMUTABLE
AS $$
BEGIN
  IF before IS NULL AND after IS NULL THEN
    RETURN NULL;
  END IF;
  CASE kind
    WHEN 'customer' THEN
      IF before IS NULL THEN RETURN 'customer.created'; END IF;
      IF after IS NULL THEN RETURN 'customer.archived'; END IF;  -- deleted: gone for integrators
      IF before ->> 'archived_at' IS NULL AND after ->> 'archived_at' IS NOT NULL THEN RETURN 'customer.archived'; END IF;
      IF changed IS NOT NULL THEN RETURN 'customer.updated'; END IF;
    WHEN 'subscription' THEN
      IF after IS NULL THEN RETURN NULL; END IF;
      IF before IS NULL THEN RETURN 'subscription.created'; END IF;
      IF before ->> 'status' IS DISTINCT FROM after ->> 'status' THEN
        CASE after ->> 'status'
          WHEN 'past_due' THEN RETURN 'subscription.past_due';
          WHEN 'canceled' THEN RETURN 'subscription.canceled';
          WHEN 'expired' THEN RETURN 'subscription.expired';
          ELSE NULL;
        END CASE;
      END IF;
      IF (after ->> 'current_period_end')::timestamptz > (before ->> 'current_period_end')::timestamptz
         AND after ->> 'status' IN ('active', 'trialing') THEN
        RETURN 'subscription.renewed';
      END IF;
      IF changed IS NOT NULL THEN RETURN 'subscription.updated'; END IF;
    WHEN 'booking' THEN
      IF before IS NULL AND after ->> 'status' = 'canceled' THEN RETURN NULL; END IF;  -- born canceled: nothing to see
      IF before IS NULL THEN RETURN 'booking.created'; END IF;
      IF after IS NULL THEN
        RETURN CASE WHEN before ->> 'status' = 'canceled' THEN NULL ELSE 'booking.canceled' END;
      END IF;
      IF before ->> 'status' <> 'canceled' AND after ->> 'status' = 'canceled' THEN RETURN 'booking.canceled'; END IF;
      IF changed IS NOT NULL THEN RETURN 'booking.updated'; END IF;
    WHEN 'event' THEN
      IF after IS NULL THEN RETURN NULL; END IF;
      IF before IS NULL THEN RETURN 'event.created'; END IF;
      IF changed IS NOT NULL THEN RETURN 'event.updated'; END IF;
    WHEN 'participant' THEN
      IF after IS NULL THEN
        RETURN CASE WHEN before ->> 'removed_at' IS NULL THEN 'participant.left' ELSE NULL END;
      END IF;
      IF before IS NULL OR (before ->> 'removed_at' IS NOT NULL AND after ->> 'removed_at' IS NULL) THEN
        RETURN CASE WHEN after ->> 'removed_at' IS NULL THEN 'participant.joined' ELSE NULL END;
      END IF;
      IF before ->> 'removed_at' IS NULL AND after ->> 'removed_at' IS NOT NULL THEN RETURN 'participant.left'; END IF;
      IF before ->> 'check_in_status' IS DISTINCT FROM 'checked_in' AND after ->> 'check_in_status' = 'checked_in' THEN
        RETURN 'participant.checked_in';
      END IF;
    WHEN 'webhook_endpoint' THEN
      -- Its state changes only (docs/webhooks.md, "Signals about endpoints"); a change of
      -- status says the most, so it wins when the failing state changed in the same transaction
      -- (the failure that disables an endpoint also made it failing).
      IF before IS NULL OR after IS NULL THEN RETURN NULL; END IF;
      IF before ->> 'status' = 'active' AND after ->> 'status' = 'disabled' THEN RETURN 'webhook_endpoint.disabled'; END IF;
      IF before ->> 'status' = 'disabled' AND after ->> 'status' = 'active' THEN RETURN 'webhook_endpoint.enabled'; END IF;
      IF before -> 'health' ->> 'failing_since' IS NULL AND after -> 'health' ->> 'failing_since' IS NOT NULL
         AND after ->> 'status' = 'active' THEN
        RETURN 'webhook_endpoint.failing';
      END IF;
      IF before -> 'health' ->> 'failing_since' IS NOT NULL AND after -> 'health' ->> 'failing_since' IS NULL THEN
        RETURN 'webhook_endpoint.recovered';
      END IF;
  END CASE;
  RETURN NULL;
END
$$;
