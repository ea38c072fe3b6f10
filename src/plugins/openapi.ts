// The OpenAPI 3.1 document is generated from the route schemas, so it cannot drift from what
// the routes validate. Served at GET /v1/openapi.json; a reference page at /docs. What the route
// schemas cannot say is added here, once for every operation (completeDocument): the headers
// every response carries, the errors any request may get, the signal types' discriminator, and
// the webhooks a receiver gets, and the values `signal_types` and `scopes` take in request bodies
// (checked by the handlers, which name the wrong value in their message).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SIGNAL_SCOPES, SIGNAL_TYPES } from '../domain/signal-types.ts';
import { SIGNAL_TYPE_DESCRIPTIONS, signalSchemaId } from '../schemas/signals.ts';

type Json = Record<string, unknown>;
type Response = { description?: string; content?: Record<string, unknown>; headers?: Record<string, unknown> };
type Operation = {
  operationId?: string;
  responses?: Record<string, Response>;
  security?: unknown[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Json }> };
};
type Document = { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Json> }; webhooks?: Json };

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const header = (description: string, schema: Json = { type: 'string' }) => ({ description, schema });

const SIGNAL_SEQUENCE = header(
  "The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first " +
    'signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N ' +
    '(docs/api.md, "Following a club").',
  { type: 'string', pattern: '^[0-9]+$' },
);
const EVERY_RESPONSE = {
  'X-Request-Id': header('The request id (req_...), also in error bodies and in our logs.'),
  'RateLimit-Limit': header('Requests allowed in the current window (IETF draft RateLimit headers).', { type: 'integer' }),
  'RateLimit-Remaining': header('Requests left in the current window.', { type: 'integer' }),
  'RateLimit-Reset': header('Seconds until the window resets.', { type: 'integer' }),
};
const ERRORS_ANYWHERE: Record<string, string> = {
  405: 'The path exists but not with this method; Allow lists the methods it takes.',
  500: 'An error on our side; the request id identifies it in our logs.',
  503: 'The database cannot be reached for now (database_unavailable); Retry-After says when to try again.',
};

/** A delivery to a webhook endpoint, for the document's webhooks section. */
function delivery(type: (typeof SIGNAL_TYPES)[number]): Json {
  const signed = (name: string, description: string) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });
  return {
    post: {
      summary: type,
      description:
        `${SIGNAL_TYPE_DESCRIPTIONS[type]} Delivered to every endpoint subscribed to ${type} whose scopes cover it, signed the ` +
        'Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; ' +
        'anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.',
      operationId: `deliver.${type}`,
      parameters: [
        signed('webhook-id', 'The signal id: the same on every retry, your deduplication key'),
        signed('webhook-timestamp', 'Unix seconds when this attempt was signed'),
        signed('webhook-signature', 'v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated'),
      ],
      requestBody: { required: true, content: { 'application/json': { schema: ref(signalSchemaId(type)) } } },
      responses: { '2XX': { description: 'Received: not sent again' } },
      security: [],
    },
  };
}

/** The values each list field of a request body takes: what a client generator turns into a union. */
const BODY_LIST_VALUES: Record<string, readonly string[]> = { signal_types: ['*', ...SIGNAL_TYPES], scopes: SIGNAL_SCOPES };

/**
 * Operations whose body may be left out (a POST without one counts as {}, plugins/input-guard.ts):
 * the swagger plugin calls every body required. Update's fields are all optional too, but an
 * empty update is refused, so its body stays required.
 */
const OPTIONAL_BODIES = new Set(['rotateWebhookEndpointSecret']);

function enumerateBodyLists(schema: Json | undefined): void {
  const properties = schema?.properties as Record<string, { items?: Json }> | undefined;
  for (const [name, values] of Object.entries(BODY_LIST_VALUES)) {
    const items = properties?.[name]?.items;
    if (items) items.enum = [...values];
  }
}

export function completeDocument(document: Document): Document {
  const envelope = { 'application/json': { schema: ref('ErrorEnvelope') } };
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith('/v1/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const responses = (operation.responses ??= {});
      for (const [status, description] of Object.entries(ERRORS_ANYWHERE)) responses[status] ??= { description, content: envelope };
      for (const [status, response] of Object.entries(responses)) {
        response.headers = { ...response.headers, ...EVERY_RESPONSE };
        if (status === '429' || status === '503') response.headers['Retry-After'] = header('Seconds to wait before trying again.', { type: 'integer' });
      }
      enumerateBodyLists(operation.requestBody?.content?.['application/json']?.schema);
      if (operation.requestBody && OPTIONAL_BODIES.has(operation.operationId ?? '')) operation.requestBody.required = false;
      // Every JSON read of the club's data (public routes, with security [], have no club).
      const ok = responses['200'];
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      if (method === 'get' && !isPublic && ok?.content?.['application/json']) ok.headers = { ...ok.headers, 'Signal-Sequence': SIGNAL_SEQUENCE };
    }
  }
  const signal = document.components?.schemas?.Signal;
  if (signal) {
    signal.discriminator = {
      propertyName: 'type',
      mapping: Object.fromEntries(SIGNAL_TYPES.map((type) => [type, ref(signalSchemaId(type)).$ref])),
    };
  }
  document.webhooks = Object.fromEntries(SIGNAL_TYPES.map((type) => [type, delivery(type)]));
  return document;
}

export default fp(
  async function openapi(app: FastifyInstance, options: { serverUrl: string }) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Club Data Service API',
          version: 'v1',
          description:
            "Read one club's data per API key, and receive signals when it changes. Errors use one envelope: " +
            '`{"error": {"type", "code", "message", "param", "request_id"}}`.',
        },
        servers: [{ url: options.serverUrl }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'cd_live_... API key' } },
        },
        security: [{ bearerAuth: [] }],
      },
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
      transformObject: (object) => completeDocument(('openapiObject' in object ? object.openapiObject : {}) as Document),
    });
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
    app.get(
      '/v1/openapi.json',
      { schema: { hide: true } },
      async (_request, reply) => reply.type('application/json; charset=utf-8').send(app.swagger()),
    );
  },
  { name: 'openapi' },
);
