// Requests refused before any of our routes runs still get the error envelope, an X-Request-Id
// equal to error.request_id, and one request log line: what Node's HTTP parser or server refuses
// (real HTTP over raw sockets, since app.inject never goes through the parser; CONNECT
// included), what Fastify's router refuses (a path it cannot decode, a segment longer than any
// id), and misses under routes that serve files, which are 404s, never 405s. Every 429 and 503
// says when to retry.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import net from 'node:net';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ApiError } from '../../src/errors.ts';
import { MAX_PATH_PARAMETER } from '../../src/plugins/error-handler.ts';
import { bearer, cleanUp, createTestDatabase, insertClub, testConfig, testSecretBox } from '../helper.ts';

type LogLine = Record<string, unknown>;

let pool: Awaited<ReturnType<typeof createTestDatabase>>['pool'];
let auth: string;

beforeAll(async () => {
  ({ pool } = await createTestDatabase());
  auth = await bearer(pool, (await insertClub(pool)).id);
});

/** The real app with a logger writing into `lines`; closed when the file ends. */
async function appWithLog(options: { rateLimit?: { perSecond: number; burst: number }; timeouts?: Parameters<typeof buildApp>[0]['timeouts'] } = {}) {
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  const config = testConfig(options.rateLimit ? { rateLimit: options.rateLimit } : {});
  const app = await buildApp({ config, pool, secretBox: testSecretBox(), logger, timeouts: options.timeouts });
  await app.ready();
  cleanUp(() => app.close());
  return { app, lines };
}

/** The log lines of one request, and its single request line. */
function linesOf(lines: LogLine[], requestId: string) {
  const own = lines.filter((line) => line.reqId === requestId);
  const requestLines = own.filter((line) => line.msg === 'request');
  expect(requestLines, `one request line for ${requestId}`).toHaveLength(1);
  return { own, requestLine: requestLines[0]! };
}

function expectEnvelope(status: number, headers: Record<string, unknown>, body: string, code: string) {
  expect(headers['content-type']).toMatch(/^application\/json/);
  const parsed = JSON.parse(body) as { error: Record<string, unknown> };
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(parsed.error).toMatchObject({ code, message: expect.any(String) });
  expect(parsed.error.request_id).toMatch(/^req_/);
  expect(parsed.error.request_id).toBe(headers['x-request-id']);
  expect(status).toBeGreaterThanOrEqual(400);
  return parsed.error as { type: string; code: string; message: string; request_id: string };
}

describe('refused by the HTTP parser or the HTTP server, over real HTTP', () => {
  let port: number;
  let server: FastifyInstance['server'];
  let lines: LogLine[];

  beforeAll(async () => {
    let app: FastifyInstance;
    // Short timeouts, checked often, so a slow client is refused within the test.
    ({ app, lines } = await appWithLog({ timeouts: { headersTimeout: 300, requestTimeout: 600, connectionsCheckingInterval: 50 } }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    server = app.server;
    port = (server.address() as net.AddressInfo).port;
  });

  /** Writes `payload` on a new connection and reads until the server closes it (at most 30 s). */
  function exchange(payload: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`the server did not close the connection; received: ${received.slice(0, 300)}`));
      }, 30_000);
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('error', () => {}); // a reset after the answer is the server's right
      socket.on('close', () => {
        clearTimeout(timer);
        const [head = '', ...rest] = received.split('\r\n\r\n');
        const [statusLine = '', ...headerLines] = head.split('\r\n');
        const headers = Object.fromEntries(
          headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
        );
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
      });
      socket.write(payload);
    });
  }

  const cases: [name: string, payload: string, status: number, code: string][] = [
    ['headers over 16 KiB', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(17 * 1024)}\r\n\r\n`, 431, 'headers_too_large'],
    ['a malformed request line', 'GET\t/healthz\tNOT-HTTP\r\n\r\n', 400, 'request_malformed'],
    ['Content-Length beside Transfer-Encoding', 'POST /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400, 'request_malformed'],
    ['an Expect other than 100-continue', 'GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: the-moon\r\n\r\n', 417, 'expectation_unsupported'],
    ['HTTP/1.1 without Host', 'GET /healthz HTTP/1.1\r\n\r\n', 400, 'host_missing'],
    ['headers never finished (headersTimeout)', 'GET /healthz HTTP/1.1\r\nHost: x\r\n', 408, 'request_timeout'],
    ['a body never finished (requestTimeout)', 'POST /nowhere HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{', 408, 'request_timeout'],
    // Node hands CONNECT to an event of its own, and closes the connection unanswered when nobody listens.
    ['CONNECT to a host and port, as to a proxy', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405, 'method_not_allowed'],
    ['CONNECT to a path', 'CONNECT /v1/customers HTTP/1.1\r\nHost: x\r\n\r\n', 405, 'method_not_allowed'],
  ];

  for (const [name, payload, status, code] of cases) {
    it(`answers ${name} with ${status} ${code} in the envelope, closes, and logs one line`, async () => {
      const response = await exchange(payload);
      expect(response.status, response.body).toBe(status);
      const error = expectEnvelope(response.status, response.headers, response.body, code);
      expect(error.type).toBe('invalid_request_error');
      expect(response.headers.connection).toBe('close');
      const { own, requestLine } = linesOf(lines, error.request_id);
      expect(requestLine).toMatchObject({ level: 30, status });
      for (const line of own) expect(line).not.toHaveProperty('err');
      expect(JSON.stringify(own)).not.toContain('stack');
    });
  }

  it('drops the connection even when the client keeps its side open', async () => {
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    socket.on('error', () => {});
    socket.resume();
    const ended = new Promise((resolve) => socket.once('end', resolve));
    socket.write('GARBAGE\r\n\r\n');
    await ended;
    const openConnections = () => new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
    const deadline = Date.now() + 30_000;
    while ((await openConnections()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await openConnections()).toBe(0);
    socket.destroy();
  });

  it('says CONNECT allows no method on its target (an empty Allow), and names it in the request line', async () => {
    const response = await exchange('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(response.headers.allow).toBe('');
    const error = expectEnvelope(response.status, response.headers, response.body, 'method_not_allowed');
    expect(linesOf(lines, error.request_id).requestLine).toMatchObject({ method: 'CONNECT', path: 'example.com:443', status: 405 });
  });

  it('still serves a well-formed request, one asking for an upgrade too (no route takes one)', async () => {
    const response = await exchange('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(response.status).toBe(200);
    const upgrade = await exchange('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, close\r\nUpgrade: websocket\r\n\r\n');
    expect(upgrade.status).toBe(200);
  });
});

describe("refused by Fastify's router", () => {
  let app: FastifyInstance;
  let lines: LogLine[];

  beforeAll(async () => {
    ({ app, lines } = await appWithLog());
  });

  function expectRouted(res: LightMyRequestResponse, status: number, type: string, code: string) {
    expect(res.statusCode, res.body).toBe(status);
    const error = expectEnvelope(res.statusCode, res.headers, res.body, code);
    expect(error.type).toBe(type);
    // Counted by the rate limiter like every request that reaches routing.
    expect(res.headers['ratelimit-remaining']).toMatch(/^\d+$/);
    expect(linesOf(lines, error.request_id).requestLine).toMatchObject({ status, level: 30 });
    return error;
  }

  it('answers a path with malformed percent-encoding with 400 url_invalid, wherever it points', async () => {
    for (const url of ['/v1/customers/%E0%A4%A', '/v1/cus%zz', '/nowhere/%']) {
      for (const headers of [{}, { authorization: auth }]) {
        expectRouted(await app.inject({ method: 'GET', url, headers }), 400, 'invalid_request_error', 'url_invalid');
      }
    }
  });

  it(`looks up an id of up to ${MAX_PATH_PARAMETER} characters like any unknown id`, async () => {
    const id = `cus_${'a'.repeat(MAX_PATH_PARAMETER - 4)}`;
    const res = await app.inject({ method: 'GET', url: `/v1/customers/${id}`, headers: { authorization: auth } });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error).toMatchObject({ type: 'not_found_error', code: 'resource_missing', param: 'id' });
    // The 405 lookup matches paths as the router does: another method is 405, as on a short id.
    const wrongMethod = await app.inject({ method: 'DELETE', url: `/v1/customers/${id}`, headers: { authorization: auth } });
    expect(wrongMethod.statusCode, wrongMethod.body).toBe(405);
  });

  it('answers a longer path segment with the same 404, without echoing it', async () => {
    const segment = `cus_${'b'.repeat(MAX_PATH_PARAMETER)}`;
    for (const headers of [{}, { authorization: auth }]) {
      const res = await app.inject({ method: 'GET', url: `/v1/customers/${segment}`, headers });
      const error = expectRouted(res, 404, 'not_found_error', 'resource_missing');
      expect(res.body).not.toContain(segment.slice(0, 200));
      expect(error.message.length).toBeLessThan(200);
    }
  });

  it('rate limits router errors: past the burst they get 429', async () => {
    const limited = await appWithLog({ rateLimit: { perSecond: 1, burst: 2 } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await limited.app.inject({ method: 'GET', url: '/v1/cus%zz' })).statusCode);
    expect(statuses).toEqual([400, 400, 429]);
    const refused = await limited.app.inject({ method: 'GET', url: '/v1/customers/%E0%A4%A' });
    const error = expectEnvelope(refused.statusCode, refused.headers, refused.body, 'rate_limited');
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(linesOf(limited.lines, error.request_id).requestLine).toMatchObject({ status: 429 });
  });
});

describe('Retry-After', () => {
  it('comes with every 429 and 503, even from an error that names no time of its own', async () => {
    const app = await buildApp({ config: testConfig(), pool, secretBox: testSecretBox() });
    // Errors raised the way a route raises them, without a Retry-After of their own.
    app.get('/test/too-many', async () => {
      throw new ApiError(429, 'rate_limit_error', 'too_many_things', 'Too many.');
    });
    app.get('/test/unavailable', async () => {
      throw new ApiError(503, 'api_error', 'something_unavailable', 'Unavailable for now.');
    });
    app.get('/test/named', async () => {
      throw new ApiError(503, 'api_error', 'something_unavailable', 'Unavailable for 7 s.', undefined, { 'retry-after': '7' });
    });
    await app.ready();
    cleanUp(() => app.close());
    for (const [url, status, retryAfter] of [['/test/too-many', 429, '1'], ['/test/unavailable', 503, '1'], ['/test/named', 503, '7']] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['retry-after'], url).toBe(retryAfter);
    }
  });
});

describe('misses under routes that serve files', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await appWithLog());
  });

  it('answer 404 resource_missing, never 405, whatever the method', async () => {
    for (const [method, url] of [['GET', '/docs/static/nope.js'], ['HEAD', '/docs/static/nope.js'], ['POST', '/docs/static/nope.js'], ['POST', '/docs/static/index.css']]) {
      const res = await app.inject({ method: method as 'GET', url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      if (method !== 'HEAD') expect(res.json().error).toMatchObject({ type: 'not_found_error', code: 'resource_missing' });
    }
    // A file that exists is still served.
    expect((await app.inject({ method: 'GET', url: '/docs/static/index.css' })).statusCode).toBe(200);
  });
});
