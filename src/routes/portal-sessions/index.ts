// Portal sessions (docs/portal.md). A server-side key with webhook_endpoints:write makes one
// (POST /v1/portal_sessions) and hands its single-use link to a person; the portal's start page
// posts the link's token, read from the fragment, to POST /portal/session, which starts the
// session in a cookie; GET /portal/session says which session a page holds. No API key is ever
// in a browser, and a session never exceeds the key that made it (its scopes, its club, its
// life: revoking the key ends it).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { createPortalSession, endPortalSession, findPortalSession, redeemPortalLink, type LinkRefusal } from '../../db/portal-sessions.ts';
import {
  generatePortalToken,
  hashPortalToken,
  isWellFormedPortalToken,
  PORTAL_LINK_PREFIX,
  PORTAL_LINK_TTL_MS,
  PORTAL_SESSION_PREFIX,
  PORTAL_SESSION_TTL_MS,
} from '../../domain/portal-sessions.ts';
import { ApiError } from '../../errors.ts';
import { errorResponses, IdParams, NoQuery } from '../../schemas/common.ts';
import { CreatePortalSessionBody, PortalSessionStateSchema, RedeemPortalLinkBody } from '../../schemas/portal-sessions.ts';

export const PORTAL_COOKIE = 'clubdata_portal';

const REFUSALS: Record<LinkRefusal, [string, string]> = {
  unknown: ['portal_link_invalid', 'This is not a portal link, or not one of this service: ask for a new link.'],
  used: ['portal_link_used', 'This portal link was opened already; a link starts one session only: ask for a new link.'],
  expired: ['portal_link_expired', 'This portal link has expired (a link works for 10 minutes): ask for a new link.'],
  ended: ['portal_link_invalid', 'This portal session was ended, or the key that made it no longer works: ask for a new link.'],
};

/** The cookie's value, when the request carries one (no cookie parser: one name is read). */
function sessionCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === PORTAL_COOKIE) return value.join('=');
  }
  return undefined;
}

/**
 * A browser's request from another site is refused: a page elsewhere must not start a session
 * of its own choosing in the visitor's browser (login CSRF). Browsers send Origin on every
 * cross-origin POST; the JSON body the route requires already needs a preflight from elsewhere.
 * The service's own origin is the host the request was sent to, or PUBLIC_URL's (a proxy in
 * front may pass on another Host).
 */
function checkSameOrigin(request: FastifyRequest, publicUrl: string): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let url: URL | null = null;
  try {
    url = new URL(origin);
  } catch {
    // "null" (a sandboxed page, a file) and the like: not this service.
  }
  if (url === null || (url.host !== request.headers.host && url.origin !== new URL(publicUrl).origin)) {
    throw new ApiError(403, 'permission_error', 'cross_site_request', 'Portal requests are accepted from the portal\'s own pages only.');
  }
}

/**
 * What every portal answer carries: nothing cached, nothing of ours leaked onward, and no
 * framing but by the origins an operator allows (PORTAL_FRAME_ANCESTORS). X-Frame-Options can
 * only deny all, so it is sent only then; browsers that know CSP follow frame-ancestors.
 */
function portalHeaders(reply: FastifyReply, frameAncestors: readonly string[]): void {
  reply.header('cache-control', 'no-store');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-content-type-options', 'nosniff');
  if (frameAncestors.length === 0) reply.header('x-frame-options', 'DENY');
  const ancestors = frameAncestors.length === 0 ? "'none'" : frameAncestors.join(' ');
  reply.header('content-security-policy', `default-src 'none'; frame-ancestors ${ancestors}; base-uri 'none'; form-action 'self'`);
}

const portalSessions: FastifyPluginAsyncTypebox = async (app) => {
  const { pool, config } = app;
  const secure = config.environment !== 'development';

  app.post(
    '/v1/portal_sessions',
    {
      config: { scope: 'webhook_endpoints:write' },
      schema: {
        operationId: 'createPortalSession',
        tags: ['Portal sessions'],
        summary: 'Create a portal session',
        description:
          'A single-use link to the club\'s webhook portal (docs/portal.md), valid for 10 minutes, for a person who should see ' +
          '(read_only) or manage their endpoints without an API key in their browser. The session it starts lasts an hour, ' +
          'holds this key\'s scopes and no more, and ends when the key is revoked or the session deleted.',
        querystring: NoQuery,
        body: CreatePortalSessionBody,
        response: { 200: Type.Ref('PortalSession'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const token = generatePortalToken(PORTAL_LINK_PREFIX);
      const session = await createPortalSession(pool, {
        clubId: request.principal.clubId,
        mode: request.body.mode,
        scopes: [...request.principal.scopes],
        keyId: request.principal.keyId,
        linkHash: hashPortalToken(token),
        linkTtlMs: PORTAL_LINK_TTL_MS,
      });
      return reply.send({
        id: session.id,
        object: 'portal_session',
        mode: session.mode,
        scopes: session.scopes,
        url: `${config.publicUrl}/portal/start#${token}`,
        expires_at: session.expiresAt,
      });
    },
  );

  app.delete(
    '/v1/portal_sessions/:id',
    {
      config: { scope: 'webhook_endpoints:write' },
      schema: {
        operationId: 'deletePortalSession',
        tags: ['Portal sessions'],
        summary: 'End a portal session',
        description: 'Its link stops working, and so does the session if it was started: the next request of its pages is refused.',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: Type.Ref('DeletedPortalSession'), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await endPortalSession(pool, request.principal.clubId, request.params.id))) throw ApiError.notFound('portal_session', request.params.id);
      return reply.send({ id: request.params.id, object: 'portal_session', deleted: true });
    },
  );

  // The portal's own routes: not the API's (no key, and not in the OpenAPI document). Their
  // headers are set before anything else runs, so that every answer has them, a refused body too.
  const portalRoute = {
    onRequest: (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      portalHeaders(reply, config.portalFrameAncestors);
      done();
    },
  };

  app.post(
    '/portal/session',
    { ...portalRoute, schema: { hide: true, querystring: NoQuery, body: RedeemPortalLinkBody } },
    async (request, reply) => {
      checkSameOrigin(request, config.publicUrl);
      const { token } = request.body;
      const refusal = (why: LinkRefusal) => {
        const [code, message] = REFUSALS[why];
        return new ApiError(400, 'invalid_request_error', code, message, 'token');
      };
      if (!isWellFormedPortalToken(token, PORTAL_LINK_PREFIX)) throw refusal('unknown');
      const sessionToken = generatePortalToken(PORTAL_SESSION_PREFIX);
      const result = await redeemPortalLink(pool, hashPortalToken(token), hashPortalToken(sessionToken), PORTAL_SESSION_TTL_MS);
      if ('refused' in result) throw refusal(result.refused);
      const cookie = [
        `${PORTAL_COOKIE}=${sessionToken}`,
        'Path=/portal',
        'HttpOnly',
        'SameSite=Strict',
        `Max-Age=${PORTAL_SESSION_TTL_MS / 1000}`,
        ...(secure ? ['Secure'] : []),
      ].join('; ');
      return reply.header('set-cookie', cookie).code(204).send();
    },
  );

  app.get(
    '/portal/session',
    { ...portalRoute, schema: { hide: true, querystring: NoQuery, response: { 200: PortalSessionStateSchema } } },
    async (request, reply) => {
      const token = sessionCookie(request);
      const session = isWellFormedPortalToken(token, PORTAL_SESSION_PREFIX) ? await findPortalSession(pool, hashPortalToken(token)) : null;
      if (!session) {
        throw new ApiError(401, 'authentication_error', 'portal_session_missing', 'No portal session: open a portal link to start one (it lasts an hour).');
      }
      return reply.send({ id: session.id, object: 'portal_session', club_id: session.clubId, mode: session.mode, scopes: session.scopes, expires_at: session.expiresAt });
    },
  );
};

export default portalSessions;
