// Requests refused before any route runs, answered in the error envelope with a request id like
// every other error, and written to the request log (one line, at info: a client's mistake is
// no error of ours). Node's HTTP server would answer them with a bare status line:
// - parse errors (a malformed request line, headers over the size limit, Content-Length beside
//   Transfer-Encoding) and clients too slow to send their request (headersTimeout and
//   requestTimeout in app.ts) reach answerClientError, Fastify's clientErrorHandler;
// - an Expect header other than 100-continue reaches the server's checkExpectation event;
// - CONNECT (a request for a tunnel, as to a proxy) reaches the server's connect event; Node
//   would close the connection without any answer.
// All answer on the raw connection and close it. No route ran, so they are not rate limited.
// An HTTP/1.1 request without Host, which Node would also refuse bare (its check is off in
// app.ts), is refused here in Fastify's own pipeline.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import http from 'node:http';
import type { Socket } from 'node:net';
import { ApiError } from '../errors.ts';
import { errorBody } from './error-handler.ts';
import { loggablePath, newRequestId, writeRequestLine } from './request-log.ts';

const refusal = (status: number, code: string, message: string) => new ApiError(status, 'invalid_request_error', code, message);

function fromClientError(error: NodeJS.ErrnoException): ApiError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return refusal(431, 'headers_too_large', `The request headers are larger than ${http.maxHeaderSize / 1024} KiB.`);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return refusal(408, 'request_timeout', 'The request was not received in time.');
    default:
      return refusal(400, 'request_malformed', 'The request is not valid HTTP/1.1.');
  }
}

/**
 * The response and its log line; `cause` is Node's code for the refusal, for the operator. The
 * request, when Node parsed one, gives the line its method and path.
 */
function answer(log: FastifyInstance['log'], error: ApiError, cause: string | undefined, request?: http.IncomingMessage) {
  const id = newRequestId();
  const body = JSON.stringify(errorBody(error, id));
  const parsed = request ? { method: request.method, path: loggablePath(request.url ?? '') } : {};
  writeRequestLine(log, { reqId: id, ...parsed, status: error.statusCode, code: error.code, cause });
  return {
    status: error.statusCode,
    headers: {
      ...error.headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'x-request-id': id,
      connection: 'close',
    },
    body,
  };
}

/** Writes the answer on the raw connection and closes it: the last thing the connection carries. */
function answerOnSocket(log: FastifyInstance['log'], socket: Socket, error: ApiError, cause: string | undefined, request?: http.IncomingMessage): void {
  const { status, headers, body } = answer(log, error, cause, request);
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head}\r\n${body}`);
}

/** Fastify's clientErrorHandler (app.ts), called with the app as `this`. */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody to answer; a response already under way cannot be replaced.
  const inFlight = (socket as Socket & { _httpMessage?: http.ServerResponse })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  // The parser has given up on this connection.
  answerOnSocket(this.log, socket, fromClientError(error), error.code);
}

export default fp(
  async function clientErrors(app: FastifyInstance) {
    // CONNECT asks a proxy for a tunnel. Node hands it to the server's 'connect' event, never to
    // Fastify, and drops the connection without a word when nobody listens. This server tunnels
    // nowhere: 405, and an empty Allow (RFC 9110: the target, a host and port, allows no method).
    app.server.on('connect', (request: http.IncomingMessage, socket: Socket) => {
      const error = new ApiError(405, 'invalid_request_error', 'method_not_allowed', 'CONNECT is not supported: this server is an API, not a proxy.', undefined, {
        allow: '',
      });
      socket.on('error', () => socket.destroy());
      answerOnSocket(app.log, socket, error, undefined, request);
    });

    app.server.on('checkExpectation', (request: http.IncomingMessage, response: http.ServerResponse) => {
      const error = refusal(417, 'expectation_unsupported', 'The only Expect header supported is "100-continue".');
      const { status, headers, body } = answer(app.log, error, undefined, request);
      response.shouldKeepAlive = false;
      response.writeHead(status, headers).end(body);
      request.resume();
    });

    // RFC 9112: an HTTP/1.1 request must name its Host. preParsing, after the rate limiter.
    app.addHook('preParsing', async (request) => {
      if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
        throw new ApiError(400, 'invalid_request_error', 'host_missing', 'HTTP/1.1 requests must carry a Host header.', undefined, { connection: 'close' });
      }
    });
  },
  { name: 'client-errors' },
);
