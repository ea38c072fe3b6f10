// The OpenAPI 3.1 document is generated from the route schemas, so it cannot drift from what
// the routes validate. Served at GET /v1/openapi.json; a reference page at /docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

type Operation = { responses?: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }> };
type Document = { paths?: Record<string, Record<string, Operation>> };

const SIGNAL_SEQUENCE = {
  description:
    "The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first " +
    'signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N ' +
    '(docs/api.md, "Following a club").',
  schema: { type: 'string', pattern: '^[0-9]+$' },
};

/** Every JSON read (a GET under /v1/ answering 200 with JSON) lists the headers it always carries. */
function withReadHeaders(document: Document): Document {
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith('/v1/')) continue;
    const ok = operations.get?.responses?.['200'];
    if (!ok?.content?.['application/json']) continue;
    ok.headers = { ...ok.headers, 'Signal-Sequence': SIGNAL_SEQUENCE };
  }
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
      transformObject: (object) => withReadHeaders(('openapiObject' in object ? object.openapiObject : {}) as Document),
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
