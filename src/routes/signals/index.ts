import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getSignal, listSignals } from '../../db/signals.ts';
import { readCreatedWindow } from '../../domain/timestamps.ts';
import { errorResponses, IdParams, NoQuery } from '../../schemas/common.ts';
import { SignalList, SignalListQuery } from '../../schemas/signals.ts';
import { pageSize } from '../query.ts';
import { sendRecord, sendRendered } from '../reply.ts';

const signals: FastifyPluginAsyncTypebox = async (app) => {
  const { pool } = app;

  app.get(
    '/v1/signals',
    {
      config: { scope: 'signals:read' },
      schema: {
        operationId: 'listSignals',
        tags: ['Signals'],
        summary: 'List signals',
        description:
          'The signal history, oldest first by sequence (order=desc for latest first). Signals whose scope the key ' +
          'lacks are omitted. Entries are the stored copies, exactly as delivered.',
        querystring: SignalListQuery,
        response: { 200: SignalList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const body = await listSignals(pool, {
        clubId: request.principal.clubId,
        scopes: [...request.principal.scopes],
        limit: pageSize(q),
        startingAfter: q.starting_after,
        order: q.order === 'desc' ? 'desc' : 'asc',
        type: q.type,
        resourceId: q.resource_id,
        window: readCreatedWindow(q),
      });
      return sendRendered(reply, body);
    },
  );

  app.get(
    '/v1/signals/:id',
    {
      config: { scope: 'signals:read' },
      schema: {
        operationId: 'retrieveSignal',
        tags: ['Signals'],
        summary: 'Retrieve a signal',
        description: 'One signal exactly as stored at emit time.',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: Type.Ref('Signal'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await getSignal(pool, request.principal.clubId, request.params.id, [...request.principal.scopes]);
      return sendRecord(reply, body, 'signal', request.params.id);
    },
  );
};

export default signals;
