import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listWaivers } from '../../db/waivers.ts';
import { readCreatedWindow } from '../../domain/timestamps.ts';
import { errorResponses } from '../../schemas/common.ts';
import { WaiverList, WaiverListQuery } from '../../schemas/waivers.ts';
import { pageSize } from '../query.ts';
import { sendRendered } from '../reply.ts';

const waivers: FastifyPluginAsyncTypebox = async (app) => {
  const { pool } = app;

  app.get(
    '/v1/waivers',
    {
      config: { scope: 'waivers:read' },
      schema: {
        operationId: 'listWaivers',
        tags: ['Waivers'],
        summary: 'List signed waivers',
        description:
          'The waiver log, oldest signature first. created_after and created_before bound signed_at, both inclusive. Each entry carries its status, computed when read.',
        querystring: WaiverListQuery,
        response: { 200: WaiverList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await listWaivers(pool, {
        clubId: request.principal.clubId,
        limit: pageSize(request.query),
        startingAfter: request.query.starting_after,
        window: readCreatedWindow(request.query),
      });
      return sendRendered(reply, body);
    },
  );
};

export default waivers;
