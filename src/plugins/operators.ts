// Operator surfaces, both behind the operator credentials (OPERATOR_USER / OPERATOR_PASSWORD,
// HTTP Basic): Prometheus metrics at /metrics and Bull Board, the queue dashboard, at
// /admin/queues. Without credentials configured the operator routes answer 404, as if absent:
// nothing operational is ever exposed by default. Credentials are checked first, for every
// method and path under those two however it is percent-encoded, so a wrong method or an unknown
// page says 401, not 405/404.
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DeliveryMetrics } from '../metrics.ts';
import type { Pipeline } from '../queue/pipeline.ts';
import { ApiError } from '../errors.ts';
import { newPathTable, unknownPath } from './error-handler.ts';
import { redactAlso } from './request-log.ts';

export const QUEUE_BOARD_PATH = '/admin/queues';
const METRICS_PATH = '/metrics';

// The operator paths, judged the way the router and the 405 lookup judge paths (a table from
// error-handler.ts): any spelling that reaches these routes or their 405, /%6Detrics or
// /admin/%71ueues/api/queues, is an operator path, whether a route matches it or not.
const operatorPaths = newPathTable();
for (const pattern of [METRICS_PATH, QUEUE_BOARD_PATH, `${QUEUE_BOARD_PATH}/*`]) operatorPaths.on('GET', pattern, () => {});

function isOperatorPath(url: string): boolean {
  return operatorPaths.find('GET', url) !== null;
}

export interface OperatorOptions {
  operator: { user: string; password: string } | undefined;
  metrics: DeliveryMetrics;
  /** Producers on the pipeline's queues, shown in Bull Board; no board without them. */
  queues?: Pipeline['queues'] | undefined;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function checkOperator(operator: OperatorOptions['operator'], request: FastifyRequest): void {
  if (!operator) throw unknownPath(request);
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const [user, ...rest] = match ? Buffer.from(match[1]!, 'base64').toString('utf8').split(':') : [];
  if (!match || !same(user ?? '', operator.user) || !same(rest.join(':'), operator.password)) {
    throw new ApiError(401, 'authentication_error', 'operator_credentials_invalid', 'Operator credentials required.', undefined, {
      'www-authenticate': 'Basic realm="clubdata operators", charset="UTF-8"',
    });
  }
}

type BoardRoute = Parameters<FastifyAdapter['setApiRoutes']>[0][number];
type BoardAnswer = Awaited<ReturnType<BoardRoute['handler']>>;

/** ERRORS.JOB_NOT_FOUND -> "Job not found." */
const describeBoardKey = (key: string) => {
  const words = key.replace(/^ERRORS\./, '').toLowerCase().replaceAll('_', ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
};

/**
 * A refusal of Bull Board's JSON API, answered in its own shape (`{"error":{"key":"ERRORS.X"}}`),
 * as an ApiError for our error handler: a 404 is resource_missing naming the job or queue, a 400
 * on a parameter names it, other refusals keep their status with the board's key as their code,
 * and a 5xx is our internal_error, logged.
 */
function fromBoardAnswer(answer: BoardAnswer, params: Record<string, unknown>): Error {
  const status = answer.status ?? 500;
  const body = (typeof answer.body === 'object' ? answer.body : {}) as { error?: { key?: string; options?: { field?: unknown } } };
  const key = body.error?.key ?? 'ERRORS.UNKNOWN';
  if (status >= 500) return new Error(`Bull Board answered ${status}: ${JSON.stringify(answer.body)}`);
  if (status === 404) {
    if (key === 'ERRORS.JOB_NOT_FOUND') return ApiError.notFound('job', String(params.jobId));
    if (key === 'ERRORS.QUEUE_NOT_FOUND') return ApiError.notFound('queue', String(params.queueName));
    return new ApiError(404, 'not_found_error', 'resource_missing', describeBoardKey(key));
  }
  const field = body.error?.options?.field;
  if (status === 400 && typeof field === 'string') return ApiError.invalidParam(field, `Invalid ${field}.`);
  const code = key.replace(/^ERRORS\./, '').toLowerCase();
  return new ApiError(status, status === 403 ? 'permission_error' : 'invalid_request_error', code, describeBoardKey(key));
}

/**
 * Bull Board's server adapter for Fastify, whose JSON API leaves in our envelope: a refusal its
 * handlers return (rather than throw) is thrown instead, to our error handler.
 */
class EnvelopedBoardAdapter extends FastifyAdapter {
  override setApiRoutes(routes: BoardRoute[]): FastifyAdapter {
    return super.setApiRoutes(
      routes.map((route) => ({
        ...route,
        handler: async (request) => {
          const answer = await route.handler(request);
          if ((answer.status ?? 200) >= 400) throw fromBoardAnswer(answer, request?.params ?? {});
          return answer;
        },
      })),
    );
  }
}

/** Bull Board's routes, all under QUEUE_BOARD_PATH, which the operators plugin guards. */
async function registerQueueBoard(app: FastifyInstance, queues: Pipeline['queues']) {
  const serverAdapter = new EnvelopedBoardAdapter();
  createBullBoard({
    queues: [new BullMQAdapter(queues.delivery), new BullMQAdapter(queues.givenUp)],
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Club Data queues' } },
  });
  // The board's own error handler would send the message of any error (5xx included) in its own
  // shape. Rethrowing hands every error to the handler of the scope above, ours: Fastify passes
  // an error thrown by an error handler on to the parent's. So 401s, 429s and 500s all leave in
  // the envelope, with the request id and without internal messages.
  serverAdapter.setErrorHandler((error) => {
    throw error;
  });
  await app.register(serverAdapter.registerPlugin(), { prefix: QUEUE_BOARD_PATH });
}

export default fp<OperatorOptions>(
  async function operators(app: FastifyInstance, options: OperatorOptions) {
    // A client may send the password anywhere (`/admin/queues/<password>`), or the credentials
    // as its Authorization header carries them: both are kept out of the request log and of the
    // messages that name a path, as keys are.
    if (options.operator) {
      const { user, password } = options.operator;
      redactAlso(password);
      redactAlso(Buffer.from(`${user}:${password}`).toString('base64'));
    }
    // One guard for every request, matched by a route or not (404 or 405 to come), as the app's
    // auth plugin only checks routes that carry a scope (the board's carry none). In preParsing,
    // after the rate limiter has counted the request, as for a bad API key.
    app.addHook('preParsing', async (request) => {
      if (isOperatorPath(request.url)) checkOperator(options.operator, request);
    });
    app.get(METRICS_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply.type(options.metrics.registry.contentType).send(await options.metrics.registry.metrics()),
    );
    // Not registered at all without credentials (or queues): /admin/queues is then an unknown
    // path, 404 in the envelope like any other.
    if (options.operator && options.queues) await registerQueueBoard(app, options.queues);
  },
  { name: 'operators' },
);
