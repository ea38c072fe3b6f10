// Portal sessions (docs/portal.md). A server-side key with webhook_endpoints:write makes one
// (POST /v1/portal_sessions) and hands its single-use link to a person; the portal's start page
// posts the link's token to POST /portal/session (portal/index.ts), which starts the session in
// a cookie. No API key is ever in a browser, and a session never exceeds the key that made it
// (its scopes, its club, its life: revoking the key ends it).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createPortalSession, endPortalSession } from '../../db/portal-sessions.ts';
import { generatePortalToken, hashPortalToken, PORTAL_LINK_PREFIX, PORTAL_LINK_TTL_MS } from '../../domain/portal-sessions.ts';
import { ApiError } from '../../errors.ts';
import { errorResponses, IdParams, NoQuery } from '../../schemas/common.ts';
import { CreatePortalSessionBody } from '../../schemas/portal-sessions.ts';

const portalSessions: FastifyPluginAsyncTypebox = async (app) => {
  const { pool, config } = app;

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
};

export default portalSessions;
