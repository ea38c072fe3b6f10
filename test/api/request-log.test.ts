// The request log never holds a secret: an API key or a webhook secret sent where it does not
// belong (the query string, a path segment, a parameter's name), percent-encoded or not (any of
// its letters, once or twice over), never reaches any log line, neither the request line nor the error handler's. Each request still
// writes exactly one request line, with the path and without the query string.
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createKey } from '../../src/db/api-keys.ts';
import { DEFAULT_SCOPES } from '../../src/domain/scopes.ts';
import { cleanUp, createTestDatabase, insertClub, testConfig, testSecretBox } from '../helper.ts';
import { openStream } from '../streams/sse-client.ts';

type LogLine = Record<string, unknown>;

let app: FastifyInstance;
const lines: LogLine[] = [];
let key: string;
let keyBody: string;
let auth: string;
// The shape of a signing secret; base64 may hold '/' and '+'.
const WHSEC_BODY = 'c2VjcmV0/c2VjcmV0+c2VjcmV0c2Vj';
const WHSEC = `whsec_${WHSEC_BODY}`;

beforeAll(async () => {
  const { pool } = await createTestDatabase();
  const club = await insertClub(pool);
  key = (await createKey(pool, { clubId: club.id, name: 'log test', scopes: DEFAULT_SCOPES, expiresAt: null })).key;
  keyBody = key.slice('cd_live_'.length);
  auth = `Bearer ${key}`;
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  app = await buildApp({ config: testConfig(), pool, secretBox: testSecretBox(), logger });
  await app.ready();
  cleanUp(() => app.close());
});

describe('secrets in requests', () => {
  it('never reach the log, wherever the client put them', async () => {
    const encodedKey = key.replaceAll('_', '%5F');
    // Other letters encoded, in either case of hex digit, and twice over (%25 is '%').
    const letterEncodedKeys = [`%63${key.slice(1)}`, `cd_%6Cive_${keyBody}`, `%2563d%255flive_${keyBody}`, `%43D_LIVE_${keyBody}`];
    const letterEncodedWhsec = `%77hsec_${WHSEC_BODY}`;
    const requests: [url: string, authorization: string | undefined, status: number][] = [
      [`/v1/customers?api_key=${key}`, undefined, 401],
      [`/v1/customers?limit=1&starting_after=${key}`, auth, 401],
      [`/v1/customers?${key}=1`, auth, 401],
      [`/v1/customers?api%5Fkey=${encodedKey}`, undefined, 401],
      [`/v1/no_such_thing?api_key=${key}`, undefined, 404],
      [`/healthz?api_key=${key}`, undefined, 200],
      [`/v1/customers?email=${encodeURIComponent(WHSEC)}`, auth, 200],
      [`/v1/customers?${encodeURIComponent(WHSEC)}=1`, auth, 400],
      [`/v1/customers/${key}`, auth, 404],
      [`/v1/customers/${encodedKey}`, auth, 404],
      [`/v1/customers/${WHSEC}`, auth, 404],
      [`/v1/customers/${key}%zz`, auth, 400],
      ...letterEncodedKeys.map((encoded): [string, string, number] => [`/v1/customers/${encoded}`, auth, 404]),
      [`/v1/nope/%63${key.slice(1)}`, auth, 404],
      [`/v1/customers/${letterEncodedWhsec}`, auth, 404],
      [`/v1/nope/${letterEncodedWhsec}`, auth, 404],
      // Decoded, '%cd' would hide the key that follows; undecoded it is plain to see.
      [`/v1/customers/%${key}`, auth, 400],
    ];
    for (const [url, authorization, status] of requests) {
      lines.length = 0;
      const res = await app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      const requestLines = lines.filter((line) => line.msg === 'request');
      expect(requestLines, url).toHaveLength(1);
      expect(requestLines[0]).toMatchObject({ reqId: res.headers['x-request-id'], status });
      expect(String(requestLines[0]!.path)).not.toContain('?');
      const logged = JSON.stringify(lines);
      expect(logged, url).not.toContain(keyBody);
      expect(logged, url).not.toContain(WHSEC_BODY.slice(0, 8));
      expect(logged, url).not.toContain('c2VjcmV0c2Vj');
    }
  });

  it('writes the path of the request without its query string', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/v1/customers?limit=1', headers: { authorization: auth } });
    expect(res.statusCode).toBe(200);
    expect(lines.filter((line) => line.msg === 'request')).toEqual([
      expect.objectContaining({ reqId: res.headers['x-request-id'], method: 'GET', path: '/v1/customers', status: 200 }),
    ]);
  });

  it('names the path in 404 and 405 messages as the log does: no query string, no secret', async () => {
    for (const [method, url, status, named] of [
      ['GET', `/v1/nope/%63${key.slice(1)}?limit=1`, 404, '(GET /v1/nope/[redacted])'],
      ['DELETE', `/v1/customers/%63${key.slice(1)}`, 405, 'DELETE is not allowed on /v1/customers/[redacted].'],
    ] as const) {
      const res = await app.inject({ method, url, headers: { authorization: auth } });
      expect(res.statusCode).toBe(status);
      expect(res.json().error.message).toContain(named);
      expect(res.body).not.toContain(keyBody);
      expect(res.body).not.toContain('limit');
    }
  });
});

describe('the operator password', () => {
  // Regular-expression characters and a non-ASCII letter: it is looked for as text, however encoded.
  const operator = { user: 'ops', password: 's3cret pässword.(x)+' };
  const basic = Buffer.from(`${operator.user}:${operator.password}`).toString('base64');
  const letterEncoded = `%73${encodeURIComponent(operator.password.slice(1))}`;

  it('never reaches the log, nor a message naming the path, when a client puts it in the path', async () => {
    const { pool } = await createTestDatabase();
    const operatorLines: LogLine[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void operatorLines.push(JSON.parse(line) as LogLine) });
    const withOperator = await buildApp({ config: testConfig({ operator }), pool, secretBox: testSecretBox(), logger });
    await withOperator.ready();
    cleanUp(() => withOperator.close());
    const authorization = `Basic ${basic}`;
    const requests: [url: string, authorization: string | undefined, status: number][] = [
      [`/admin/queues/${encodeURIComponent(operator.password)}`, undefined, 401],
      [`/admin/queues/${encodeURIComponent(operator.password)}`, authorization, 404],
      [`/admin/queues/${letterEncoded}`, authorization, 404],
      [`/admin/queues/${encodeURIComponent(encodeURIComponent(operator.password))}`, authorization, 404],
      [`/v1/nope/${encodeURIComponent(operator.password)}`, undefined, 404],
      [`/v1/${basic}`, undefined, 404],
    ];
    for (const [url, auth, status] of requests) {
      operatorLines.length = 0;
      const res = await withOperator.inject({ method: 'GET', url, headers: auth ? { authorization: auth } : {} });
      expect(res.statusCode, url).toBe(status);
      const requestLines = operatorLines.filter((line) => line.msg === 'request');
      expect(requestLines, url).toHaveLength(1);
      expect(String(requestLines[0]!.path), url).toContain('[redacted]');
      for (const text of [JSON.stringify(operatorLines), res.body]) {
        expect(text, url).not.toContain('pässword');
        expect(text, url).not.toContain('p%C3%A4ssword');
        expect(text, url).not.toContain('s3cret');
        expect(text, url).not.toContain(basic.slice(4, 20));
      }
    }
  });
});

describe('signal streams', () => {
  it('write one request line each, with the events sent, whether the client or the server ends them', async () => {
    const { pool } = await createTestDatabase();
    const club = await insertClub(pool);
    const streamKey = (await createKey(pool, { clubId: club.id, name: 'stream', scopes: ['signals:read'], expiresAt: null })).key;
    const streamLines: LogLine[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void streamLines.push(JSON.parse(line) as LogLine) });
    const streaming = await buildApp({ config: testConfig(), pool, secretBox: testSecretBox(), logger });
    await streaming.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(streaming.server.address() as { port: number }).port}/v1/signals/stream`;
    const requestLines = () => streamLines.filter((l) => l.msg === 'request' && l.path === '/v1/signals/stream');
    const closedByClient = await openStream(url, { authorization: `Bearer ${streamKey}` });
    await closedByClient.waitFor((events) => events.length >= 1);
    closedByClient.close();
    for (let i = 0; i < 1500 && requestLines().length < 1; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const endedByServer = await openStream(url, { authorization: `Bearer ${streamKey}` });
    await endedByServer.waitFor((events) => events.length >= 1);
    await streaming.close();
    await endedByServer.ended;
    const logged = requestLines();
    expect(logged).toHaveLength(2);
    for (const line of logged) expect(line).toMatchObject({ status: 200, club_id: club.id, events: 1 });
  });
});
