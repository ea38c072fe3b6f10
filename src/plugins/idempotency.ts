// Idempotency-Key on POST requests, with Stripe's semantics (docs/api.md "Idempotent
// requests"): the first request with a key runs; a repeat from the same API key with the same
// method, path and body within 24 hours gets the first answer back, byte for byte, marked
// `Idempotent-Replayed: true`, and with the first request's X-Request-Id (the request_id of an
// error body). Answers of 5xx are not kept (the client should retry), 4xx are.
//
// It applies to every authenticated POST route, present and future, and runs as a preHandler:
// after authentication and schema validation (a request refused by either never ran, so
// nothing is remembered, as Stripe does) and before the handler.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  type HeldClaim,
} from '../db/idempotency-keys.ts';
import type { Pool } from '../db/pool.ts';
import type { SecretBox } from '../domain/secrets.ts';
import { ApiError } from '../errors.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const MAX_KEY_LENGTH = 255;
const WELL_FORMED_KEY = new RegExp(`^[\\x20-\\x7e]{1,${MAX_KEY_LENGTH}}$`);

export interface IdempotencyOptions {
  pool: Pool;
  /** Seals the stored answers: a create's answer holds a webhook secret. */
  secretBox: SecretBox;
}

const keyError = (code: string, message: string, status = 400) =>
  new ApiError(status, 'invalid_request_error', code, message, IDEMPOTENCY_HEADER);

/** The header's value, or undefined when absent; 400 naming the header when malformed. */
export function readIdempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  const key = Array.isArray(value) ? value.join(', ') : value;
  if (!WELL_FORMED_KEY.test(key)) {
    throw keyError(
      'parameter_invalid',
      `Invalid ${IDEMPOTENCY_HEADER}: must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters, such as a UUID.`,
    );
  }
  return key;
}

/** What makes two requests "the same": method, path with query, and the parsed body. */
function requestHash(request: FastifyRequest): Buffer {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest();
}

const appliesTo = (method: string, scope: unknown) => method === 'POST' && scope !== undefined;

// Documents the header on every POST operation of the OpenAPI document, and the 409.
function documentHeader(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!methods.some((m) => appliesTo(m, route.config?.scope)) || !route.schema) return;
  const schema = route.schema as { headers?: unknown; response?: Record<string, unknown> };
  schema.headers ??= Type.Object({
    [IDEMPOTENCY_HEADER.toLowerCase()]: Type.Optional(
      Type.String({
        description:
          'Up to 255 printable ASCII characters (a UUID, say). The request runs once; repeats with the same key, ' +
          'method, path and body within 24 hours get the first answer, with Idempotent-Replayed: true.',
      }),
    ),
  });
  if (schema.response) schema.response[409] ??= Type.Ref('ErrorEnvelope');
}

export default fp<IdempotencyOptions>(
  async function idempotency(app: FastifyInstance, options: IdempotencyOptions) {
    const { pool, secretBox } = options;
    const claims = new WeakMap<FastifyRequest, HeldClaim>();
    /** Replaying requests, with the id of the first request, whose answer they send. */
    const replays = new WeakMap<FastifyRequest, string>();

    app.addHook('onRoute', documentHeader);

    app.addHook('preHandler', async (request, reply) => {
      if (!appliesTo(request.method, request.routeOptions.config.scope)) return;
      const key = readIdempotencyKey(request);
      if (key === undefined) return;
      const result = await claimIdempotencyKey(
        pool,
        { apiKeyId: request.principal.keyId, key },
        { hash: requestHash(request), requestId: request.id },
      );
      switch (result.outcome) {
        case 'claimed':
          claims.set(request, result.claim);
          return;
        case 'mismatch':
          throw keyError(
            'idempotency_key_reused',
            `This ${IDEMPOTENCY_HEADER} was used with another request (method, path or body) in the last 24 hours; use a new key for a new request.`,
          );
        case 'in_progress':
          throw keyError(
            'idempotency_key_in_use',
            `A request with this ${IDEMPOTENCY_HEADER} is still in progress; retry once it has answered.`,
            409,
          );
        case 'replay':
          // The replay's request line keeps its own id (reqId) and names the first request's,
          // so operators find both.
          request.log = request.log.child({ replayed_request_id: result.firstRequestId });
          replays.set(request, result.firstRequestId);
          return reply
            .code(result.statusCode)
            .type(result.contentType)
            .header(REPLAYED_HEADER, 'true')
            .send(secretBox.open(result.sealedBody));
      }
    });

    // Before the answer leaves, so that a repeat sent the moment it arrives finds it stored.
    app.addHook('onSend', async (request, reply, payload) => {
      // After error-handler.ts has set this request's own id (a dependency below).
      const firstRequestId = replays.get(request);
      if (firstRequestId !== undefined) reply.header('x-request-id', firstRequestId);
      const claim = claims.get(request);
      if (!claim) return payload;
      claims.delete(request);
      try {
        if (reply.statusCode >= 500 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
          await releaseIdempotencyKey(pool, claim);
        } else {
          const body = Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
          const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
          await completeIdempotencyKey(pool, claim, { statusCode: reply.statusCode, contentType, sealedBody: secretBox.seal(body) });
        }
      } catch (error) {
        // The answer still goes out; the record stays "in progress" until it counts as abandoned.
        request.log.error({ err: error }, 'could not store the idempotent answer');
      }
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['auth', 'error-handler'] },
);
