// Handlers send the JSON that PostgreSQL rendered as it is: the bytes are never re-serialised.
import type { FastifyReply } from 'fastify';
import { ApiError } from '../errors.ts';

export function sendRendered(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

/** Sends one rendered record, or the 404 that both unknown and other clubs' ids get. */
export function sendRecord(reply: FastifyReply, body: string | null, what: string, id: string): FastifyReply {
  if (body === null) throw ApiError.notFound(what, id);
  return sendRendered(reply, body);
}
