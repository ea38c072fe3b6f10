// A webhook receiver for tests, after Svix's TestReceiver: a real HTTP server on loopback that
// records every request (headers and raw body) and answers with whatever the test sets.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  /** What the receiver answered (null when it hung). */
  status: number | null;
}

export type Responder = (
  request: ReceivedRequest,
) => { status: number; headers?: Record<string, string>; body?: string; until?: Promise<void> } | 'hang';

export class TestReceiver {
  readonly received: ReceivedRequest[] = [];
  respond: Responder = () => ({ status: 200, body: 'ok' });
  #server: Server | undefined;
  #hanging = new Set<() => void>();
  /** Requests open now, and the most ever open at once, per path. */
  #open = new Map<string, number>();
  #mostOpen = new Map<string, number>();
  url = '';

  async start(): Promise<this> {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const request: ReceivedRequest = {
          path: req.url ?? '/',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
          status: null,
        };
        this.received.push(request);
        const open = (this.#open.get(request.path) ?? 0) + 1;
        this.#open.set(request.path, open);
        this.#mostOpen.set(request.path, Math.max(open, this.#mostOpen.get(request.path) ?? 0));
        res.on('close', () => this.#open.set(request.path, this.#open.get(request.path)! - 1));
        const answer = this.respond(request);
        if (answer === 'hang') {
          const release = () => res.destroy();
          this.#hanging.add(release);
          res.on('close', () => this.#hanging.delete(release));
          return;
        }
        const send = () => {
          request.status = answer.status;
          res.writeHead(answer.status, answer.headers ?? {});
          res.end(answer.body ?? '');
        };
        // Held until `until` settles: the test lets it go.
        if (answer.until) void answer.until.then(send);
        else send();
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  /** Distinct webhook-ids answered with a 2xx at one path: what was delivered. */
  deliveredIds(path: string): Set<string> {
    return new Set(this.at(path).filter((r) => r.status !== null && r.status < 300).map((r) => String(r.headers['webhook-id'])));
  }

  /** The most requests to one path that were open at once (received, not yet answered or dropped). */
  mostAtOnce(path: string): number {
    return this.#mostOpen.get(path) ?? 0;
  }

  /** Requests to one path (each endpoint in a test gets its own path). */
  at(path: string): ReceivedRequest[] {
    return this.received.filter((r) => r.path === path);
  }

  async waitFor(predicate: () => boolean, timeoutMs = 45_000, what = 'condition'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async stop(): Promise<void> {
    for (const release of this.#hanging) release();
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}
