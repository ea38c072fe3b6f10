// Builds the Fastify app as a plugin and never listens: server.ts and the tests both use it.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Pool } from './db/pool.ts';
import type { SecretBox } from './domain/secrets.ts';
import { lookupHostAddresses, type ResolveHost } from './domain/endpoint-urls.ts';
import auth from './plugins/auth.ts';
import clientErrors, { answerClientError } from './plugins/client-errors.ts';
import errorHandler, { ROUTER_OPTIONS } from './plugins/error-handler.ts';
import idempotency from './plugins/idempotency.ts';
import inputGuard from './plugins/input-guard.ts';
import openapi from './plugins/openapi.ts';
import rateLimit from './plugins/rate-limit.ts';
import requestLog, { newRequestId } from './plugins/request-log.ts';
import signalStreams from './plugins/signal-streams.ts';
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
import signalTypes from './routes/signal-types/index.ts';
import webhookEndpoints from './routes/webhook-endpoints/index.ts';
import portalSessions from './routes/portal-sessions/index.ts';
import portal from './portal/index.ts';
import spaces from './routes/spaces/index.ts';
import transactions from './routes/transactions/index.ts';
import waivers from './routes/waivers/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pool: Pool;
    config: Config;
    secretBox: SecretBox;
    resolveHost: ResolveHost;
  }
}

export interface AppDependencies {
  config: Config;
  pool: Pool;
  /** Seals and opens webhook signing secrets. */
  secretBox: SecretBox;
  /** Resolves webhook endpoint hosts at registration; the system resolver when left out (tests give a table). */
  resolveHost?: ResolveHost | undefined;
  redis?: Redis | undefined;
  /** Pipeline metrics served at /metrics to operators; a fresh registry when left out. */
  metrics?: DeliveryMetrics | undefined;
  /** Producers on the pipeline's queues for Bull Board at /admin/queues (operators only); no board without them. */
  queues?: Pipeline['queues'] | undefined;
  /** `probes`: only health and operator routes (a worker process); `all` by default. */
  routes?: 'all' | 'probes';
  /** The process logger; tests leave it out and get no request logs. */
  logger?: FastifyBaseLogger | undefined;
  /** HTTP_TIMEOUTS by default; tests shorten them. */
  timeouts?: Partial<HttpTimeouts> | undefined;
}

/** The HTTP server's timeouts, in ms: a client slower than these gets a 408 (client-errors.ts). */
export interface HttpTimeouts {
  /** To receive a whole request. */
  requestTimeout: number;
  /** To receive a request's headers. */
  headersTimeout: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeout: number;
  /** How often Node checks the two request timeouts; its default, 30 s, would let them run 30 s late. */
  connectionsCheckingInterval: number;
}

const HTTP_TIMEOUTS: HttpTimeouts = { requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000, connectionsCheckingInterval: 1_000 };

/**
 * Fastify's serialisers (fast-json-stringify), each compiled when its route first serialises a
 * body of that status rather than all at start. Handlers send the JSON PostgreSQL rendered as it
 * is (routes/reply.ts), so most of the routes' response schemas are never serialised with, yet
 * compiling every one of them was most of the time the app took to get ready: 2.4 to 3.5 s of
 * the first start on a busy machine of two cores, now spent by no one or by a first request.
 */
const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data) => (serialize ??= compile(route))(data);
  };
};

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const timeouts = { ...HTTP_TIMEOUTS, ...deps.timeouts };
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    genReqId: newRequestId,
    // One line per request instead, from plugins/request-log.ts.
    logController: new LogController({ disableRequestLogging: true }),
    // Router errors (a path that cannot be decoded, a segment longer than any id) come before
    // any route or hook; error-handler.ts answers them in the envelope.
    frameworkErrors: (error, request, reply) => void request.server.answerRouterError(error, request, reply),
    routerOptions: ROUTER_OPTIONS,
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
    // What Node's HTTP server refuses before Fastify (parse errors, slow clients, a missing
    // Host, whose bare 400 is turned off here) is answered in plugins/client-errors.ts.
    clientErrorHandler: answerClientError,
    requestTimeout: timeouts.requestTimeout,
    keepAliveTimeout: timeouts.keepAliveTimeout,
    http: { requireHostHeader: false, headersTimeout: timeouts.headersTimeout, connectionsCheckingInterval: timeouts.connectionsCheckingInterval },
    ajv: {
      // Unknown parameters must be rejected (docs/api.md "Requests"), so nothing is silently removed. No
      // type is coerced: Ajv would read "0x10", "1e2" or " 5 " as integers and "5" as a number
      // in a body; input-guard.ts turns query digits into integers, and only those. strictNumbers
      // refuses Infinity; verbose gives errors the schema their message is built from.
      customOptions: {
        removeAdditional: false,
        coerceTypes: false,
        useDefaults: false,
        allErrors: false,
        strictNumbers: true,
        verbose: true,
        // An annotation of the document, not a check: the opt-ins `include` takes (schemas/common.ts).
        keywords: ['x-opt-ins'],
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('pool', deps.pool);
  app.decorate('config', deps.config);
  app.decorate('secretBox', deps.secretBox);
  app.decorate('resolveHost', deps.resolveHost ?? lookupHostAddresses);
  await app.register(clientErrors);
  await app.register(auth, { pool: deps.pool, cacheMs: deps.config.apiKeyCacheMs, publicUrl: deps.config.publicUrl });
  await app.register(rateLimit, { ...deps.config.rateLimit, redis: deps.redis });
  await app.register(errorHandler);
  await app.register(requestLog);
  await app.register(inputGuard);
  await app.register(idempotency, { pool: deps.pool, secretBox: deps.secretBox });
  await app.register(openapi, { serverUrl: deps.config.publicUrl });

  app.addSchema(ErrorEnvelope);
  for (const schema of resourceSchemas) app.addSchema(schema);

  await app.register(health, { redis: deps.redis });
  const metrics = deps.metrics ?? createMetrics();
  await app.register(operators, { operator: deps.config.operator, metrics, queues: deps.queues });
  if (deps.routes === 'probes') return app;
  await app.register(signalStreams, { metrics });
  for (const routes of [club, customers, spaces, coaches, schedule, bookings, events, orders, transactions, waivers, signals, signalTypes, webhookEndpoints, portalSessions]) {
    await app.register(routes);
  }
  // The portal's pages, and the API routes they call with a session instead of a key.
  await app.register(portal([club, signals, signalTypes, webhookEndpoints]));
  return app;
}
