// Liveness (the process answers) and readiness (the database answers). Public, no key.
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.ts';

export default async function health(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async () => {
    try {
      await app.pool.query('SELECT 1');
    } catch {
      throw new ApiError(503, 'api_error', 'database_unavailable', 'The database is not reachable.');
    }
    return { status: 'ready' };
  });
}
