// The HTTP limit of the read-API benchmark: a bare node:http server that answers each captured
// path with the exact bytes (and headers) our API sent for it, and does nothing else.
//
//   node bench/lib/bare-server.ts RESPONSES.json
//
// RESPONSES.json: { "<path with query>": { "status": 200, "headers": {...}, "body": "<base64>" } }.
// Listens on a free loopback port and prints {"port": N} on one line when ready.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { serveOnLoopback } from './loopback-server.ts';

interface Captured {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: node bench/lib/bare-server.ts RESPONSES.json\n');
  process.exit(2);
}
const captured = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Captured>;
const routes = new Map(
  Object.entries(captured).map(([path, response]) => [path, { ...response, bytes: Buffer.from(response.body, 'base64') }]),
);

const server = createServer((request, response) => {
  const route = routes.get(request.url ?? '');
  if (!route) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not captured');
    return;
  }
  response.writeHead(route.status, { ...route.headers, 'content-length': String(route.bytes.length) });
  response.end(route.bytes);
});
serveOnLoopback(server);
