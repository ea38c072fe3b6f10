// One place that writes error responses: every error, 404 and 405 leaves in the envelope of
// docs/api.md "Errors", with the request id. Messages of unexpected errors (500) are never
// sent: they are logged with the request's context instead.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay from 'find-my-way';
import { CursorExpired, InvalidInput, TemporarilyUnavailable, type FallibleStep } from '../domain/errors.ts';
import { isDatabaseUnreachable } from '../db/pool.ts';
import { ApiError } from '../errors.ts';
import { unsupportedMediaType } from './input-guard.ts';
import { describeRequest, loggablePath, redactSecrets, writeRequestLine } from './request-log.ts';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  parentSchema?: unknown;
}

/** The envelope of docs/api.md "Errors". */
export function errorBody(error: ApiError, requestId: string): { error: Record<string, unknown> } {
  const body: Record<string, unknown> = { type: error.type, code: error.code, message: error.message };
  if (error.param !== undefined) body.param = error.param;
  body.request_id = requestId;
  return { error: body };
}

/** What a 429 or 503 asks for in Retry-After when neither its error nor the rate limiter names a time. */
const DEFAULT_RETRY_AFTER_SECONDS = 1;

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  reply.code(error.statusCode);
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  // Every 429 says when to try again (docs/api.md "Limits"), and so does every 503
  // (docs/api.md): the time its error names, the rate limiter's, or else a second.
  if ((error.statusCode === 429 || error.statusCode === 503) && !reply.hasHeader('retry-after')) {
    reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
  }
  return reply.type('application/json; charset=utf-8').send(errorBody(error, reply.request.id));
}

// Schema validation errors become parameter_unknown / parameter_missing / parameter_invalid
// naming the parameter.
function fromValidation(errors: AjvError[], context: string | undefined): ApiError {
  const where = context === 'body' ? 'field' : 'parameter';
  const unknown = errors.find((e) => e.keyword === 'additionalProperties');
  if (unknown) {
    const name = String(unknown.params.additionalProperty);
    const error = ApiError.unknownParam(name);
    return where === 'field'
      ? new ApiError(400, error.type, error.code, `Unknown field: ${name}.`, name)
      : error;
  }
  const first = errors[0]!;
  if (first.keyword === 'required') {
    const name = String(first.params.missingProperty);
    return ApiError.missingParam(name, `Missing required ${where}: ${name}.`);
  }
  const name = first.instancePath.replace(/^\//, '').split('/')[0] || where;
  const union = errors.find((e) => e.keyword === 'anyOf' && e.instancePath === first.instancePath);
  const branches = (union?.parentSchema as { anyOf?: { const?: unknown; type?: unknown }[] } | undefined)?.anyOf;
  return ApiError.invalidParam(name, branches ? describeUnion(name, branches, first, context) : describeInvalid(name, first, context));
}

/**
 * A value that fits no branch of a union. Ajv reports the first branch's error first, which
 * alone would hide the others: literals are named together (`none`, `per_resource`), and a
 * nullable value's rule says that null is allowed too.
 */
function describeUnion(name: string, branches: { const?: unknown; type?: unknown }[], first: AjvError, context: string | undefined): string {
  const values = branches.filter((b) => b.type !== 'null');
  const nullable = values.length < branches.length;
  if (values.length > 0 && values.every((b) => b.const !== undefined)) {
    return `Invalid ${name}: must be one of ${values.map((b) => String(b.const)).join(', ')}${nullable ? ', or null' : ''}.`;
  }
  const message = describeInvalid(name, first, context);
  return nullable && values.length === 1 ? `${message.slice(0, -1)}, or null.` : message;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  boolean: 'true or false (a JSON boolean)',
  array: 'an array',
  object: 'an object',
  number: 'a number',
};

/**
 * One message for every way an integer can be wrong (not one, too small, too large), stating the
 * whole rule. A query value is text, so it must be written in digits (input-guard.ts); in a JSON
 * body it must be a number.
 */
function describeInteger(name: string, schema: { minimum?: number; maximum?: number }, context: string | undefined): string {
  const { minimum: min, maximum: max } = schema;
  let range = '';
  if (min !== undefined && max !== undefined) range = ` from ${min} to ${max}`;
  else if (min !== undefined) range = ` of at least ${min}`;
  else if (max !== undefined) range = ` of at most ${max}`;
  const form = context === 'body' ? ', as a JSON number' : ' written in decimal digits';
  return `Invalid ${name}: must be an integer${range}${form}.`;
}

/** The same for a number that may have a fraction (only in bodies): the whole rule, whatever broke it. */
function describeNumber(name: string, schema: { minimum?: number; maximum?: number; exclusiveMinimum?: number }): string {
  const bounds: string[] = [];
  if (schema.exclusiveMinimum !== undefined) bounds.push(`more than ${schema.exclusiveMinimum}`);
  if (schema.minimum !== undefined) bounds.push(`at least ${schema.minimum}`);
  if (schema.maximum !== undefined) bounds.push(`at most ${schema.maximum}`);
  return `Invalid ${name}: must be a JSON number${bounds.length ? ` ${bounds.join(' and ')}` : ''}.`;
}

function describeInvalid(name: string, error: AjvError, context: string | undefined): string {
  // parentSchema is there because Ajv runs with verbose: true (app.ts).
  const schema = (error.parentSchema ?? {}) as { type?: unknown; minimum?: number; maximum?: number; exclusiveMinimum?: number };
  if (schema.type === 'integer' && ['type', 'minimum', 'maximum', 'multipleOf'].includes(error.keyword)) {
    return describeInteger(name, schema, context);
  }
  if (schema.type === 'number' && ['type', 'minimum', 'maximum', 'exclusiveMinimum'].includes(error.keyword)) {
    return describeNumber(name, schema);
  }
  switch (error.keyword) {
    case 'type': {
      const type = String(error.params.type);
      return `Invalid ${name}: must be ${TYPE_NAMES[type] ?? `of type ${type}`}.`;
    }
    case 'minimum':
    case 'maximum':
      return `Invalid ${name}: ${error.message}.`;
    case 'minLength':
      return `Invalid ${name}: must not be empty.`;
    case 'format':
      return error.params.format === 'date'
        ? `Invalid ${name}: must be a date formatted YYYY-MM-DD.`
        : `Invalid ${name}: must be an ISO 8601 timestamp with a UTC offset or Z, e.g. 2026-11-21T18:04:05Z.`;
    case 'enum':
    case 'anyOf':
    case 'const': {
      const allowed = (error.params.allowedValues as unknown[] | undefined)?.join(', ');
      return allowed ? `Invalid ${name}: must be one of ${allowed}.` : `Invalid ${name}.`;
    }
    default:
      return `Invalid ${name}: ${error.message ?? 'not accepted'}.`;
  }
}

/** The answer while the database cannot be reached (down, restarting, or the network to it). */
export function databaseUnavailable(): ApiError {
  return new ApiError(503, 'api_error', 'database_unavailable', 'The database is not reachable. Retry after the time in Retry-After.', undefined, {
    'retry-after': '1',
  });
}

/** The code of each step's TemporarilyUnavailable (docs/api.md "Keys, limits and errors"). */
const UNAVAILABLE_CODES: Record<FallibleStep, string> = { host_lookup: 'host_lookup_unavailable' };

/**
 * The answer to an error raised by domain or database code (domain/errors.ts), or undefined when
 * `error` is none. The domain names the input or the failing step; HTTP is decided only here.
 */
export function fromDomainError(error: unknown): ApiError | undefined {
  if (error instanceof InvalidInput) {
    return error.missing ? ApiError.missingParam(error.param, error.message) : ApiError.invalidParam(error.param, error.message);
  }
  if (error instanceof CursorExpired) return new ApiError(410, 'invalid_request_error', 'cursor_expired', error.message, error.param);
  if (isDatabaseUnreachable(error)) return databaseUnavailable();
  if (error instanceof TemporarilyUnavailable) {
    return new ApiError(503, 'api_error', UNAVAILABLE_CODES[error.what], error.message, undefined, {
      'retry-after': String(error.retryAfterSeconds),
    });
  }
  return undefined;
}

/**
 * The request's own stream failed: the client reset or closed its connection before the whole
 * request arrived (Node's ECONNRESET "aborted"). Nobody is left to answer, and nothing of ours
 * failed: its socket errors say nothing of the database or of any other dependency.
 */
function abortedByClient(request: FastifyRequest, error: unknown): boolean {
  return request.raw.errored !== null && request.raw.errored === error;
}

const requestAborted = () =>
  new ApiError(400, 'invalid_request_error', 'request_aborted', 'The connection closed before the whole request arrived.');

function toApiError(error: FastifyError & { validation?: AjvError[]; validationContext?: string }): ApiError {
  if (error instanceof ApiError) return error;
  const fromDomain = fromDomainError(error);
  if (fromDomain) return fromDomain;
  if (error.validation) return fromValidation(error.validation, error.validationContext);
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return new ApiError(429, 'rate_limit_error', 'rate_limited', 'Too many requests. Retry after the time in Retry-After.');
  }
  if (status === 415) return unsupportedMediaType();
  if (status >= 400 && status < 500) {
    // Fastify's body errors (FST_ERR_CTP_*: too large, cut short) are about the body as a whole.
    const aboutBody = error.code?.startsWith('FST_ERR_CTP') === true;
    return new ApiError(status, 'invalid_request_error', aboutBody ? 'body_invalid' : 'request_invalid', error.message, aboutBody ? 'body' : undefined);
  }
  return new ApiError(500, 'api_error', 'internal_error', 'Something went wrong on our side. The request id identifies it in our logs.');
}

/** The longest path parameter the router matches; ids are far shorter. */
export const MAX_PATH_PARAMETER = 1_000;

/** The options of the app's router (app.ts), and of every path table built by newPathTable. */
export const ROUTER_OPTIONS = { maxParamLength: MAX_PATH_PARAMETER };

/**
 * A table of path patterns that decodes and matches a request URL exactly as the app's router does
 * (same find-my-way, same options): `/%6Detrics`, or `http://host/metrics`, is `/metrics` here
 * as there. The 405 lookup and the operator guard (operators.ts) judge paths with one.
 */
export function newPathTable() {
  return FindMyWay(ROUTER_OPTIONS);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers the errors of Fastify's router (frameworkErrors in app.ts) in the envelope. */
    answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

/** The 404 of a path no route serves. It names the path as the request log does: no query string, no secret. */
export function unknownPath(request: FastifyRequest): ApiError {
  return new ApiError(404, 'not_found_error', 'resource_missing', `Unrecognized request URL (${request.method} ${loggablePath(request.url)}).`);
}

// A path that cannot be decoded is a malformed request (400) wherever it points; a path segment
// longer than any id is a 404 like any unknown id, without echoing the segment.
function fromRouterError(error: FastifyError): ApiError {
  if (error.code === 'FST_ERR_BAD_URL') {
    return new ApiError(400, 'invalid_request_error', 'url_invalid', 'The request path is not valid: it contains a malformed percent-encoded sequence.');
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return new ApiError(404, 'not_found_error', 'resource_missing', `Unrecognized request URL: a path segment is longer than ${MAX_PATH_PARAMETER} characters.`);
  }
  return toApiError(error);
}

export default fp(
  async function errorHandler(app: FastifyInstance) {
    // Every registered path with its methods, to tell "no such path" (404) from "no such method"
    // (405). Wildcard routes (the docs' and the board's static files) are left out: they serve
    // whatever files exist, so a miss under them is a missing file (404), whatever the method.
    const paths = newPathTable();
    const methodsByRoute = new Map<string, Set<string>>();
    app.addHook('onRoute', (route) => {
      if (route.url.includes('*')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      let known = methodsByRoute.get(route.url);
      if (!known) {
        known = new Set();
        methodsByRoute.set(route.url, known);
        paths.on('GET', route.url, () => {}, { url: route.url });
      }
      for (const method of methods) known.add(method);
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('x-request-id', request.id);
      done(null, payload);
    });

    app.setErrorHandler(function handle(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      if (abortedByClient(request, error)) {
        // No response can finish on a connection that is gone, so request-log.ts's onResponse
        // never runs for it: its line is written here.
        const aborted = requestAborted();
        request.log.info({ code: aborted.code }, aborted.message);
        sendError(reply, aborted);
        writeRequestLine(request.log, describeRequest(request, reply, reply.elapsedTime));
        return reply;
      }
      const apiError = toApiError(error);
      // An error we did not raise (toApiError made it internal_error) is a bug: logged with its
      // stack. A 5xx raised on purpose (a dependency failing for now, such as DNS or the
      // database) is a warning.
      if (apiError.code === 'internal_error') request.log.error({ err: error }, 'request failed');
      // Messages and params echo what the client sent (an id, a parameter's name), which may be
      // a key pasted in the wrong place.
      else {
        const level = apiError.statusCode >= 500 ? 'warn' : 'info';
        request.log[level]({ code: apiError.code, param: apiError.param && redactSecrets(apiError.param) }, redactSecrets(apiError.message));
      }
      // Headers such as Retry-After that the rate limiter set before failing stay on the reply.
      return sendError(reply, apiError);
    });

    // Unknown paths are rate limited like every other request (the limiter registers first), in
    // onRequest as routes are: refusals thrown in preParsing (operators.ts) are then counted too.
    const limiter = app.hasDecorator('rateLimit') ? app.rateLimit() : undefined;
    const limit = async (request: FastifyRequest, reply: FastifyReply) => limiter?.call(app, request, reply);
    app.addHook('onRequest', (request, reply, done) => {
      if (!request.is404) return done();
      limit(request, reply).then(() => done(), done);
    });
    app.setNotFoundHandler(function notFound(request: FastifyRequest, reply: FastifyReply) {
      const match = paths.find('GET', request.url) as { store?: { url: string } } | null;
      const allowed = match?.store ? methodsByRoute.get(match.store.url) : undefined;
      if (allowed && allowed.size > 0) {
        const allow = [...allowed].sort().join(', ');
        return sendError(
          reply,
          new ApiError(405, 'invalid_request_error', 'method_not_allowed', `${request.method} is not allowed on ${loggablePath(request.url)}. Allowed: ${allow}.`, undefined, { allow }),
        );
      }
      return sendError(reply, unknownPath(request));
    });

    // Fastify's router refuses some URLs before any route or hook runs (frameworkErrors in
    // app.ts), so this does the hooks' work itself: the rate limit, the request id header and
    // the request log line.
    app.decorate('answerRouterError', async function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      const started = performance.now();
      reply.raw.once('close', () => writeRequestLine(request.log, describeRequest(request, reply, performance.now() - started)));
      reply.header('x-request-id', request.id);
      try {
        await limit(request, reply);
      } catch (refusal) {
        return sendError(reply, toApiError(refusal as FastifyError));
      }
      return sendError(reply, fromRouterError(error));
    });
  },
  { name: 'error-handler' },
);
