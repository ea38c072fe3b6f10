import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getCustomer, listCustomers } from '../../db/customers.ts';
import { errorResponses, IdParams } from '../../schemas/common.ts';
import { CustomerList, CustomerListQuery, CustomerQuery } from '../../schemas/customers.ts';
import { includes, pageSize } from '../query.ts';
import { sendRecord, sendRendered } from '../reply.ts';

const customers: FastifyPluginAsyncTypebox = async (app) => {
  const { pool } = app;

  app.get(
    '/v1/customers',
    {
      config: { scope: 'customers:read' },
      schema: {
        operationId: 'listCustomers',
        tags: ['Customers'],
        summary: 'List customers',
        description:
          'Customers with a club relationship, oldest relationship first. Archived customers only with include=archived.',
        querystring: CustomerListQuery,
        response: { 200: CustomerList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const include = includes(request.query.include);
      const body = await listCustomers(pool, {
        clubId: request.principal.clubId,
        limit: pageSize(request.query),
        startingAfter: request.query.starting_after,
        email: request.query.email,
        includeArchived: include.has('archived'),
        includeEndedSubscriptions: include.has('ended_subscriptions'),
      });
      return sendRendered(reply, body);
    },
  );

  app.get(
    '/v1/customers/:id',
    {
      config: { scope: 'customers:read' },
      schema: {
        operationId: 'retrieveCustomer',
        tags: ['Customers'],
        summary: 'Retrieve a customer',
        description: 'Archived customers too, with archived_at set.',
        params: IdParams,
        querystring: CustomerQuery,
        response: { 200: Type.Ref('Customer'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const include = includes(request.query.include);
      const body = await getCustomer(pool, request.principal.clubId, request.params.id, include.has('ended_subscriptions'));
      return sendRecord(reply, body, 'customer', request.params.id);
    },
  );
};

export default customers;
