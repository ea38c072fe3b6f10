import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getClub } from '../../db/club.ts';
import { errorResponses, NoQuery } from '../../schemas/common.ts';
import { sendRecord } from '../reply.ts';

const club: FastifyPluginAsyncTypebox = async (app) => {
  const { pool } = app;

  app.get(
    '/v1/club',
    {
      config: { scope: 'club:read' },
      schema: {
        operationId: 'retrieveClub',
        tags: ['Club'],
        summary: 'Retrieve the club',
        description: "The key's club. Its timezone is the one that interprets times from the other endpoints.",
        querystring: NoQuery,
        response: { 200: Type.Ref('Club'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await getClub(pool, request.principal.clubId);
      return sendRecord(reply, body, 'club', request.principal.clubId);
    },
  );
};

export default club;
