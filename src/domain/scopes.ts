// The scope catalogue (docs/api.md "Authentication and scopes").

/** Read scopes every new key holds unless others are asked for. */
export const DEFAULT_SCOPES = [
  'club:read',
  'customers:read',
  'spaces:read',
  'coaches:read',
  'schedule:read',
  'bookings:read',
  'events:read',
  'orders:read',
  'transactions:read',
  'waivers:read',
] as const;

/** Held only when requested at key creation. */
export const OPT_IN_SCOPES = ['signals:read', 'webhook_endpoints:write'] as const;

export const ALL_SCOPES: readonly string[] = [...DEFAULT_SCOPES, ...OPT_IN_SCOPES];

export type Scope = (typeof DEFAULT_SCOPES)[number] | (typeof OPT_IN_SCOPES)[number];

export function isScope(value: string): value is Scope {
  return ALL_SCOPES.includes(value);
}
