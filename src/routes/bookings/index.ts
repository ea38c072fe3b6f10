import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getBooking, listBookings } from '../../db/bookings.ts';
import { BookingList, BookingListQuery } from '../../schemas/bookings.ts';
import { errorResponses, IdParams, NoQuery } from '../../schemas/common.ts';
import { includes, pageSize } from '../query.ts';
import { sendRecord, sendRendered } from '../reply.ts';

const bookings: FastifyPluginAsyncTypebox = async (app) => {
  const { pool } = app;

  app.get(
    '/v1/bookings',
    {
      config: { scope: 'bookings:read' },
      schema: {
        operationId: 'listBookings',
        tags: ['Bookings'],
        summary: 'List bookings',
        description: 'Court bookings, oldest first. Confirmed bookings only, unless include=canceled.',
        querystring: BookingListQuery,
        response: { 200: BookingList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await listBookings(pool, {
        clubId: request.principal.clubId,
        limit: pageSize(request.query),
        startingAfter: request.query.starting_after,
        includeCanceled: includes(request.query.include).has('canceled'),
      });
      return sendRendered(reply, body);
    },
  );

  app.get(
    '/v1/bookings/:id',
    {
      config: { scope: 'bookings:read' },
      schema: {
        operationId: 'retrieveBooking',
        tags: ['Bookings'],
        summary: 'Retrieve a booking',
        description:
          'Cancelled bookings too, with status canceled and canceled_at set. An event id gives 404: events are at /v1/events/{id}.',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: Type.Ref('Booking'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await getBooking(pool, request.principal.clubId, request.params.id);
      return sendRecord(reply, body, 'booking', request.params.id);
    },
  );
};

export default bookings;
