import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getEvent, getParticipant, listEvents, listParticipants } from '../../db/events.ts';
import { errorResponses, IdParams, NoQuery } from '../../schemas/common.ts';
import { EventList, EventListQuery, ParticipantList, ParticipantListQuery, ParticipantParams } from '../../schemas/events.ts';
import { includes, pageSize } from '../query.ts';
import { sendRecord, sendRendered } from '../reply.ts';

const events: FastifyPluginAsyncTypebox = async (app) => {
  const { pool } = app;

  // Not in the contract, which names events only by id: without a list, a copy of the club's
  // events (the SDK's mirror) could not be made whole (docs/api.md, "Resources").
  app.get(
    '/v1/events',
    {
      config: { scope: 'events:read' },
      schema: {
        operationId: 'listEvents',
        tags: ['Events'],
        summary: 'List events',
        description: 'Events (leagues, clinics, camps...), oldest first, each as GET /v1/events/{id} shows it. Cancelled events only with include=canceled.',
        querystring: EventListQuery,
        response: { 200: EventList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await listEvents(pool, {
        clubId: request.principal.clubId,
        limit: pageSize(request.query),
        startingAfter: request.query.starting_after,
        includeCanceled: includes(request.query.include).has('canceled'),
      });
      return sendRendered(reply, body);
    },
  );

  app.get(
    '/v1/events/:id',
    {
      config: { scope: 'events:read' },
      schema: {
        operationId: 'retrieveEvent',
        tags: ['Events'],
        summary: 'Retrieve an event',
        description:
          'The whole event: every session with its time slots, the counts, tags and host. Cancelled events too, with canceled_at set. The roster is at /v1/events/{id}/participants.',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: Type.Ref('Event'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await getEvent(pool, request.principal.clubId, request.params.id);
      return sendRecord(reply, body, 'event', request.params.id);
    },
  );

  app.get(
    '/v1/events/:id/participants',
    {
      config: { scope: 'events:read' },
      schema: {
        operationId: 'listEventParticipants',
        tags: ['Events'],
        summary: "List an event's participants",
        description:
          'The roster, oldest join first. Removed participants only with include=removed. starting_after must be a participant of this event.',
        params: IdParams,
        querystring: ParticipantListQuery,
        response: { 200: ParticipantList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await listParticipants(pool, {
        clubId: request.principal.clubId,
        eventId: request.params.id,
        limit: pageSize(request.query),
        startingAfter: request.query.starting_after,
        includeRemoved: includes(request.query.include).has('removed'),
      });
      return sendRecord(reply, body, 'event', request.params.id);
    },
  );

  app.get(
    '/v1/events/:id/participants/:participant_id',
    {
      config: { scope: 'events:read' },
      schema: {
        operationId: 'retrieveEventParticipant',
        tags: ['Events'],
        summary: 'Retrieve a participant',
        description:
          'One roster entry, removed ones too (with removed_at set). A participant of another event, an event of another club and an unknown id all give the same 404.',
        params: ParticipantParams,
        querystring: NoQuery,
        response: { 200: Type.Ref('Participant'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id, participant_id: participantId } = request.params;
      const body = await getParticipant(pool, request.principal.clubId, id, participantId);
      return sendRecord(reply, body, 'participant', participantId);
    },
  );
};

export default events;
