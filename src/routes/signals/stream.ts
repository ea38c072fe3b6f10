// GET /v1/signals/stream: the club's signals as they commit, as server-sent events, resumable from
// any point the history still holds (docs/api.md, "Following a club"). Each event is one signal,
// `id:` its sequence, `data:` its stored copy, byte for byte; an idle stream sends a heartbeat and
// `event: watermark` with the sequence it has reached, so a filtered or quiet client's cursor
// moves too. plugins/signal-streams.ts wakes the streams and ends them.
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { closeStream, openStream, STREAM_STALE_SECONDS } from '../../db/signal-streams.ts';
import { readSignalsAfter, type SignalBatch } from '../../db/signals.ts';
import { isDatabaseUnreachable, type Pool } from '../../db/pool.ts';
import { CursorExpired } from '../../domain/errors.ts';
import { SIGNAL_TYPES } from '../../domain/signal-types.ts';
import { ApiError } from '../../errors.ts';
import { logBackgroundError } from '../../lifecycle.ts';
import { describeRequest, noteOnRequestLine, writeRequestLine } from '../../plugins/request-log.ts';
import type { FollowingStream, SignalStreams } from '../../plugins/signal-streams.ts';
import { errorResponses } from '../../schemas/common.ts';

/** Signals read per statement; a stream far behind catches up in batches of this size. */
const BATCH = 500;
/** How long an ended stream's response may take to finish before its connection is dropped. */
const END_GRACE_MS = 2000;
/** How long an EventSource waits before it reconnects after the stream ends. */
const RETRY_MS = 1000;

const SignalStreamQuery = Type.Object(
  {
    after_sequence: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'Resume after this sequence (a Signal-Sequence header, a watermark event). Last-Event-ID, when sent, wins.',
      }),
    ),
    type: Type.Optional(Type.String({ enum: [...SIGNAL_TYPES], description: 'One exact signal type' })),
  },
  { additionalProperties: false },
);

/** The cursor a client resumes from: Last-Event-ID (an EventSource reconnecting) before after_sequence. */
function readCursor(request: FastifyRequest, afterSequence: number | undefined): { after: number | null; param: string } {
  const header = request.headers['last-event-id'];
  if (header !== undefined) {
    const value = Array.isArray(header) ? header.join(',') : header;
    const after = /^[0-9]{1,16}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(after)) {
      throw ApiError.invalidParam('Last-Event-ID', `Invalid Last-Event-ID: must be a signal sequence from 0 to ${Number.MAX_SAFE_INTEGER} in decimal digits.`);
    }
    return { after, param: 'Last-Event-ID' };
  }
  return { after: afterSequence ?? null, param: 'after_sequence' };
}

/** One server-sent event; every line of the data gets its own `data:` field. */
function event(name: string, id: number, data: string): string {
  return `id: ${id}\nevent: ${name}\n${data.split('\n').map((line) => `data: ${line}`).join('\n')}\n\n`;
}

interface StreamOptions {
  id: string;
  pool: Pool;
  registry: SignalStreams;
  request: FastifyRequest;
  follow: { clubId: string; scopes: string[]; type: string | undefined; param: string };
  cursor: number;
  out: PassThrough;
  /** The response: destroyed when a stream that was ended does not finish (a client that stopped reading). */
  raw: ServerResponse;
}

class SignalStream implements FollowingStream {
  readonly id: string;
  readonly clubId: string;
  cursor: number;
  readonly #options: StreamOptions;
  #lastSent = Date.now();
  #events = 0;
  #pumping: Promise<void> | undefined;
  #again = false;
  #ended = false;

  constructor(options: StreamOptions) {
    this.#options = options;
    this.id = options.id;
    this.clubId = options.follow.clubId;
    this.cursor = options.cursor;
  }

  /** Sends a batch read before the stream started (or by pump) and moves the cursor past it. */
  send(batch: SignalBatch): void {
    for (const signal of batch.signals) this.#write('signal', signal.sequence, signal.body);
    this.cursor = Math.max(this.cursor, batch.through);
  }

  sendWatermark(): void {
    this.#write('watermark', this.cursor, JSON.stringify({ sequence: this.cursor }), ': heartbeat\n');
  }

  wake(): void {
    if (this.#ended) return;
    if (this.#pumping) {
      this.#again = true;
      return;
    }
    this.#pumping = this.#pump()
      .catch((error: unknown) => {
        // The database is gone, or retention overtook a stream left behind: the client
        // reconnects, and its Last-Event-ID gets the answer in the envelope (503, 410).
        if (error instanceof CursorExpired || isDatabaseUnreachable(error)) {
          this.#options.request.log.debug({ stream: this.id, cause: (error as Error).message }, 'signal stream cannot go on');
        } else {
          logBackgroundError(this.#options.request.log, error, 'signal stream read failed');
        }
        this.end('reading the signals failed');
      })
      .finally(() => {
        this.#pumping = undefined;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  keepAlive(now: number, idleMs: number): void {
    if (!this.#ended && now - this.#lastSent >= idleMs) this.sendWatermark();
  }

  end(reason: string): void {
    if (this.#ended) return;
    this.#ended = true;
    const { registry, request, pool, out } = this.#options;
    registry.remove(this);
    noteOnRequestLine(request, { events: this.#events });
    request.log.debug({ stream: this.id, reason, events: this.#events, cursor: this.cursor }, 'signal stream ended');
    out.end();
    // A client that stopped reading would hold the response (and the server's shutdown) open.
    const { raw } = this.#options;
    setTimeout(() => {
      if (!raw.writableFinished) raw.destroy();
    }, END_GRACE_MS).unref();
    void closeStream(pool, this.id).catch(() => {});
  }

  async #pump(): Promise<void> {
    const { pool, follow, out } = this.#options;
    for (;;) {
      this.#again = false;
      const batch = await readSignalsAfter(pool, { ...follow, after: this.cursor, limit: BATCH });
      if (this.#ended) return;
      this.send(batch);
      // A slow client: wait until it has read what was sent, or until it is gone (the response
      // closing destroys the stream, and 'drain' would never come).
      if (out.destroyed || this.#ended) return;
      if (out.writableNeedDrain) {
        await new Promise<void>((resolve) => {
          const done = () => {
            out.off('drain', done);
            out.off('close', done);
            resolve();
          };
          out.once('drain', done);
          out.once('close', done);
        });
      }
      if (batch.signals.length < BATCH && !this.#again) return;
    }
  }

  #write(name: 'signal' | 'watermark', id: number, data: string, prefix = ''): void {
    if (this.#ended) return;
    this.#options.out.write(prefix + event(name, id, data));
    this.#lastSent = Date.now();
    this.#events += 1;
    this.#options.registry.metrics.signalStreamEvents.inc({ event: name });
  }
}

const stream: FastifyPluginAsyncTypebox = async (app) => {
  const { pool, signalStreams: registry } = app;

  app.get(
    '/v1/signals/stream',
    {
      config: { scope: 'signals:read' },
      schema: {
        operationId: 'streamSignals',
        tags: ['Signals'],
        summary: 'Stream signals as they commit',
        description:
          'Server-sent events: one `event: signal` per signal in sequence order, `id:` its sequence, `data:` the stored copy ' +
          'exactly as GET /v1/signals/{id} returns it; signals whose scope the key lacks are left out. Resumes after ' +
          'Last-Event-ID or after_sequence (410 cursor_expired, as a normal error response, when retention removed signals ' +
          'after it); without either, starts at the club’s current sequence, sent at once as `event: watermark`. A stream ' +
          'that has sent nothing for 15 s sends a heartbeat comment and `event: watermark` with `id:` the sequence it has ' +
          'reached: resuming from it loses nothing. At most 5 streams per key (429 for another). Ends when the key is ' +
          'revoked and when the server shuts down: reconnect with Last-Event-ID.',
        querystring: SignalStreamQuery,
        response: {
          200: {
            description: 'text/event-stream',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          ...errorResponses,
          410: Type.Ref('ErrorEnvelope'),
        },
      },
    },
    async (request, reply) => {
      const { principal } = request;
      const cursor = readCursor(request, request.query.after_sequence);
      const follow = { clubId: principal.clubId, scopes: [...principal.scopes], type: request.query.type, param: cursor.param };
      const shuttingDown = () =>
        new ApiError(503, 'api_error', 'shutting_down', 'This server is shutting down. Reconnect and resume from your last event id.');
      if (!registry.accepting) throw shuttingDown();
      // Watched from the start: a client may leave during the reads below, and its close would
      // otherwise go unseen, leaving a stream (and a place in the key's quota) to no one.
      const opened: { stream?: SignalStream } = {};
      let gone = false;
      reply.raw.once('close', () => {
        gone = true;
        if (!opened.stream) return;
        opened.stream.end('connection closed');
        // A stream the client ended never finishes its response, so the request log's
        // onResponse hook does not run: its line is written here, as it would have been.
        if (!reply.raw.writableFinished) writeRequestLine(request.log, describeRequest(request, reply, reply.elapsedTime));
      });
      // The resume rules (410, 400) answer here, before the stream starts, in the envelope.
      const first = await readSignalsAfter(pool, { ...follow, after: cursor.after, limit: BATCH });
      reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-store').header('x-accel-buffering', 'no');
      // HEAD answers the headers and takes no place in the quota.
      if (request.method === 'HEAD') return reply.send('');
      const id = `sst_${randomUUID().replaceAll('-', '')}`;
      const portalSession = principal.portal?.sessionId;
      if (!(await openStream(pool, { id, keyId: principal.keyId, portalSession, max: registry.perKey }))) {
        // A place frees when the client closes a stream, or when the streams of a process that
        // died stop counting: within STREAM_STALE_SECONDS.
        throw new ApiError(
          429,
          'rate_limit_error',
          'too_many_streams',
          portalSession
            ? `The portal sessions of this API key have ${registry.perKey} signal streams open already; close one first.`
            : `This API key has ${registry.perKey} signal streams open already; close one first.`,
          undefined,
          { 'retry-after': String(STREAM_STALE_SECONDS) },
        );
      }
      // Looked at again after the awaits: the client may have gone, the server begun to stop.
      if (gone || !registry.accepting) {
        await closeStream(pool, id);
        if (!gone) throw shuttingDown();
        reply.hijack();
        return reply;
      }
      const out = new PassThrough();
      const following = new SignalStream({ id, pool, registry, request, follow, cursor: cursor.after ?? first.through, out, raw: reply.raw });
      opened.stream = following;
      out.write(`retry: ${RETRY_MS}\n\n`);
      if (cursor.after === null) following.sendWatermark();
      following.send(first);
      registry.add(following);
      // Whatever committed between the first read and the registration.
      following.wake();
      return reply.send(out);
    },
  );
};

export default stream;
