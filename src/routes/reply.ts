// Handlers send the JSON that PostgreSQL rendered as it is: the bytes are never re-serialised.
import type { FastifyReply } from 'fastify';
import type { Read } from '../db/watermark.ts';
import { ApiError } from '../errors.ts';

/** The header carrying a read's watermark (src/db/watermark.ts). */
export const SIGNAL_SEQUENCE_HEADER = 'signal-sequence';

/** Sends a rendered body; a read also carries the watermark of the snapshot that rendered it. */
export function sendRendered(reply: FastifyReply, rendered: string | Read): FastifyReply {
  if (typeof rendered === 'string') return reply.type('application/json; charset=utf-8').send(rendered);
  return reply.header(SIGNAL_SEQUENCE_HEADER, rendered.sequence).type('application/json; charset=utf-8').send(rendered.body);
}

/** Sends one rendered record, or the 404 that both unknown and other clubs' ids get. */
export function sendRecord(reply: FastifyReply, rendered: string | Read | null, what: string, id: string): FastifyReply {
  if (rendered === null) throw ApiError.notFound(what, id);
  return sendRendered(reply, rendered);
}
