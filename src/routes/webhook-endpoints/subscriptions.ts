// What an endpoint may subscribe to, beyond what the body schema says (docs/webhooks.md
// "Create"): signal types from the catalogue or the wildcard alone, scopes that signals require
// and the key holds, and every named type covered by the scopes. Create and update share them.
import { OPT_IN_SCOPES } from '../../domain/scopes.ts';
import { SIGNAL_SCOPES, scopeOfSignalType, SIGNAL_TYPES, type SignalType } from '../../domain/signal-types.ts';
import { ApiError } from '../../errors.ts';

const WILDCARD = '*';

/** Signal types without duplicates; every one in the catalogue, or the wildcard alone. */
export function readSignalTypes(values: readonly string[]): string[] {
  const unique = [...new Set(values)];
  const unknown = unique.find((v) => v !== WILDCARD && !(SIGNAL_TYPES as readonly string[]).includes(v));
  if (unknown !== undefined) {
    throw ApiError.invalidParam(
      'signal_types',
      `Invalid signal_types: '${unknown}' is not a signal type. Known types: ${SIGNAL_TYPES.join(', ')}; or ["*"] for all.`,
    );
  }
  if (unique.includes(WILDCARD) && unique.length > 1) {
    throw ApiError.invalidParam(
      'signal_types',
      'Invalid signal_types: "*" already means every type, so it must be the only entry.',
    );
  }
  return unique;
}

/**
 * The endpoint's scopes without duplicates: each one a scope signals require and held by the
 * key. Absent, they default to the key's read scopes among those signals require: the signals
 * about endpoints (scope webhook_endpoints:write) go only to an endpoint that names that scope,
 * as a key holds it only when asked for, so that an endpoint made before they existed, or for
 * the club's data, never starts getting them unasked.
 */
export function readScopes(values: readonly string[] | undefined, keyScopes: ReadonlySet<string>): string[] {
  if (values === undefined) {
    const held = SIGNAL_SCOPES.filter((s) => keyScopes.has(s) && !(OPT_IN_SCOPES as readonly string[]).includes(s));
    if (held.length === 0) {
      throw ApiError.invalidParam(
        'scopes',
        `Invalid scopes: this API key holds none of the scopes signals require (${SIGNAL_SCOPES.join(', ')}), so the endpoint could receive nothing.`,
      );
    }
    return held;
  }
  const unique = [...new Set(values)];
  if (unique.length === 0) {
    throw ApiError.invalidParam('scopes', 'Invalid scopes: an endpoint needs at least one scope, or it receives nothing.');
  }
  for (const scope of unique) {
    if (!SIGNAL_SCOPES.includes(scope)) {
      throw ApiError.invalidParam(
        'scopes',
        `Invalid scopes: '${scope}' is not a scope any signal requires; an endpoint's scopes can only be ${SIGNAL_SCOPES.join(', ')}.`,
      );
    }
    if (!keyScopes.has(scope)) {
      throw ApiError.invalidParam(
        'scopes',
        `Invalid scopes: this API key lacks ${scope}, and an endpoint never holds a scope the key that sets it lacks.`,
      );
    }
  }
  return unique;
}

/**
 * Every named type must be receivable with the scopes: a subscription that could never deliver
 * is a mistake to report now, not silence to debug later. The wildcard means "whatever the
 * scopes cover", so it always passes.
 */
export function checkTypesCovered(signalTypes: readonly string[], scopes: readonly string[], param: string): void {
  for (const type of signalTypes) {
    if (type === WILDCARD) continue;
    const needed = scopeOfSignalType(type as SignalType);
    if (!scopes.includes(needed)) {
      throw ApiError.invalidParam(
        param,
        `Invalid ${param}: ${type} signals require ${needed}, which the endpoint's scopes (${scopes.join(', ')}) do not hold.`,
      );
    }
  }
}
