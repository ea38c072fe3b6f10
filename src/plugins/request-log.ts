// One log line per request, written when the response has gone, as Stripe's "canonical log
// lines": method, route, status, duration, request id and club in one record. Fastify's own
// request logging (a line when the request comes in and another when it ends) is off
// (app.ts, logController): two serialised, redacted lines per request were a quarter of
// the API's CPU under load (docs/benchmarks.md).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';

export default fp(
  async function requestLog(app: FastifyInstance) {
    app.addHook('onResponse', (request, reply, done) => {
      const status = reply.statusCode;
      // 5xx are also logged with their error by the error handler; this line says they ended.
      const line = {
        method: request.method,
        url: request.url,
        status,
        duration_ms: Math.round(reply.elapsedTime * 10) / 10,
        club_id: request.principal?.clubId,
      };
      if (status >= 500) request.log.error(line, 'request');
      else request.log.info(line, 'request');
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
