// The outbound POST against real receivers: node:http servers on 127.0.0.1 at random ports that
// record what reached them and answer however a test says. Loopback only; every loop is bounded.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  closeDeliveryAgents,
  createGuardedLookup,
  EXCERPT_BYTES,
  parseRetryAfter,
  postDelivery,
  USER_AGENT,
  type AttemptOutcome,
  type PostDeliveryInput,
  type ResolveAll,
} from '../../src/delivery/http-client.ts';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

interface Receiver {
  url: string;
  port: number;
  requests: Recorded[];
  connections: number;
}

const servers: Server[] = [];

/** A local receiver that records every request (body included) and answers with `answer`. */
async function startReceiver(answer: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>): Promise<Receiver> {
  const receiver: Receiver = { url: '', port: 0, requests: [], connections: 0 };
  const record = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    receiver.requests.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
    await answer(req, res);
  };
  const server = createServer((req, res) => void record(req, res));
  server.on('connection', (socket) => {
    receiver.connections++;
    socket.on('error', () => {}); // the client dropping a big or slow answer is expected
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks/clubdata?x=1`;
  return receiver;
}

function deliver(overrides: Partial<PostDeliveryInput> & Pick<PostDeliveryInput, 'url'>): Promise<AttemptOutcome> {
  return postDelivery({ headers: {}, body: '{"id":"sig_1"}', timeoutMs: 5000, guard: 'allow-private', ...overrides });
}

function answerWith(status: number, body = '', headers: Record<string, string> = {}) {
  return (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'text/plain', ...headers });
    res.end(body);
  };
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

afterAll(async () => {
  await closeDeliveryAgents();
});

describe('postDelivery: answers', () => {
  it('reports a 200 as success with the body excerpt', async () => {
    const receiver = await startReceiver(answerWith(200, '{"received":true}'));
    const outcome = await deliver({ url: receiver.url });
    expect(outcome).toEqual({
      kind: 'success',
      statusCode: 200,
      durationMs: expect.any(Number),
      responseExcerpt: '{"received":true}',
      error: null,
      retryAfterMs: null,
      gone: false,
    });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('reports any 2xx as success', async () => {
    const receiver = await startReceiver((req, res) => {
      res.writeHead(req.url!.includes('204') ? 204 : 202);
      res.end();
    });
    expect((await deliver({ url: `${receiver.url}&s=204` })).kind).toBe('success');
    expect((await deliver({ url: receiver.url })).statusCode).toBe(202);
  });

  it('reports a 500 as http_error with status, reason and excerpt', async () => {
    const receiver = await startReceiver(answerWith(500, 'boom'));
    const outcome = await deliver({ url: receiver.url });
    expect(outcome).toMatchObject({ kind: 'http_error', statusCode: 500, responseExcerpt: 'boom', error: 'HTTP 500 Internal Server Error', gone: false });
  });

  it('ignores Retry-After on statuses other than 429 and 503', async () => {
    const receiver = await startReceiver(answerWith(500, '', { 'retry-after': '30' }));
    expect((await deliver({ url: receiver.url })).retryAfterMs).toBeNull();
  });

  it('reads Retry-After in seconds from a 429', async () => {
    const receiver = await startReceiver(answerWith(429, 'slow down', { 'retry-after': '7' }));
    const outcome = await deliver({ url: receiver.url });
    expect(outcome).toMatchObject({ kind: 'http_error', statusCode: 429, retryAfterMs: 7000, error: 'HTTP 429 Too Many Requests' });
  });

  it('reads Retry-After as an HTTP-date from a 503', async () => {
    const at = new Date(Date.now() + 120_000);
    const receiver = await startReceiver(answerWith(503, '', { 'retry-after': at.toUTCString() }));
    const outcome = await deliver({ url: receiver.url });
    expect(outcome.kind).toBe('http_error');
    expect(outcome.statusCode).toBe(503);
    // The HTTP-date has whole seconds, and a little time passes before it is read.
    expect(outcome.retryAfterMs).toBeGreaterThan(115_000);
    expect(outcome.retryAfterMs).toBeLessThanOrEqual(120_000);
  });

  it('marks a 410 as gone', async () => {
    const receiver = await startReceiver(answerWith(410, 'no such hook'));
    const outcome = await deliver({ url: receiver.url });
    expect(outcome).toMatchObject({ kind: 'http_error', statusCode: 410, gone: true, error: 'HTTP 410 Gone', retryAfterMs: null });
  });

  for (const status of [301, 302, 307, 308]) {
    it(`does not follow a ${status} redirect`, async () => {
      const target = await startReceiver(answerWith(200, 'should never be reached'));
      const receiver = await startReceiver(answerWith(status, '', { location: target.url }));
      const outcome = await deliver({ url: receiver.url });
      expect(outcome).toMatchObject({ kind: 'redirect', statusCode: status, error: `redirect (${status}) not followed` });
      expect(receiver.requests).toHaveLength(1);
      expect(target.requests).toHaveLength(0);
      expect(target.connections).toBe(0);
    });
  }
});

describe('postDelivery: what is sent', () => {
  it('sends a POST with the body bytes exactly as given, non-ASCII included', async () => {
    const receiver = await startReceiver(answerWith(200));
    const body = JSON.stringify({ id: 'sig_1', data: { name: 'Zoë Łukasiewicz', note: 'Café ☕ – 予約 🎾', emoji: '\u{1F600}' } });
    await deliver({ url: receiver.url, body });
    expect(receiver.requests).toHaveLength(1);
    const [received] = receiver.requests;
    expect(received!.method).toBe('POST');
    expect(received!.url).toBe('/hooks/clubdata?x=1');
    expect(received!.body.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(received!.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });

  it('passes the given headers through and sets content-type and user-agent', async () => {
    const receiver = await startReceiver(answerWith(200));
    const headers = { 'webhook-id': 'sig_1', 'webhook-timestamp': '1750000000', 'Webhook-Signature': 'v1,abc= v1,def=' };
    await deliver({ url: receiver.url, headers });
    const received = receiver.requests[0]!.headers;
    expect(received['webhook-id']).toBe('sig_1');
    expect(received['webhook-timestamp']).toBe('1750000000');
    expect(received['webhook-signature']).toBe('v1,abc= v1,def=');
    expect(received['content-type']).toBe('application/json');
    expect(received['user-agent']).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/ClubData/);
  });

  it('keeps the content type JSON even when the caller passes another one', async () => {
    const receiver = await startReceiver(answerWith(200));
    await deliver({ url: receiver.url, headers: { 'Content-Type': 'text/plain' } });
    expect(receiver.requests[0]!.headers['content-type']).toBe('application/json');
  });

  it('reuses kept-alive connections for attempts to the same receiver', async () => {
    const receiver = await startReceiver(answerWith(200, 'ok'));
    for (let i = 0; i < 5; i++) expect((await deliver({ url: receiver.url })).kind).toBe('success');
    expect(receiver.requests).toHaveLength(5);
    // undici's pool may open a second connection for the request sent in the same tick as the
    // first one finishes; after that every request rides on an open connection.
    expect(receiver.connections).toBeLessThanOrEqual(2);
  });
});

describe('postDelivery: failures', () => {
  it('gives up on a receiver that never answers once timeoutMs has passed', async () => {
    const receiver = await startReceiver(() => {}); // reads the request, never answers
    // The outcome itself says it gave up: the receiver never answers. (Not before the timeout.)
    const started = Date.now();
    const outcome = await deliver({ url: receiver.url, timeoutMs: 300 });
    expect(outcome).toMatchObject({ kind: 'timeout', statusCode: null, error: 'timed out after 300 ms', responseExcerpt: '' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
    expect(receiver.requests).toHaveLength(1);
  });

  it('cuts a body still arriving at the deadline; the status decides', async () => {
    const receiver = await startReceiver((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial answer'); // and never ends
    });
    // The body never ends: that the call returns at all is the cut.
    const outcome = await deliver({ url: receiver.url, timeoutMs: 300 });
    expect(outcome).toMatchObject({ kind: 'success', statusCode: 200, responseExcerpt: 'partial answer', error: null });
  });

  it('reports a refused connection as network_error', async () => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const outcome = await deliver({ url: `http://127.0.0.1:${port}/` });
    expect(outcome).toMatchObject({ kind: 'network_error', statusCode: null, error: 'connection refused (ECONNREFUSED)' });
  });

  it('reports a connection closed without an answer as network_error', async () => {
    const receiver = await startReceiver((req) => {
      req.socket.destroy();
    });
    const outcome = await deliver({ url: receiver.url });
    expect(outcome.kind).toBe('network_error');
    expect(outcome.error).toMatch(/closed|reset/);
  });

  it('reports an unusable URL as network_error instead of throwing', async () => {
    expect(await deliver({ url: 'not a url' })).toMatchObject({ kind: 'network_error', error: 'the endpoint URL is not a valid URL' });
    expect((await deliver({ url: 'ftp://example.com/' })).kind).toBe('network_error');
  });

  it('reads a 10 MB answer only as far as needed: 1 KiB kept, the connection dropped', async () => {
    const total = 10 * 1024 * 1024;
    let finished: boolean | null = null;
    const receiver = await startReceiver(async (_req, res) => {
      res.on('close', () => (finished = res.writableFinished));
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(total) });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      for (let i = 0; i < total / chunk.length && !res.destroyed; i++) {
        if (!res.write(chunk)) {
          await new Promise<void>((resolve) => {
            const done = () => {
              res.off('drain', done).off('close', done);
              resolve();
            };
            res.on('drain', done).on('close', done);
          });
        }
      }
      res.end();
    });
    const outcome = await deliver({ url: receiver.url, timeoutMs: 60_000 });
    expect(outcome.kind).toBe('success');
    expect(outcome.responseExcerpt).toBe('a'.repeat(EXCERPT_BYTES));
    // The receiver could not hand over all 10 MB: the connection was dropped early.
    for (let i = 0; i < 1500 && finished === null; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(finished).toBe(false);
  });

  it('makes the excerpt safe text: invalid UTF-8 replaced, NUL dropped, no half character', async () => {
    const receiver = await startReceiver((req, res) => {
      res.writeHead(500);
      if (req.url!.includes('split')) {
        // 1023 ASCII bytes then a 3-byte character that crosses the 1 KiB limit.
        res.end(Buffer.concat([Buffer.alloc(1023, 'x'), Buffer.from('€€', 'utf8')]));
      } else {
        res.end(Buffer.from([0x6f, 0x6b, 0x00, 0xff, 0xfe, 0x21]));
      }
    });
    expect((await deliver({ url: receiver.url })).responseExcerpt).toBe('ok\uFFFD\uFFFD!');
    const split = await deliver({ url: `${receiver.url}&split` });
    expect(split.responseExcerpt).toBe('x'.repeat(1023));
  });
});

describe('postDelivery: guard public-only', () => {
  it('refuses a literal loopback or private IP without connecting', async () => {
    const receiver = await startReceiver(answerWith(200));
    const urls = [
      `http://127.0.0.1:${receiver.port}/`,
      `http://[::1]:${receiver.port}/`,
      `http://[::ffff:127.0.0.1]:${receiver.port}/`,
      `http://2130706433:${receiver.port}/`, // the URL parser reads it as 127.0.0.1
      `http://10.0.0.5:${receiver.port}/`,
      'https://169.254.169.254/latest/meta-data',
    ];
    for (const url of urls) {
      const outcome = await deliver({ url, guard: 'public-only' });
      expect(outcome, url).toMatchObject({ kind: 'refused_address', statusCode: null });
      expect(outcome.error, url).toMatch(/^address \S+ is not public$/);
    }
    expect((await deliver({ url: `http://10.0.0.5/`, guard: 'public-only' })).error).toBe('address 10.0.0.5 is not public');
    expect(receiver.requests).toHaveLength(0);
    expect(receiver.connections).toBe(0);
  });

  it('refuses a hostname that resolves to loopback without connecting', async () => {
    const receiver = await startReceiver(answerWith(200));
    const outcome = await deliver({ url: `http://localhost:${receiver.port}/`, guard: 'public-only' });
    expect(outcome).toMatchObject({ kind: 'refused_address', statusCode: null });
    expect(outcome.error).toMatch(/^address (127\.0\.0\.1|::1) of host localhost is not public$/);
    expect(receiver.requests).toHaveLength(0);
    expect(receiver.connections).toBe(0);
  });

  it('lets allow-private deliver to the same loopback receiver by name', async () => {
    const receiver = await startReceiver(answerWith(200, 'ok'));
    const outcome = await deliver({ url: `http://localhost:${receiver.port}/`, guard: 'allow-private' });
    expect(outcome).toMatchObject({ kind: 'success', responseExcerpt: 'ok' });
    expect(receiver.requests).toHaveLength(1);
  });
});

describe('createGuardedLookup (the pinning rule)', () => {
  type Answer = { error: NodeJS.ErrnoException | null; address: unknown; family?: number };

  function lookupWith(addresses: { address: string; family: number }[], options: { all?: boolean; family?: number } = {}) {
    let calls = 0;
    const resolve: ResolveAll = async () => {
      calls++;
      return addresses;
    };
    const lookup = createGuardedLookup(resolve);
    return new Promise<Answer & { calls: number }>((done) => {
      lookup('hooks.example.com', options, (error, address, family) => done({ error, address, family, calls }));
    });
  }

  it('hands the socket exactly the addresses it checked', async () => {
    const addresses = [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ];
    const all = await lookupWith(addresses, { all: true });
    expect(all).toEqual({ error: null, address: addresses, family: undefined, calls: 1 });
    const one = await lookupWith(addresses);
    expect(one).toMatchObject({ error: null, address: '93.184.216.34', family: 4 });
    const six = await lookupWith(addresses, { all: true, family: 6 });
    expect(six.address).toEqual([addresses[1]]);
  });

  it('refuses the host when any one of its addresses is not public', async () => {
    const answer = await lookupWith([
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ]);
    expect(answer.error?.message).toBe('address 10.0.0.5 of host hooks.example.com is not public');
    expect(answer.error?.code).toBe('ERR_ADDRESS_NOT_PUBLIC');
  });

  it('passes DNS failures on and reports a host with no address of the wanted family', async () => {
    const failing = createGuardedLookup(async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    const failed = await new Promise<NodeJS.ErrnoException | null>((done) => failing('nowhere.test', {}, (error) => done(error)));
    expect(failed?.code).toBe('ENOTFOUND');
    const none = await lookupWith([{ address: '93.184.216.34', family: 4 }], { family: 6 });
    expect(none.error?.code).toBe('ENOTFOUND');
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');

  it('reads seconds and HTTP-dates, in ms from now', () => {
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sun, 01 Jun 2025 12:02:00 GMT', now)).toBe(120_000);
    expect(parseRetryAfter(['30', '60'], now)).toBe(30_000);
  });

  it('treats a date in the past as no wait and anything unreadable as absent', () => {
    expect(parseRetryAfter('Sun, 01 Jun 2025 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter('1.5', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});
