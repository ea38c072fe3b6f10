import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listTransactions } from '../../db/transactions.ts';
import { readCreatedWindow } from '../../domain/timestamps.ts';
import { errorResponses } from '../../schemas/common.ts';
import { TransactionList, TransactionListQuery } from '../../schemas/transactions.ts';
import { pageSize } from '../query.ts';
import { sendRendered } from '../reply.ts';

const transactions: FastifyPluginAsyncTypebox = async (app) => {
  const { pool } = app;

  app.get(
    '/v1/transactions',
    {
      config: { scope: 'transactions:read' },
      schema: {
        operationId: 'listTransactions',
        tags: ['Transactions'],
        summary: 'List transactions',
        description:
          "The money-movement ledger, oldest first. created_after and created_before bound each transaction's own created_at, both inclusive: a refund counts at its own time, so summing amount over a window gives that window's net cash movement.",
        querystring: TransactionListQuery,
        response: { 200: TransactionList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await listTransactions(pool, {
        clubId: request.principal.clubId,
        limit: pageSize(request.query),
        startingAfter: request.query.starting_after,
        window: readCreatedWindow(request.query),
      });
      return sendRendered(reply, body);
    },
  );
};

export default transactions;
