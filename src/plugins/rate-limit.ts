// Per-key rate limit (a key's portal sessions have one of their own) (docs/api.md "Limits"): on average `perSecond` requests a second with
// bursts up to `burst`, as a fixed window of burst/perSecond seconds holding `burst` requests.
// Counters live in Redis when REDIS_URL is set (shared by every instance), else in memory.
// If Redis is unreachable the limiter lets requests through rather than failing them.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { ApiError } from '../errors.ts';
import type { Principal } from './auth.ts';

export interface RateLimitOptions {
  perSecond: number;
  burst: number;
  redis: Redis | undefined;
}

export default fp<RateLimitOptions>(
  async function rateLimiter(app: FastifyInstance, options: RateLimitOptions) {
    await app.register(rateLimit, {
      global: true,
      max: options.burst,
      timeWindow: Math.round((options.burst / options.perSecond) * 1000),
      ...(options.redis ? { redis: options.redis, nameSpace: 'clubdata:ratelimit:' } : {}),
      skipOnError: true,
      enableDraftSpec: true,
      // Route-level hook: it runs after the instance-level authentication hook, so the key is known.
      // The portal sessions a key made share a budget of their own: people's pages never spend
      // the budget of the server that holds the key, and making more sessions adds none.
      keyGenerator: (request) => {
        const principal = request.principal as Principal | null;
        if (!principal) return `ip:${request.ip}`;
        return principal.portal ? `portal:${principal.keyId}` : `key:${principal.keyId}`;
      },
      errorResponseBuilder: (_request, context) =>
        new ApiError(
          429,
          'rate_limit_error',
          'rate_limited',
          `Too many requests: the limit is ${context.max} per ${context.after}. Retry after the time in Retry-After.`,
        ),
    });
  },
  { name: 'rate-limit' },
);
