import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listSpaces } from '../../db/spaces.ts';
import { errorResponses, NoQuery } from '../../schemas/common.ts';
import { SpaceList } from '../../schemas/spaces.ts';
import { sendRendered } from '../reply.ts';

const spaces: FastifyPluginAsyncTypebox = async (app) => {
  const { pool } = app;

  app.get(
    '/v1/spaces',
    {
      config: { scope: 'spaces:read' },
      schema: {
        operationId: 'listSpaces',
        tags: ['Spaces'],
        summary: 'List spaces',
        description:
          "Every bookable court and room of the club, whatever its visibility, in the club's display order. Not paginated; no parameters.",
        querystring: NoQuery,
        response: { 200: SpaceList, ...errorResponses },
      },
    },
    async (request, reply) => sendRendered(reply, await listSpaces(pool, request.principal.clubId)),
  );
};

export default spaces;
