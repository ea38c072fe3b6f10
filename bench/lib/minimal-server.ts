// A diagnostic middle point for the read-API benchmark (`node bench/read-api.ts --minimal`): a
// plain node:http server that answers each scenario's path with the same repository call
// through a pool of the same size, and sends the body. No Fastify, no authentication, no rate
// limiter, no request logs, no request ids. Between it and SQL only lies what HTTP costs on this
// machine; between ours and it, what our HTTP stack costs.
//
//   node bench/lib/minimal-server.ts DATABASE_URL CALLS.json
//
// CALLS.json: { "<path with query>": ReadCall }. Listens on a free loopback port and prints
// {"port": N} on one line when ready.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { serveOnLoopback } from './loopback-server.ts';
import { createPool } from '../../src/db/pool.ts';
import { runReadCall, type ReadCall } from './read-calls.ts';

const [databaseUrl, file] = process.argv.slice(2);
if (!databaseUrl || !file) {
  process.stderr.write('usage: node bench/lib/minimal-server.ts DATABASE_URL CALLS.json\n');
  process.exit(2);
}
const calls = new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, ReadCall>));
const pool = createPool(databaseUrl, 20);

const server = createServer((request, response) => {
  const call = calls.get(request.url ?? '');
  if (!call) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('unknown path');
    return;
  }
  runReadCall(pool, call).then(
    (read) => {
      if (read === null) response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      else {
        response
          .writeHead(200, {
            'content-type': 'application/json; charset=utf-8',
            'content-length': Buffer.byteLength(read.body),
            'signal-sequence': read.sequence,
          })
          .end(read.body);
      }
    },
    (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
  );
});
serveOnLoopback(server, () => pool.end());
