// Who may act on an existing endpoint (docs/webhooks.md "Who may change an endpoint"). An
// endpoint receives the signals its scopes cover, so whoever holds its secret or chooses its url
// can read them, and can forge them to its receiver. Every write on an endpoint (update of any
// field, rotate_secret, delete, recover, resend) and the attempts log therefore need a key holding
// every scope the endpoint holds, on top of webhook_endpoints:write. Creating needs nothing more:
// an endpoint never holds a scope its creating key lacks (readScopes). Reading an endpoint and
// the list stay open to any webhook_endpoints:write key: they show configuration, no secret and
// no signal.
import type { EndpointGuard } from '../../db/webhook-endpoints.ts';
import { ApiError } from '../../errors.ts';
import type { Principal } from '../../plugins/auth.ts';

/** The guard the endpoint writes run with the row locked: 403 insufficient_scope naming what the key lacks. */
export function holdsEveryEndpointScope(principal: Principal): EndpointGuard {
  return (current) => {
    const lacking = current.scopes.filter((scope) => !principal.scopes.has(scope));
    if (lacking.length > 0) {
      throw new ApiError(
        403,
        'permission_error',
        'insufficient_scope',
        `This API key lacks ${lacking.join(', ')}, which the endpoint holds; only a key holding every scope of an endpoint may change it, rotate its secret, delete it, recover or resend to it, or read its attempts.`,
      );
    }
  };
}
