// The signal catalogue (docs/api.md "Signal types") and the read scope each type needs.
export const SIGNAL_TYPES = [
  'customer.created',
  'customer.updated',
  'customer.archived',
  'subscription.created',
  'subscription.updated',
  'subscription.renewed',
  'subscription.past_due',
  'subscription.canceled',
  'subscription.expired',
  'booking.created',
  'booking.updated',
  'booking.canceled',
  'event.created',
  'event.updated',
  'participant.joined',
  'participant.left',
  'participant.checked_in',
  'order.created',
  'order.updated',
  'transaction.created',
  'waiver.signed',
  'waiver.updated',
  'coach.created',
  'coach.updated',
  'coach.archived',
  'space.created',
  'space.updated',
  'club.updated',
  'webhook_endpoint.failing',
  'webhook_endpoint.disabled',
  'webhook_endpoint.enabled',
  'webhook_endpoint.recovered',
] as const;

export type SignalType = (typeof SIGNAL_TYPES)[number];

const SCOPE_BY_RESOURCE: Record<string, string> = {
  customer: 'customers:read',
  subscription: 'customers:read',
  booking: 'bookings:read',
  event: 'events:read',
  participant: 'events:read',
  order: 'orders:read',
  transaction: 'transactions:read',
  waiver: 'waivers:read',
  coach: 'coaches:read',
  space: 'spaces:read',
  club: 'club:read',
  // Operational signals: for whoever may manage the club's endpoints (docs/webhooks.md).
  webhook_endpoint: 'webhook_endpoints:write',
};

/** The scope a key or endpoint must hold to see signals of this type (mirrors cd_signal_scope). */
export function scopeOfSignalType(type: SignalType): string {
  return SCOPE_BY_RESOURCE[type.split('.')[0]!]!;
}

/** The scopes signals require: the only scopes a webhook endpoint can hold. */
export const SIGNAL_SCOPES: readonly string[] = [...new Set(SIGNAL_TYPES.map(scopeOfSignalType))];
