// The pipeline benchmark's webhook receiver, a child process of its own so that its CPU is not
// the producer's or the worker's: a node:http server on loopback that answers every POST with
// 204 and records, per request, the path (one per endpoint), the webhook-id and the receipt
// time (wall clock in ms with a fraction, comparable with the producer's commit times).
// It does nothing else per request: no verification, no parsing of the body. A path that starts
// with /hang is never answered (the isolation scenario's hanging endpoint): the request is held
// until the worker gives up on it or the sink stops.
//
// Over IPC: it sends { ready, url } once listening; on { take: true } it answers
// { records: [path, webhookId, receivedAtMs][] } with everything since the last take.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { now } from './proc.ts';

type Record = [path: string, webhookId: string, receivedAtMs: number];

let records: Record[] = [];

const server = createServer((req, res) => {
  // The body is read to its end (as a real receiver must) before the receipt counts.
  req.resume();
  req.on('end', () => {
    records.push([req.url ?? '/', String(req.headers['webhook-id'] ?? ''), now()]);
    if (req.url?.startsWith('/hang')) return;
    res.writeHead(204);
    res.end();
  });
});
server.keepAliveTimeout = 60_000;

process.on('message', (message: { take?: boolean; stop?: boolean }) => {
  if (message.take) {
    const taken = records;
    records = [];
    process.send!({ records: taken });
  }
  if (message.stop) {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  process.send!({ ready: true, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
