-- The lifecycle rules: which signal a change is. NULL means no signal.
--
-- One CASE expression in a SQL function, which the planner inlines into the commit-time pass
-- (sql/README.md, "Renderers"), with no call per resource. STABLE, not IMMUTABLE: reading a
-- timestamp from text depends on settings, and a function declared stricter than its body is
-- not inlined.
CREATE OR REPLACE FUNCTION cd_signal_type(kind text, before json, after json, changed json) RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT CASE
    WHEN before IS NULL AND after IS NULL THEN NULL
    WHEN kind = 'customer' THEN
      CASE
        WHEN before IS NULL THEN 'customer.created'
        WHEN after IS NULL THEN 'customer.archived'  -- deleted: gone for integrators
        WHEN before ->> 'archived_at' IS NULL AND after ->> 'archived_at' IS NOT NULL THEN 'customer.archived'
        WHEN changed IS NOT NULL THEN 'customer.updated'
      END
    WHEN kind = 'subscription' THEN
      CASE
        WHEN after IS NULL THEN NULL
        WHEN before IS NULL THEN 'subscription.created'
        WHEN before ->> 'status' IS DISTINCT FROM after ->> 'status' AND after ->> 'status' IN ('past_due', 'canceled', 'expired')
          THEN 'subscription.' || (after ->> 'status')
        WHEN (after ->> 'current_period_end')::timestamptz > (before ->> 'current_period_end')::timestamptz
             AND after ->> 'status' IN ('active', 'trialing') THEN 'subscription.renewed'
        WHEN changed IS NOT NULL THEN 'subscription.updated'
      END
    WHEN kind = 'booking' THEN
      CASE
        WHEN before IS NULL AND after ->> 'status' = 'canceled' THEN NULL  -- born canceled: nothing to see
        WHEN before IS NULL THEN 'booking.created'
        WHEN after IS NULL THEN CASE WHEN before ->> 'status' = 'canceled' THEN NULL ELSE 'booking.canceled' END
        WHEN before ->> 'status' <> 'canceled' AND after ->> 'status' = 'canceled' THEN 'booking.canceled'
        WHEN changed IS NOT NULL THEN 'booking.updated'
      END
    WHEN kind = 'event' THEN
      CASE
        WHEN after IS NULL THEN NULL
        WHEN before IS NULL THEN 'event.created'
        WHEN changed IS NOT NULL THEN 'event.updated'
      END
    WHEN kind = 'participant' THEN
      CASE
        WHEN after IS NULL THEN CASE WHEN before ->> 'removed_at' IS NULL THEN 'participant.left' END
        WHEN before IS NULL OR (before ->> 'removed_at' IS NOT NULL AND after ->> 'removed_at' IS NULL) THEN
          CASE WHEN after ->> 'removed_at' IS NULL THEN 'participant.joined' END
        WHEN before ->> 'removed_at' IS NULL AND after ->> 'removed_at' IS NOT NULL THEN 'participant.left'
        WHEN before ->> 'check_in_status' IS DISTINCT FROM 'checked_in' AND after ->> 'check_in_status' = 'checked_in'
          THEN 'participant.checked_in'
      END
    WHEN kind = 'order' THEN
      -- Its status, or its line items and so its amount; an order deleted makes no signal (orders
      -- are voided, not deleted: docs/api.md "Signal types").
      CASE
        WHEN after IS NULL THEN NULL
        WHEN before IS NULL THEN 'order.created'
        WHEN changed IS NOT NULL THEN 'order.updated'
      END
    WHEN kind = 'transaction' THEN
      -- The ledger only grows: a charge or a refund is a row of its own.
      CASE WHEN before IS NULL AND after IS NOT NULL THEN 'transaction.created' END
    WHEN kind = 'waiver' THEN
      -- Its status as computed at the write (invalidated by staff or by a higher required
      -- version); a status that changes with time alone (expired) has no write to signal it.
      CASE
        WHEN after IS NULL THEN NULL
        WHEN before IS NULL THEN 'waiver.signed'
        WHEN before ->> 'status' IS DISTINCT FROM after ->> 'status' THEN 'waiver.updated'
      END
    WHEN kind = 'coach' THEN
      CASE
        WHEN before IS NULL THEN 'coach.created'
        WHEN after IS NULL THEN 'coach.archived'  -- deleted: gone for integrators
        WHEN before ->> 'status' IS DISTINCT FROM 'archived' AND after ->> 'status' = 'archived' THEN 'coach.archived'
        WHEN changed IS NOT NULL THEN 'coach.updated'
      END
    WHEN kind = 'space' THEN
      CASE
        WHEN after IS NULL THEN NULL
        WHEN before IS NULL THEN 'space.created'
        WHEN changed IS NOT NULL THEN 'space.updated'
      END
    WHEN kind = 'club' THEN
      CASE WHEN before IS NOT NULL AND after IS NOT NULL AND changed IS NOT NULL THEN 'club.updated' END
    WHEN kind = 'webhook_endpoint' THEN
      -- Its state changes only (docs/webhooks.md, "Signals about endpoints"); a change of
      -- status says the most, so it wins when the failing state changed in the same transaction
      -- (the failure that disables an endpoint also made it failing).
      CASE
        WHEN before IS NULL OR after IS NULL THEN NULL
        WHEN before ->> 'status' = 'active' AND after ->> 'status' = 'disabled' THEN 'webhook_endpoint.disabled'
        WHEN before ->> 'status' = 'disabled' AND after ->> 'status' = 'active' THEN 'webhook_endpoint.enabled'
        WHEN before -> 'health' ->> 'failing_since' IS NULL AND after -> 'health' ->> 'failing_since' IS NOT NULL
             AND after ->> 'status' = 'active' THEN 'webhook_endpoint.failing'
        WHEN before -> 'health' ->> 'failing_since' IS NOT NULL AND after -> 'health' ->> 'failing_since' IS NULL
          THEN 'webhook_endpoint.recovered'
      END
  END
$$;
