// The OpenAPI 3.1 document is generated from the route schemas, so it cannot drift from what
// the routes validate. Served at GET /v1/openapi.json; a reference page at /docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
