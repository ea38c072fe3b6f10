import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getSignal, listSignals } from '../../db/signals.ts';
import { listSignalAttempts, type AttemptOutcome } from '../../db/webhook-endpoints.ts';
import { readCreatedWindow } from '../../domain/timestamps.ts';
import { ApiError } from '../../errors.ts';
import { errorResponses, IdParams, NoQuery } from '../../schemas/common.ts';
import { SignalList, SignalListQuery } from '../../schemas/signals.ts';
import { SignalAttemptListQuery, WebhookAttemptList } from '../../schemas/webhook-endpoints.ts';
import { pageSize } from '../query.ts';
import stream from './stream.ts';
import { sendRecord, sendRendered } from '../reply.ts';

const signals: FastifyPluginAsyncTypebox = async (app) => {
  const { pool } = app;
  await app.register(stream);

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
          'lacks are omitted. Entries are the stored copies, exactly as delivered. after_sequence (or starting_after) ' +
          'resumes after a point; 410 cursor_expired when retention has removed signals after it.',
        querystring: SignalListQuery,
        response: { 200: SignalList, ...errorResponses, 410: Type.Ref('ErrorEnvelope') },
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (q.after_sequence !== undefined && q.starting_after !== undefined) {
        throw ApiError.invalidParam('after_sequence', 'Give after_sequence or starting_after, not both: each says where the page starts.');
      }
      if (q.after_sequence !== undefined && q.order === 'desc') {
        throw ApiError.invalidParam('order', 'after_sequence reads forward: leave order out (or set it to asc).');
      }
      const body = await listSignals(pool, {
        clubId: request.principal.clubId,
        scopes: [...request.principal.scopes],
        limit: pageSize(q),
        startingAfter: q.starting_after,
        afterSequence: q.after_sequence,
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

  app.get(
    '/v1/signals/:id/attempts',
    {
      config: { scope: 'webhook_endpoints:write' },
      schema: {
        operationId: 'listSignalAttempts',
        tags: ['Signals'],
        summary: "List a signal's delivery attempts",
        description:
          "Every HTTP attempt to deliver the signal, to every endpoint of the club, newest first: the signal's fate at a " +
          'glance. Only endpoints whose every scope the key holds are shown, as their own attempts logs need; a deleted ' +
          "endpoint's attempts are not. outcome narrows the list; starting_after must be an attempt of this signal. 404 " +
          'for a signal the key may not read, or one retention removed.',
        params: IdParams,
        querystring: SignalAttemptListQuery,
        response: { 200: WebhookAttemptList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await listSignalAttempts(pool, {
        clubId: request.principal.clubId,
        signalId: request.params.id,
        scopes: [...request.principal.scopes],
        limit: pageSize(request.query),
        startingAfter: request.query.starting_after,
        outcome: request.query.outcome as AttemptOutcome | undefined,
      });
      return sendRecord(reply, body, 'signal', request.params.id);
    },
  );
};

export default signals;
