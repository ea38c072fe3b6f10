import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getCoach, listCoaches } from '../../db/coaches.ts';
import { CoachList, CoachListQuery } from '../../schemas/coaches.ts';
import { errorResponses, IdParams, NoQuery } from '../../schemas/common.ts';
import { includes } from '../query.ts';
import { sendRecord, sendRendered } from '../reply.ts';

const coaches: FastifyPluginAsyncTypebox = async (app) => {
  const { pool } = app;

  app.get(
    '/v1/coaches',
    {
      config: { scope: 'coaches:read' },
      schema: {
        operationId: 'listCoaches',
        tags: ['Coaches'],
        summary: 'List coaches',
        description:
          'Coaches in display order, not paginated. Active coaches only unless include=archived; other include values are ignored.',
        querystring: CoachListQuery,
        response: { 200: CoachList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const includeArchived = includes(request.query.include).has('archived');
      return sendRendered(reply, await listCoaches(pool, request.principal.clubId, includeArchived));
    },
  );

  app.get(
    '/v1/coaches/:id',
    {
      config: { scope: 'coaches:read' },
      schema: {
        operationId: 'retrieveCoach',
        tags: ['Coaches'],
        summary: 'Retrieve a coach',
        description: 'Archived coaches too.',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: Type.Ref('Coach'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await getCoach(pool, request.principal.clubId, request.params.id);
      return sendRecord(reply, body, 'coach', request.params.id);
    },
  );
};

export default coaches;
