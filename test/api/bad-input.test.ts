// Bad values on every route the OpenAPI document lists (so a new route is covered without
// editing this file): text PostgreSQL cannot hold, lenient integers, repeated, empty, long and
// badly encoded query values, and bodies that are not JSON objects sent as JSON. Each answer is
// a 4xx in the error envelope, never a 5xx, and nothing is logged at error level.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';
import { bearer, createTestDatabase, insertClub, testConfig, testSecretBox } from '../helper.ts';

interface Operation {
  method: 'GET' | 'POST' | 'DELETE';
  /** OpenAPI path, e.g. /v1/events/{id}/participants/{participant_id}. */
  path: string;
  operationId: string;
  pathParams: string[];
  queryParams: Record<string, { type?: string }>;
  bodyFields: Record<string, FieldSchema> | undefined;
}

interface FieldSchema {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: FieldSchema[];
}

interface ErrorBody {
  type: string;
  code: string;
  message: string;
  param?: string;
  request_id: string;
}

// A body each body-taking operation accepts, so that only the value under test is wrong.
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  createWebhookEndpoint: { url: 'https://example.com/hooks', signal_types: ['*'] },
  updateWebhookEndpoint: { description: 'probe' },
  recoverWebhookEndpoint: { since: new Date(Date.now() - 3_600_000).toISOString() },
  resendWebhookEndpointSignal: { signal_id: 'sig_probe' },
  rotateWebhookEndpointSecret: { signature_scheme: 'v1' },
  testWebhookEndpoint: {},
  createPortalSession: { mode: 'read_only' },
};

const UNKNOWN_ID = 'zz_unknown';
const LENIENT_INTEGERS = ['Infinity', '-Infinity', 'NaN', '0x10', '1e2', '+5', '-5', '%205%20', '5.0', '0b101', '0o17', '', '99999999999999999999999', '9'.repeat(400)];
const BADLY_ENCODED = ['%C3%28', '%FF', '%ED%A0%80', '%zz', 'a%'];

let app: FastifyInstance;
let auth: string;
let operations: Operation[];
const logLines: { level: number; msg: string }[] = [];

beforeAll(async () => {
  const { pool } = await createTestDatabase();
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
  app = await buildApp({
    // Development mode: endpoint URLs are not resolved in DNS (no network in tests).
    config: testConfig({ environment: 'development', rateLimit: { perSecond: 1_000_000, burst: 1_000_000 } }),
    pool,
    secretBox: testSecretBox(),
    logger,
  });
  await app.ready();
  const club = await insertClub(pool);
  auth = await bearer(pool, club.id, { scopes: ALL_SCOPES });
  operations = operationsOf(app);
});

afterAll(() => app?.close());

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        parameters?: { in: string; name: string; schema: { type?: string } }[];
        requestBody?: { content: Record<string, { schema: { properties?: Record<string, FieldSchema> } }> };
      }
    >
  >;
};

function operationsOf(instance: FastifyInstance): Operation[] {
  const doc = instance.swagger() as unknown as Doc;
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase() as Operation['method'],
        path,
        operationId: op.operationId,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: Object.fromEntries((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        bodyFields: op.requestBody?.content['application/json']?.schema.properties,
      })),
  );
}

/** The operation's URL with every path parameter set to `ids[name]` (percent-encoded as given) or an unknown id. */
function urlOf(op: Operation, ids: Record<string, string> = {}, query = ''): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? UNKNOWN_ID);
  return query ? `${path}?${query}` : path;
}

function send(
  op: Operation,
  options: { url?: string; payload?: string | Buffer; headers?: Record<string, string>; body?: Record<string, unknown> } = {},
): Promise<LightMyRequestResponse> {
  const body = options.body ?? VALID_BODIES[op.operationId];
  const payload = options.payload ?? (body === undefined ? undefined : JSON.stringify(body));
  const json = payload !== undefined && options.payload === undefined ? { 'content-type': 'application/json' } : {};
  return app.inject({
    method: op.method,
    url: options.url ?? urlOf(op),
    ...(payload === undefined ? {} : { payload }),
    headers: { authorization: auth, ...json, ...options.headers },
  });
}

/** A 4xx in the envelope, with the request id of the X-Request-Id header. */
function expectEnvelope(res: LightMyRequestResponse, label: string): ErrorBody {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  const body = res.json<{ error: ErrorBody }>();
  expect(Object.keys(body), label).toEqual(['error']);
  expect(body.error.request_id, label).toBe(res.headers['x-request-id']);
  return body.error;
}

function expectInvalidParam(res: LightMyRequestResponse, param: string, label: string): ErrorBody {
  const error = expectEnvelope(res, label);
  expect(res.statusCode, label).toBe(400);
  expect(error, label).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid', param });
  return error;
}

const withPathParams = () => operations.filter((op) => op.pathParams.length > 0);
const withQueryParam = (name: string) => operations.filter((op) => name in op.queryParams);
const withBody = () => operations.filter((op) => op.method === 'POST');

describe('the routes walked', () => {
  it('come from the OpenAPI document, and every one taking a body has a valid body here', () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(withPathParams().length).toBeGreaterThan(10);
    for (const op of operations.filter((o) => o.bodyFields)) expect(VALID_BODIES, op.operationId).toHaveProperty(op.operationId);
  });
});

describe('a path id PostgreSQL cannot hold', () => {
  it('gets, on every route, exactly the 404 an unknown id gets', async () => {
    for (const op of withPathParams()) {
      for (const name of op.pathParams) {
        const unknown = expectEnvelope(await send(op), `${op.operationId} unknown ${name}`);
        const res = await send(op, { url: urlOf(op, { [name]: `${UNKNOWN_ID}%00` }) });
        const label = `${op.operationId} ${name} with NUL`;
        const error = expectEnvelope(res, label);
        expect(res.statusCode, label).toBe(404);
        const named = (e: ErrorBody) => ({ ...e, message: e.message.replace(`${UNKNOWN_ID}\0`, UNKNOWN_ID), request_id: '' });
        expect(named(error), label).toEqual(named(unknown));
      }
    }
  });

  it('that is not UTF-8 once decoded is answered in the envelope, never a 5xx', async () => {
    for (const op of withPathParams()) {
      for (const name of op.pathParams) {
        for (const value of BADLY_ENCODED) expectEnvelope(await send(op, { url: urlOf(op, { [name]: `id${value}` }) }), `${op.operationId} ${name}=${value}`);
      }
    }
  });
});

describe('query values', () => {
  it('with a NUL, an unpaired surrogate, bad percent-encoding or 100 KB are 400 naming the parameter, on every route', async () => {
    const values = ['a%00', '%00', ...BADLY_ENCODED, 'x'.repeat(100_000)];
    for (const op of operations) {
      for (const name of Object.keys(op.queryParams)) {
        for (const value of values) {
          expectInvalidParam(await send(op, { url: urlOf(op, {}, `${name}=${value}`) }), name, `${op.operationId} ${name}=${value.slice(0, 20)}`);
        }
      }
    }
  });

  it('repeated are 400 naming the parameter, not a pick of one', async () => {
    for (const op of operations) {
      for (const name of Object.keys(op.queryParams)) {
        const res = await send(op, { url: urlOf(op, {}, `${name}=5&${name}=6`) });
        const error = expectInvalidParam(res, name, `${op.operationId} ${name} twice`);
        expect(error.message).toBe(`Invalid ${name}: given 2 times; give it once.`);
      }
    }
  });

  it('empty, emoji or unknown are answered in the envelope or served, never a 5xx', async () => {
    for (const op of operations) {
      for (const name of Object.keys(op.queryParams)) {
        for (const value of ['', '%F0%9F%98%80', 'nonsense']) {
          const res = await send(op, { url: urlOf(op, {}, `${name}=${value}`) });
          if (res.statusCode >= 400) expectEnvelope(res, `${op.operationId} ${name}=${value}`);
          else expect(res.statusCode, `${op.operationId} ${name}=${value}`).toBe(200);
        }
      }
    }
  });

  it('over 4096 characters are refused even where any string is taken, such as starting_after', async () => {
    const list = operations.find((op) => op.operationId === 'listCustomers')!;
    const error = expectInvalidParam(await send(list, { url: urlOf(list, {}, `starting_after=${'x'.repeat(1_000_000)}`) }), 'starting_after', '1 MB');
    expect(error.message).toBe('Invalid starting_after: longer than 4096 characters.');
    expectInvalidParam(await send(list, { url: urlOf(list, {}, `email=${'x'.repeat(4097)}`) }), 'email', '4097');
    expect((await send(list, { url: urlOf(list, {}, `email=${'x'.repeat(4096)}`) })).statusCode).toBe(200);
  });

  it('with an emoji reach the database and match nothing', async () => {
    const list = operations.find((op) => op.operationId === 'listCustomers')!;
    const res = await send(list, { url: urlOf(list, {}, 'email=%F0%9F%98%80%40example.com') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([]);
  });
});

describe('integer parameters', () => {
  it('are decimal digits within their range: every lenient form is 400 on limit, with the rule in the message', async () => {
    const lists = withQueryParam('limit');
    expect(lists.length).toBeGreaterThan(5);
    for (const op of lists) {
      for (const value of [...LENIENT_INTEGERS, '0', '101']) {
        const error = expectInvalidParam(await send(op, { url: urlOf(op, {}, `limit=${value}`) }), 'limit', `${op.operationId} limit=${value}`);
        expect(error.message).toBe('Invalid limit: must be an integer from 1 to 100 written in decimal digits.');
      }
    }
  });

  it('accept digits, leading zeros included', async () => {
    const list = operations.find((op) => op.operationId === 'listCustomers')!;
    for (const value of ['1', '05', '100', '0100']) {
      expect((await send(list, { url: urlOf(list, {}, `limit=${value}`) })).statusCode, value).toBe(200);
    }
  });
});

describe('bodies', () => {
  it('of another Content-Type, or none, are 415 on every route taking a body', async () => {
    for (const op of withBody()) {
      const payload = JSON.stringify(VALID_BODIES[op.operationId] ?? {});
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'application/json; charset=utf-16', 'application/jsonx', 'application/json-patch+json', undefined]) {
        const res = await send(op, { payload, headers: type === undefined ? {} : { 'content-type': type } });
        const error = expectEnvelope(res, `${op.operationId} ${type}`);
        expect([res.statusCode, error.type, error.code], `${op.operationId} ${type}`).toEqual([415, 'invalid_request_error', 'unsupported_media_type']);
      }
    }
  });

  it('sent as application/json with an optional utf-8 charset are read as JSON', async () => {
    const create = operations.find((op) => op.operationId === 'createWebhookEndpoint')!;
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8', 'application/json; charset="utf-8"']) {
      const res = await send(create, { payload: JSON.stringify(VALID_BODIES.createWebhookEndpoint), headers: { 'content-type': type } });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
    }
  });

  it('that are absent need no Content-Type: the POST counts as {}', async () => {
    const rotate = operations.find((op) => op.operationId === 'rotateWebhookEndpointSecret')!;
    const noBody: Record<string, string>[] = [
      {},
      { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' },
      { 'content-type': 'application/json', 'content-length': '0' },
    ];
    for (const headers of noBody) {
      const error = expectEnvelope(await app.inject({ method: 'POST', url: urlOf(rotate), headers: { authorization: auth, ...headers } }), JSON.stringify(headers));
      expect(error.code).toBe('resource_missing');
    }
    const update = operations.find((op) => op.operationId === 'updateWebhookEndpoint')!;
    expect(expectEnvelope(await app.inject({ method: 'POST', url: urlOf(update), headers: { authorization: auth } }), 'update').code).toBe('parameter_missing');
  });

  it('sent chunked over real HTTP need no Content-Type when empty, and are 415 once a byte arrives', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const rotate = operations.find((op) => op.operationId === 'rotateWebhookEndpointSecret')!;
    // Node sends Transfer-Encoding: chunked for a request without Content-Length; an empty one is 0\r\n\r\n.
    const chunked = (type: string | undefined, body: string) =>
      new Promise<{ status: number; error: ErrorBody }>((resolve, reject) => {
        const headers: Record<string, string> = { authorization: auth, 'transfer-encoding': 'chunked', ...(type ? { 'content-type': type } : {}) };
        const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: urlOf(rotate), headers }, (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, error: (JSON.parse(text) as { error: ErrorBody }).error }));
        });
        request.on('error', reject);
        request.end(body);
      });
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', undefined, 'application/json']) {
      const empty = await chunked(type, '');
      expect([empty.status, empty.error.code], `empty, ${type}`).toEqual([404, 'resource_missing']);
    }
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', undefined]) {
      const full = await chunked(type, 'a=1');
      expect([full.status, full.error.code], `a=1, ${type}`).toEqual([415, 'unsupported_media_type']);
    }
  });

  it('that are not a JSON object, not JSON, not UTF-8 or too deep are 400 body_invalid on every route taking a body', async () => {
    const payloads: [string, string | Buffer][] = [
      ['array', '[]'],
      ['string', '"x"'],
      ['null', 'null'],
      ['number', '5'],
      ['truncated', '{"url":'],
      ['proto', '{"__proto__":{"x":1}}'],
      ['latin-1 bytes', Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d])],
      ['10,000 levels', `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`],
      ['21 levels', `{"a":${'{"a":'.repeat(20)}1${'}'.repeat(20)}}`],
    ];
    for (const op of withBody()) {
      for (const [label, payload] of payloads) {
        const res = await send(op, { payload, headers: { 'content-type': 'application/json', 'idempotency-key': `k-${label}` } });
        const error = expectEnvelope(res, `${op.operationId} ${label}`);
        expect([res.statusCode, error.code, error.param], `${op.operationId} ${label}`).toEqual([400, 'body_invalid', 'body']);
      }
    }
  });

  it('over the body limit are 413 in the envelope', async () => {
    for (const op of withBody()) {
      const res = await send(op, { payload: `{"description":"${'x'.repeat(1_100_000)}"}`, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, op.operationId).toBe(413);
      expectEnvelope(res, op.operationId);
    }
  });

  it('with a NUL or an unpaired surrogate in any string, nested ones too, are 400 naming the top-level field', async () => {
    for (const op of withBody().filter((o) => o.bodyFields)) {
      for (const [name, schema] of Object.entries(op.bodyFields!)) {
        for (const bad of ['a\u0000', 'a\ud800', '\udc00']) {
          const value = schema.type === 'array' ? [bad] : bad;
          const res = await send(op, { body: { ...VALID_BODIES[op.operationId], [name]: value } });
          expectInvalidParam(res, name, `${op.operationId} ${name}=${JSON.stringify(value)}`);
        }
      }
    }
  });

  it('cut short by a client that resets its connection are no failure of ours: one info line, never database_unavailable', async () => {
    if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    // Every route taking a body, with and without a key, and a POST to an unknown path (no key needed).
    const targets = [
      ...withBody().flatMap((op) => [
        { url: urlOf(op), authorization: auth, type: 'application/json' },
        { url: urlOf(op), authorization: auth, type: 'text/plain' },
      ]),
      { url: '/v1/nope', authorization: undefined, type: 'application/json' },
      { url: '/nowhere', authorization: undefined, type: 'application/json' },
    ];
    const lines = logLines as unknown as Record<string, unknown>[];
    for (const { url, authorization, type } of targets) {
      const from = lines.length;
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      await new Promise((resolve) => socket.once('connect', resolve));
      const head = [`POST ${url} HTTP/1.1`, 'Host: x', `Content-Type: ${type}`, 'Content-Length: 100', ...(authorization ? [`Authorization: ${authorization}`] : [])];
      await new Promise((resolve) => socket.write(`${head.join('\r\n')}\r\n\r\n{"url":`, resolve));
      // The server has the head and part of the body, and waits for the rest: the client resets.
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.resetAndDestroy();
      const label = `${type} ${url}`;
      const deadline = Date.now() + 30_000;
      while (!lines.slice(from).some((line) => line.msg === 'request' && line.path === url)) {
        if (Date.now() > deadline) throw new Error(`no request line for ${label}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const own = lines.slice(from);
      expect(own.filter((line) => line.code === 'database_unavailable'), label).toEqual([]);
      expect(own.filter((line) => (line.level as number) >= 40), label).toEqual([]);
      const requestLines = own.filter((line) => line.msg === 'request');
      expect(requestLines, label).toHaveLength(1);
      // Read by the JSON parser, the body is cut short: the line says so. A route's other checks
      // may come first (415 for text/plain): either way, a client's mistake logged at info.
      if (type === 'application/json') {
        expect(requestLines[0], label).toMatchObject({ status: 400, level: 30 });
        expect(own.filter((line) => line.reqId === requestLines[0]!.reqId && line.code === 'request_aborted'), label).toHaveLength(1);
      }
    }
  });

  it('with a number field given anything but a JSON number in its range are 400 naming the field, on every route', async () => {
    // The fields the document types as numbers (nullable ones included), wherever they are.
    const numeric = withBody().flatMap((op) =>
      Object.entries(op.bodyFields ?? {})
        .filter(([, schema]) => [schema, ...(schema.anyOf ?? [])].some((s) => s.type === 'integer' || s.type === 'number'))
        .map(([name]) => ({ op, name })),
    );
    expect(numeric.map(({ op, name }) => `${op.operationId} ${name}`)).toEqual(
      expect.arrayContaining(['createWebhookEndpoint max_in_flight', 'createWebhookEndpoint rate_limit', 'updateWebhookEndpoint rate_limit']),
    );
    const values: unknown[] = [...LENIENT_INTEGERS, ' 5 ', '5', true, [], [5], {}, { value: 5 }, 0, -1, 1e9, 2 ** 63, -Number.MAX_VALUE, Number.MIN_VALUE * -1];
    // Numbers JSON can write and JavaScript cannot: they parse to ±Infinity, and 1e-400 to 0.
    const raws = ['1e400', '-1e400', '1e-400', '-0', '99999999999999999999999999999999999999999'];
    for (const { op, name } of numeric) {
      for (const value of values) {
        expectInvalidParam(await send(op, { body: { ...VALID_BODIES[op.operationId], [name]: value } }), name, `${op.operationId} ${name}=${JSON.stringify(value)}`);
      }
      for (const raw of raws) {
        const payload = JSON.stringify({ ...VALID_BODIES[op.operationId], [name]: '<raw>' }).replace('"<raw>"', raw);
        expectInvalidParam(await send(op, { payload, headers: { 'content-type': 'application/json' } }), name, `${op.operationId} ${name}=${raw}`);
      }
    }
  });

  it('with an enumerated field given anything but one of its values, exactly, are 400 naming the field with the values', async () => {
    // A union of literals: the document writes each as a const, or an enum of one value.
    const literal = (s: FieldSchema) => (s.const !== undefined ? [s.const] : s.enum?.length === 1 ? s.enum : undefined);
    const enumerated = withBody().flatMap((op) =>
      Object.entries(op.bodyFields ?? {})
        .filter(([, schema]) => schema.anyOf?.length && schema.anyOf.every(literal))
        .map(([name, schema]) => ({ op, name, values: schema.anyOf!.map((s) => String(literal(s)![0])) })),
    );
    expect(enumerated.map(({ op, name }) => `${op.operationId} ${name}`)).toEqual(
      expect.arrayContaining(['createWebhookEndpoint ordering', 'updateWebhookEndpoint ordering', 'updateWebhookEndpoint status']),
    );
    for (const { op, name, values } of enumerated) {
      const first = values[0]!;
      for (const value of [first.toUpperCase(), ` ${first}`, `${first}\u0000`, `${first},${values[1]}`, '', '*', null, 0, true, [first], { [first]: true }]) {
        const label = `${op.operationId} ${name}=${JSON.stringify(value)}`;
        const error = expectInvalidParam(await send(op, { body: { ...VALID_BODIES[op.operationId], [name]: value } }), name, label);
        expect(error.message, label).toBe(`Invalid ${name}: must be one of ${values.join(', ')}.`);
      }
    }
  });

  it('are typed strictly: a number is no string, a string no array', async () => {
    const create = operations.find((op) => op.operationId === 'createWebhookEndpoint')!;
    const body = VALID_BODIES.createWebhookEndpoint!;
    expect(expectInvalidParam(await send(create, { body: { ...body, description: 5 } }), 'description', 'number').message).toBe(
      'Invalid description: must be a string.',
    );
    expectInvalidParam(await send(create, { body: { ...body, url: true } }), 'url', 'boolean');
    expectInvalidParam(await send(create, { body: { ...body, signal_types: '*' } }), 'signal_types', 'string');
  });
});

describe('unknown paths and methods', () => {
  it('stay 404 and 405 whatever the query or the body', async () => {
    const unknownPath = await app.inject({ method: 'POST', url: '/v1/nope?limit=0x10&a=%00&b=%FF', payload: 'x', headers: { authorization: auth, 'content-type': 'text/plain' } });
    expect([unknownPath.statusCode, expectEnvelope(unknownPath, 'unknown path').code]).toEqual([404, 'resource_missing']);
    const wrongMethod = await app.inject({ method: 'POST', url: '/v1/customers?a=%00', payload: '[', headers: { authorization: auth, 'content-type': 'application/json' } });
    expect([wrongMethod.statusCode, expectEnvelope(wrongMethod, 'wrong method').code]).toEqual([405, 'method_not_allowed']);
  });
});

describe('the log', () => {
  it('has no error-level line for any of these requests', () => {
    expect(logLines.filter((line) => line.msg === 'request').length).toBeGreaterThan(500);
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
