// One place that writes error responses: every error, 404 and 405 leaves in the envelope of
// api-spec.md section 7, with the request id. Messages of 5xx errors are never sent: they are
// logged with the request's context instead.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay from 'find-my-way';
import { ApiError } from '../errors.ts';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  reply.code(error.statusCode);
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  const body: Record<string, unknown> = { type: error.type, code: error.code, message: error.message };
  if (error.param !== undefined) body.param = error.param;
  body.request_id = reply.request.id;
  return reply.type('application/json; charset=utf-8').send({ error: body });
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
  return ApiError.invalidParam(name, describeInvalid(name, first));
}

function describeInvalid(name: string, error: AjvError): string {
  switch (error.keyword) {
    case 'type':
      return `Invalid ${name}: must be ${error.params.type === 'integer' ? 'an integer' : `of type ${error.params.type}`}.`;
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

function toApiError(error: FastifyError & { validation?: AjvError[]; validationContext?: string }): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation) return fromValidation(error.validation, error.validationContext);
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return new ApiError(429, 'rate_limit_error', 'rate_limited', 'Too many requests. Retry after the time in Retry-After.');
  }
  if (status === 415) {
    return new ApiError(415, 'invalid_request_error', 'unsupported_media_type', 'Send request bodies as application/json.');
  }
  if (status >= 400 && status < 500) {
    return new ApiError(status, 'invalid_request_error', error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code?.startsWith('FST_ERR_CTP') ? 'body_invalid' : 'request_invalid', error.message);
  }
  return new ApiError(500, 'api_error', 'internal_error', 'Something went wrong on our side. The request id identifies it in our logs.');
}

export default fp(
  async function errorHandler(app: FastifyInstance) {
    // Every registered path with its methods, to tell "no such path" (404) from "no such method" (405).
    const paths = FindMyWay();
    const methodsByRoute = new Map<string, Set<string>>();
    app.addHook('onRoute', (route) => {
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
      const apiError = toApiError(error);
      if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: apiError.code, param: apiError.param }, apiError.message);
      // Headers such as Retry-After that the rate limiter set before failing stay on the reply.
      return sendError(reply, apiError);
    });

    // Unknown paths are rate limited like every other request (the limiter registers first).
    const preHandler = app.hasDecorator('rateLimit') ? app.rateLimit() : [];
    app.setNotFoundHandler({ preHandler }, function notFound(request: FastifyRequest, reply: FastifyReply) {
      const path = request.url.split('?')[0]!;
      const match = paths.find('GET', path) as { store?: { url: string } } | null;
      const allowed = match?.store ? methodsByRoute.get(match.store.url) : undefined;
      if (allowed && allowed.size > 0) {
        const allow = [...allowed].sort().join(', ');
        return sendError(
          reply,
          new ApiError(405, 'invalid_request_error', 'method_not_allowed', `${request.method} is not allowed on ${path}. Allowed: ${allow}.`, undefined, { allow }),
        );
      }
      return sendError(reply, new ApiError(404, 'not_found_error', 'resource_missing', `Unrecognized request URL (${request.method} ${path}).`));
    });
  },
  { name: 'error-handler' },
);
