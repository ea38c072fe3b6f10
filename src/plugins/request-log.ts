// One log line per request, written when the response has gone, as Stripe's "canonical log
// lines": method, path, status, duration, request id and club in one record. Fastify's own
// request logging (a line when the request comes in and another when it ends) is off
// (app.ts, logController): two serialised, redacted lines per request were a quarter of
// the API's CPU under load (docs/benchmarks.md). Requests answered before routing (router
// and HTTP parser errors) write the same line through writeRequestLine.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';

// An API key (cd_live_...) or a webhook secret (whsec_...), also with its underscores
// percent-encoded: what no log line may ever hold, wherever a client put it. The match runs to
// the end of the path or value, past any '/' (base64 secrets contain them).
const SECRET = /(?:cd(?:_|%5f)live|whsec)(?:_|%5f)[^?&#\s'"]*/gi;

/** The text with anything shaped like an API key or a webhook secret replaced by [redacted]. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET, '[redacted]');
}

/**
 * What the log records of a request URL: the path alone, like Stripe's logs. A query string
 * can carry a key pasted by mistake (`?api_key=`, refused by auth.ts) or personal data
 * (`?email=`); a path segment shaped like a secret is redacted too.
 */
function loggablePath(url: string): string {
  const query = url.indexOf('?');
  return redactSecrets(query === -1 ? url : url.slice(0, query));
}

interface RequestLine {
  reqId?: string;
  method?: string;
  path?: string;
  status: number;
  duration_ms?: number;
  club_id?: string | undefined;
  /** Only on requests refused before routing, which leave no other line saying why: our code, */
  code?: string;
  /** and Node's (HPE_INVALID_METHOD, ERR_HTTP_REQUEST_TIMEOUT...). */
  cause?: string | undefined;
}

/** The one request line: info, or error for a 5xx (whose error the error handler logs). */
export function writeRequestLine(log: FastifyBaseLogger, line: RequestLine): void {
  if (line.status >= 500) log.error(line, 'request');
  else log.info(line, 'request');
}

/** The line of a request that went through Fastify, by the time its response has gone. */
export function describeRequest(request: FastifyRequest, reply: FastifyReply, durationMs: number): RequestLine {
  return {
    method: request.method,
    path: loggablePath(request.url),
    status: reply.statusCode,
    duration_ms: Math.round(durationMs * 10) / 10,
    club_id: request.principal?.clubId,
  };
}

export default fp(
  async function requestLog(app: FastifyInstance) {
    app.addHook('onResponse', (request, reply, done) => {
      writeRequestLine(request.log, describeRequest(request, reply, reply.elapsedTime));
      done();
    });
  },
  { name: 'request-log' },
);

// Request ids: `req_` and 16 base64url characters (12 random bytes), as unpredictable as one
// randomBytes(12) per request, taken from a pool filled 512 ids at a time (a system call per
// request was 3 to 4% of the API's CPU under load).
const ID_BYTES = 12;
const POOL_IDS = 512;
let pool = Buffer.alloc(0);
let offset = 0;

export function newRequestId(): string {
  if (offset + ID_BYTES > pool.length) {
    pool = randomBytes(ID_BYTES * POOL_IDS);
    offset = 0;
  }
  const id = `req_${pool.toString('base64url', offset, offset + ID_BYTES)}`;
  offset += ID_BYTES;
  return id;
}
