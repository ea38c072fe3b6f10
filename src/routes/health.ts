// Liveness (the process answers) and readiness (the database answers, and Redis when the service
// uses it). Public, no key. Probes get a bucket of their own, far above any probe rate, so that a
// client over its limit never turns a load balancer's health check into a 429; the RateLimit
// headers stay, as on every response.
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { ApiError } from '../errors.ts';
import { databaseUnavailable } from '../plugins/error-handler.ts';

const PROBE_LIMIT = { max: 1000, timeWindow: 1000 };

export default async function health(app: FastifyInstance, options: { redis: Redis | undefined }) {
  app.get('/healthz', { schema: { hide: true }, config: { rateLimit: PROBE_LIMIT } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true }, config: { rateLimit: PROBE_LIMIT } }, async () => {
    try {
      await app.pool.query('SELECT 1');
    } catch {
      throw databaseUnavailable();
    }
    if (options.redis) {
      try {
        await options.redis.ping();
      } catch {
        throw new ApiError(503, 'api_error', 'redis_unavailable', 'Redis is not reachable. Retry after the time in Retry-After.', undefined, {
          'retry-after': '1',
        });
      }
    }
    return { status: 'ready' };
  });
}
