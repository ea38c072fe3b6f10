import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NoQuery } from '../../schemas/common.ts';
import { SIGNAL_CATALOGUE } from '../../schemas/signal-catalogue.ts';
import { SignalTypeList } from '../../schemas/signals.ts';
import { sendRendered } from '../reply.ts';

// Public, like the OpenAPI document it repeats: the catalogue is the same for every club.
const body = JSON.stringify({ object: 'list', data: SIGNAL_CATALOGUE, has_more: false, url: '/v1/signal_types' });

const signalTypes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/signal_types',
    {
      schema: {
        operationId: 'listSignalTypes',
        tags: ['Signals'],
        summary: 'List signal types',
        description:
          'The signal catalogue: each type with the scope a key or endpoint needs to see it, what it says happened, and the ' +
          'JSON Schema of its data.object. Needs no key.',
        querystring: NoQuery,
        security: [],
        response: { 200: SignalTypeList },
      },
    },
    async (_request, reply) => sendRendered(reply, body),
  );
};

export default signalTypes;
