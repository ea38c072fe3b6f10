// Builds the Fastify app as a plugin and never listens: server.ts and the tests both use it.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Pool } from './db/pool.ts';
import type { SecretBox } from './domain/secrets.ts';
import auth from './plugins/auth.ts';
import errorHandler from './plugins/error-handler.ts';
import openapi from './plugins/openapi.ts';
import rateLimit from './plugins/rate-limit.ts';
import requestLog, { newRequestId } from './plugins/request-log.ts';
import { resourceSchemas } from './schemas/index.ts';
import { ErrorEnvelope } from './schemas/common.ts';
import bookings from './routes/bookings/index.ts';
import club from './routes/club/index.ts';
import coaches from './routes/coaches/index.ts';
import customers from './routes/customers/index.ts';
import events from './routes/events/index.ts';
import health from './routes/health.ts';
import operators from './plugins/operators.ts';
import { createMetrics, type DeliveryMetrics } from './metrics.ts';
import type { Pipeline } from './queue/pipeline.ts';
import orders from './routes/orders/index.ts';
import schedule from './routes/schedule/index.ts';
import signals from './routes/signals/index.ts';
import webhookEndpoints from './routes/webhook-endpoints/index.ts';
import spaces from './routes/spaces/index.ts';
import transactions from './routes/transactions/index.ts';
import waivers from './routes/waivers/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pool: Pool;
    config: Config;
    secretBox: SecretBox;
  }
}

export interface AppDependencies {
  config: Config;
  pool: Pool;
  /** Seals and opens webhook signing secrets. */
  secretBox: SecretBox;
  redis?: Redis | undefined;
  /** Pipeline metrics served at /metrics to operators; a fresh registry when left out. */
  metrics?: DeliveryMetrics | undefined;
  /** Producers on the pipeline's queues for Bull Board at /admin/queues (operators only); no board without them. */
  queues?: Pipeline['queues'] | undefined;
  /** `probes`: only health and operator routes (a worker process); `all` by default. */
  routes?: 'all' | 'probes';
  /** The process logger; tests leave it out and get no request logs. */
  logger?: FastifyBaseLogger | undefined;
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    genReqId: newRequestId,
    // One line per request instead, from plugins/request-log.ts.
    logController: new LogController({ disableRequestLogging: true }),
    ajv: {
      // Unknown parameters must be rejected (decisions.md), so nothing is silently removed.
      customOptions: { removeAdditional: false, coerceTypes: true, useDefaults: false, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('pool', deps.pool);
  app.decorate('config', deps.config);
  app.decorate('secretBox', deps.secretBox);
  await app.register(auth, { pool: deps.pool, cacheMs: deps.config.apiKeyCacheMs });
  await app.register(rateLimit, { ...deps.config.rateLimit, redis: deps.redis });
  await app.register(errorHandler);
  await app.register(requestLog);
  await app.register(openapi, { serverUrl: deps.config.publicUrl });

  app.addSchema(ErrorEnvelope);
  for (const schema of resourceSchemas) app.addSchema(schema);

  await app.register(health);
  await app.register(operators, { operator: deps.config.operator, metrics: deps.metrics ?? createMetrics(), queues: deps.queues });
  if (deps.routes === 'probes') return app;
  for (const routes of [club, customers, spaces, coaches, schedule, bookings, events, orders, transactions, waivers, signals, webhookEndpoints]) {
    await app.register(routes);
  }
  return app;
}
