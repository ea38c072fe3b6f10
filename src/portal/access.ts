// Who a portal request is, and what it may do (docs/portal.md). A portal page carries no API
// key: its session cookie names a session, which holds the club, scopes and mode of the key
// that made it. The portal's calls go to the API's own routes mounted under /portal/api
// (portal/index.ts), where auth.ts asks this module instead of reading a key; every rule past
// that point (scopes, validation, what an endpoint's scopes require) is the API's.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findPortalSession } from '../db/portal-sessions.ts';
import type { Pool } from '../db/pool.ts';
import { hashPortalToken, isWellFormedPortalToken, PORTAL_SESSION_PREFIX, type PortalMode } from '../domain/portal-sessions.ts';
import { ApiError } from '../errors.ts';

export const PORTAL_COOKIE = 'clubdata_portal';
/** The header a portal page sends its CSRF token in, with every change. */
export const CSRF_HEADER = 'x-csrf-token';

/** The session a portal request holds: its id and its mode. */
export interface PortalAccess {
  sessionId: string;
  mode: PortalMode;
}

/** The session cookie's value, when the request carries one (no cookie parser: one name is read). */
export function sessionCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === PORTAL_COOKIE) return value.join('=');
  }
  return undefined;
}

/**
 * The CSRF token of a session: an HMAC of a fixed label under the session's own token, so that
 * it needs no storage, differs per session, and cannot be made without the cookie, which no
 * script reads (HttpOnly). GET /portal/session hands it to the portal's pages; a page of
 * another site can neither read it nor send the custom header without a preflight we refuse.
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('clubdata portal csrf').digest('base64url');
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const noSession = () =>
  new ApiError(401, 'authentication_error', 'portal_session_missing', 'No portal session: open a portal link to start one (it lasts an hour).');

/** The live session a request's cookie names, with its token; null when there is none. */
export async function readPortalSession(pool: Pool, request: FastifyRequest) {
  const token = sessionCookie(request);
  if (!isWellFormedPortalToken(token, PORTAL_SESSION_PREFIX)) return null;
  const session = await findPortalSession(pool, hashPortalToken(token));
  return session ? { session, token } : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The principal of a portal request to the API's routes: the session's club, scopes and the
 * club's timezone, as a key's would be. A change (any method but GET and HEAD) must come from
 * the portal's own page (Origin) with the session's CSRF token, and from a session that may
 * manage: a read_only session is refused every change here, whatever its page shows.
 *
 * The request has its principal before those checks, as a key's request has before its scope
 * check: a refused change is logged with the session's club, and counted in its budget.
 */
export async function authenticatePortal(pool: Pool, request: FastifyRequest, publicUrl: string) {
  const found = await readPortalSession(pool, request);
  if (!found) throw noSession();
  const { session, token } = found;
  const portal: PortalAccess = { sessionId: session.id, mode: session.mode };
  const principal = { keyId: session.keyId, clubId: session.clubId, scopes: new Set(session.scopes), timezone: session.timezone, portal };
  request.principal = principal;
  if (!SAFE_METHODS.has(request.method)) {
    checkChangeFromPortal(request, token, publicUrl);
    if (session.mode !== 'manage') {
      throw new ApiError(403, 'permission_error', 'portal_read_only', 'This portal session is read-only: it shows everything and changes nothing.');
    }
  }
  return principal;
}

/**
 * A change must come from the portal's own page: not from another site (Origin), and carrying
 * the session's CSRF token, which only the portal's pages are given.
 */
export function checkChangeFromPortal(request: FastifyRequest, sessionToken: string, publicUrl: string): void {
  checkSameOrigin(request, publicUrl);
  const given = request.headers[CSRF_HEADER];
  if (typeof given !== 'string' || !sameToken(given, csrfTokenOf(sessionToken))) {
    throw new ApiError(
      403,
      'permission_error',
      'csrf_token_invalid',
      `This change did not come from the portal's own page (its ${CSRF_HEADER} header is missing or wrong): reload the page and try again.`,
    );
  }
}

/**
 * A browser's request from another site is refused: a page elsewhere must not start a session
 * of its own choosing in the visitor's browser (login CSRF), nor change anything in one.
 * Browsers send Origin on every cross-origin POST. The service's own origin is the host the
 * request was sent to, or PUBLIC_URL's (a proxy in front may pass on another Host).
 */
export function checkSameOrigin(request: FastifyRequest, publicUrl: string): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let url: URL | null = null;
  try {
    url = new URL(origin);
  } catch {
    // "null" (a sandboxed page, a file) and the like: not this service.
  }
  if (url === null || (url.host !== request.headers.host && url.origin !== new URL(publicUrl).origin)) {
    throw new ApiError(403, 'permission_error', 'cross_site_request', "Portal requests are accepted from the portal's own pages only.");
  }
}

/**
 * What every portal answer carries: nothing cached, nothing of ours leaked onward, scripts,
 * styles and connections from the service itself only (no inline script, nothing remote), and
 * no framing but by the origins an operator allows (PORTAL_FRAME_ANCESTORS). X-Frame-Options
 * can only deny all, so it is sent only then; browsers that know CSP follow frame-ancestors.
 */
export function portalHeaders(reply: FastifyReply, frameAncestors: readonly string[]): void {
  reply.header('cache-control', 'no-store');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-content-type-options', 'nosniff');
  if (frameAncestors.length === 0) reply.header('x-frame-options', 'DENY');
  const ancestors = frameAncestors.length === 0 ? "'none'" : frameAncestors.join(' ');
  reply.header(
    'content-security-policy',
    `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; ` +
      `frame-ancestors ${ancestors}; base-uri 'none'; form-action 'self'`,
  );
}
