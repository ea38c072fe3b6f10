import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getOrder, listOrders } from '../../db/orders.ts';
import { readCreatedWindow } from '../../domain/timestamps.ts';
import { errorResponses, IdParams, NoQuery } from '../../schemas/common.ts';
import { OrderList, OrderListQuery } from '../../schemas/orders.ts';
import { pageSize } from '../query.ts';
import { sendRecord, sendRendered } from '../reply.ts';

const orders: FastifyPluginAsyncTypebox = async (app) => {
  const { pool } = app;

  app.get(
    '/v1/orders',
    {
      config: { scope: 'orders:read' },
      schema: {
        operationId: 'listOrders',
        tags: ['Orders'],
        summary: 'List orders',
        description:
          "Orders, oldest first, each with its line items. customer_id keeps one customer's orders; created_after and created_before bound created_at, both inclusive.",
        querystring: OrderListQuery,
        response: { 200: OrderList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await listOrders(pool, {
        clubId: request.principal.clubId,
        limit: pageSize(request.query),
        startingAfter: request.query.starting_after,
        customerId: request.query.customer_id,
        window: readCreatedWindow(request.query),
      });
      return sendRendered(reply, body);
    },
  );

  app.get(
    '/v1/orders/:id',
    {
      config: { scope: 'orders:read' },
      schema: {
        operationId: 'retrieveOrder',
        tags: ['Orders'],
        summary: 'Retrieve an order',
        description: 'The order with its line items.',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: Type.Ref('Order'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await getOrder(pool, request.principal.clubId, request.params.id);
      return sendRecord(reply, body, 'order', request.params.id);
    },
  );
};

export default orders;
