import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listSchedule } from '../../db/schedule.ts';
import { readScheduleWindow } from '../../domain/schedule-window.ts';
import { errorResponses } from '../../schemas/common.ts';
import { ScheduleList, ScheduleQuery } from '../../schemas/schedule.ts';
import { sendRendered } from '../reply.ts';

const schedule: FastifyPluginAsyncTypebox = async (app) => {
  const { pool } = app;

  app.get(
    '/v1/schedule',
    {
      config: { scope: 'schedule:read' },
      schema: {
        operationId: 'listSchedule',
        tags: ['Schedule'],
        summary: 'List the schedule',
        description:
          "Event sessions and court bookings (type reservation) whose start falls in one club-local day (date, default today) or in the inclusive window starts_after..starts_before (at most 31 days), ordered by start then id. One item per event session: a multi-day event gives several items with the same event_id. Cancelled events and bookings are left out. Not paginated.",
        querystring: ScheduleQuery,
        response: { 200: ScheduleList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await listSchedule(pool, {
        clubId: request.principal.clubId,
        window: readScheduleWindow(request.query),
        type: request.query.type,
        spaceId: request.query.space_id,
      });
      return sendRendered(reply, body);
    },
  );
};

export default schedule;
