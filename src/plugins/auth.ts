// Authentication and authorisation, in the order docs/api.md fixes ("Authentication and scopes"): the key (401), the club's
// API access (403 feature_not_enabled), then the route's scope (403 insufficient_scope). It runs
// in onRequest, so it answers before any parameter is validated. Routes without a `scope` in
// their config (health, OpenAPI, docs) are public. Before all of that, a key in the query
// string is refused on every /v1 route, public ones included (docs/api.md). The API's routes
// mounted for the portal's pages (/portal/api/v1/...) read a session cookie instead of a key
// (portal/access.ts: the session, then CSRF and read-only for a change), then the same scope.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findKeyByHash, type KeyRecord } from '../db/api-keys.ts';
import type { Pool } from '../db/pool.ts';
import { API_KEY_PREFIX, hashApiKey, isWellFormedApiKey } from '../domain/api-keys.ts';
import type { Scope } from '../domain/scopes.ts';
import { ApiError } from '../errors.ts';
import { authenticatePortal, type PortalAccess } from '../portal/access.ts';

export interface Principal {
  keyId: string;
  clubId: string;
  scopes: ReadonlySet<string>;
  timezone: string;
  /** Set when the request comes from a portal page (its session cookie) rather than a key. */
  portal?: PortalAccess | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a key must hold; absent on public routes. */
    scope?: Scope;
    /** The route is the API's, mounted for the portal's pages: a session cookie instead of a key (portal/access.ts). */
    portal?: boolean;
  }
  interface FastifyRequest {
    principal: Principal;
  }
}

export interface AuthOptions {
  pool: Pool;
  /** The service's public address: a portal change must come from its origin. */
  publicUrl: string;
  /** How long a key lookup may be reused. Revocation takes effect within this time. */
  cacheMs: number;
}

const authError = (code: string, message: string) => new ApiError(401, 'authentication_error', code, message);

// Lookups are cached briefly per process; entries expire, they are never refreshed in place,
// so a revoked key is refused on every instance within cacheMs.
class KeyCache {
  private readonly entries = new Map<string, { record: KeyRecord | null; at: number }>();
  private readonly pool: Pool;
  private readonly ttl: number;

  constructor(pool: Pool, ttl: number) {
    this.pool = pool;
    this.ttl = ttl;
  }

  async lookup(key: string): Promise<KeyRecord | null> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttl) return hit.record;
    const record = await findKeyByHash(this.pool, hashApiKey(key));
    if (this.ttl > 0) {
      if (this.entries.size > 10_000) this.entries.clear();
      // Unknown keys are not cached: random keys would only fill the map.
      if (record) this.entries.set(key, { record, at: now });
      else this.entries.delete(key);
    }
    return record;
  }
}

async function authenticate(cache: KeyCache, request: FastifyRequest): Promise<Principal> {
  const header = request.headers.authorization;
  if (!header) {
    throw authError('api_key_missing', 'No API key provided. Send it as "Authorization: Bearer <API_KEY>".');
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match || !isWellFormedApiKey(match[1]!)) {
    throw authError('api_key_invalid', 'Invalid API key: expected "Authorization: Bearer cd_live_...".');
  }
  const record = await cache.lookup(match[1]!);
  if (!record) throw authError('api_key_invalid', 'Invalid API key provided.');
  if (record.revokedAt) throw authError('api_key_revoked', 'This API key has been revoked.');
  if (record.expiresAt && record.expiresAt.getTime() <= Date.now()) {
    throw authError('api_key_expired', 'This API key has expired.');
  }
  if (!record.apiAccess) {
    throw new ApiError(403, 'feature_not_enabled', 'api_access_disabled', 'API access is not enabled for this club.');
  }
  return { keyId: record.id, clubId: record.clubId, scopes: new Set(record.scopes), timezone: record.timezone };
}

/**
 * Whether the query string carries an API key: an `api_key` parameter, or any parameter whose
 * name or value is shaped like a key. A key in a URL ends up in browser histories and proxy
 * logs, so it is refused (and never logged, request-log.ts) rather than used or ignored.
 */
function carriesKeyInQuery(request: FastifyRequest): boolean {
  if (!request.url.includes('?')) return false;
  for (const [name, value] of Object.entries(request.query as Record<string, unknown>)) {
    if (name === 'api_key' || name.startsWith(API_KEY_PREFIX)) return true;
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'string' && v.startsWith(API_KEY_PREFIX))) return true;
  }
  return false;
}

const keyInQueryError = () =>
  authError('api_key_in_query', 'API keys are not accepted in the query string. Send the key in the header "Authorization: Bearer <API_KEY>" instead.');

export function requireScope(principal: Principal, scope: string): void {
  if (!principal.scopes.has(scope)) {
    throw new ApiError(403, 'permission_error', 'insufficient_scope', `This API key lacks the ${scope} scope.`);
  }
}

export default fp<AuthOptions>(
  async function auth(app: FastifyInstance, options: AuthOptions) {
    const cache = new KeyCache(options.pool, options.cacheMs);
    app.decorateRequest('principal', null as unknown as Principal);
    // A refusal is kept until preParsing instead of thrown here, so that the rate limiter's
    // onRequest hook still counts the request (per key, or per address without a valid key)
    // and a 401/403 carries the RateLimit headers like every other response. preParsing runs
    // before validation, so the order key, access, scope, parameters is unchanged.
    const refusals = new WeakMap<FastifyRequest, unknown>();
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.url?.startsWith('/v1/') && carriesKeyInQuery(request)) {
        refusals.set(request, keyInQueryError());
        return;
      }
      const scope = request.routeOptions.config.scope;
      if (!scope) return;
      try {
        request.principal = request.routeOptions.config.portal
          ? await authenticatePortal(options.pool, request, options.publicUrl)
          : await authenticate(cache, request);
        requireScope(request.principal, scope);
      } catch (error) {
        refusals.set(request, error);
      }
    });
    app.addHook('preParsing', async (request) => {
      if (refusals.has(request)) throw refusals.get(request);
    });
  },
  { name: 'auth' },
);
