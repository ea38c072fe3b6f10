// The SDK (sdk/src) against the real API over real HTTP: every operation once through its
// method, lists paging by themselves, typed errors, retries on 429 and after a lost answer, and
// following the signal stream across a cut connection.
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  ClubData,
  ClubDataError,
  ConnectionError,
  CursorExpiredError,
  InvalidRequestError,
  NotFoundError,
  OPERATIONS,
  PermissionError,
  RateLimitError,
  TimeoutError,
  type RequestEvent,
  type ResponseEvent,
  type Signal,
} from '@clubdata/sdk';
import { pruneSignals } from '../../src/db/signals.ts';
import { seedDemo } from '../../src/demo/seed.ts';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';
import { insertCustomer } from '../fixtures.ts';
import { eventually } from '../workers/pipeline-helper.ts';
import { freePort } from '../workers/processes.ts';
import { buildApp } from '../../src/app.ts';
import { createPool } from '../../src/db/pool.ts';
import { bearer, insertClub, setupApp, testConfig, testSecretBox } from '../helper.ts';
import { expectOpenApi } from '../openapi.ts';
import { CuttingProxy } from './cutting-proxy.ts';

// Development mode, so that endpoints on loopback are accepted (nothing is delivered here).
const t = await setupApp({ environment: 'development', rateLimit: { perSecond: 1_000_000, burst: 10_000_000 }, signalStreams: { perKey: 5, idleMs: 300 } });
const CLUB = 'club_demo_ny';
let base = '';
let apiKey = '';
let client: ClubData;
let proxy: CuttingProxy | undefined;

async function listen(app: typeof t.app): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

beforeAll(async () => {
  await seedDemo(t.pool, { size: 'small', counts: { customers: 45, bookings: 60 } });
  // The seed makes no signals (its triggers are off): a few changes make some.
  for (let i = 0; i < 5; i++) await insertCustomer(t.pool, CLUB);
  apiKey = (await bearer(t.pool, CLUB, { scopes: ALL_SCOPES })).slice('Bearer '.length);
  base = await listen(t.app);
  client = new ClubData({ apiKey, baseUrl: base });
});
afterAll(() => proxy?.stop());

/** Every record of a list, read page by page with plain fetch, for comparison. */
async function fetchAll(path: string): Promise<{ id: string }[]> {
  const all: { id: string }[] = [];
  for (let after = ''; ; ) {
    const res = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}limit=100${after && `&starting_after=${after}`}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    const page = (await res.json()) as { data: { id: string }[]; has_more: boolean };
    all.push(...page.data);
    if (!page.has_more) return all;
    after = page.data.at(-1)!.id;
  }
}

describe('every operation', () => {
  it('has a method, and each method answers what the OpenAPI document says', async () => {
    const customer = (await client.customers.list({ limit: 1 }).firstPage()).data[0]!;
    const booking = (await client.bookings.list({ limit: 1 }).firstPage()).data[0]!;
    const coach = (await client.coaches.list().firstPage()).data[0]!;
    const order = (await client.orders.list({ limit: 1 }).firstPage()).data[0]!;
    const signal = (await client.signals.list({ limit: 1 }).firstPage()).data[0]!;
    const { rows } = await t.pool.query<{ event_id: string; id: string }>('SELECT event_id, id FROM participants WHERE club_id = $1 LIMIT 1', [CLUB]);
    const participant = rows[0]!;

    const called = new Map<string, { route: string; method: string; body: unknown }>();
    const note = (operation: keyof typeof OPERATIONS, route: string, method: string, body: unknown) => called.set(operation, { route, method, body });
    const page = async <T>(list: { firstPage(): Promise<T> }) => list.firstPage();

    note('retrieveClub', '/v1/club', 'GET', await client.club.retrieve());
    note('listCustomers', '/v1/customers', 'GET', await page(client.customers.list({ include: ['ended_subscriptions', 'archived'] })));
    note('retrieveCustomer', '/v1/customers/{id}', 'GET', await client.customers.retrieve(customer.id));
    note('listSpaces', '/v1/spaces', 'GET', await page(client.spaces.list()));
    note('listCoaches', '/v1/coaches', 'GET', await page(client.coaches.list()));
    note('retrieveCoach', '/v1/coaches/{id}', 'GET', await client.coaches.retrieve(coach.id));
    note('listSchedule', '/v1/schedule', 'GET', await page(client.schedule.list()));
    note('listBookings', '/v1/bookings', 'GET', await page(client.bookings.list()));
    note('retrieveBooking', '/v1/bookings/{id}', 'GET', await client.bookings.retrieve(booking.id));
    note('listEvents', '/v1/events', 'GET', await page(client.events.list({ include: ['canceled'] })));
    note('retrieveEvent', '/v1/events/{id}', 'GET', await client.events.retrieve(participant.event_id));
    note('listEventParticipants', '/v1/events/{id}/participants', 'GET', await page(client.events.participants.list(participant.event_id)));
    note(
      'retrieveEventParticipant',
      '/v1/events/{id}/participants/{participant_id}',
      'GET',
      await client.events.participants.retrieve(participant.event_id, participant.id),
    );
    note('listOrders', '/v1/orders', 'GET', await page(client.orders.list()));
    note('retrieveOrder', '/v1/orders/{id}', 'GET', await client.orders.retrieve(order.id));
    note('listTransactions', '/v1/transactions', 'GET', await page(client.transactions.list()));
    note('listWaivers', '/v1/waivers', 'GET', await page(client.waivers.list()));
    note('listSignals', '/v1/signals', 'GET', await page(client.signals.list({ type: 'customer.created' })));
    note('retrieveSignal', '/v1/signals/{id}', 'GET', await client.signals.retrieve(signal.id));
    note('listSignalTypes', '/v1/signal_types', 'GET', await page(client.signalTypes.list()));

    const created = await client.webhookEndpoints.create({ url: 'http://127.0.0.1:9/sdk-hooks', signal_types: ['*'] });
    expect(created.secret).toMatch(/^whsec_/);
    note('createWebhookEndpoint', '/v1/webhook_endpoints', 'POST', created);
    note('listWebhookEndpoints', '/v1/webhook_endpoints', 'GET', await page(client.webhookEndpoints.list()));
    note('retrieveWebhookEndpoint', '/v1/webhook_endpoints/{id}', 'GET', await client.webhookEndpoints.retrieve(created.id));
    note('updateWebhookEndpoint', '/v1/webhook_endpoints/{id}', 'POST', await client.webhookEndpoints.update(created.id, { description: 'from the SDK' }));
    note('rotateWebhookEndpointSecret', '/v1/webhook_endpoints/{id}/rotate_secret', 'POST', await client.webhookEndpoints.rotateSecret(created.id));
    note(
      'recoverWebhookEndpoint',
      '/v1/webhook_endpoints/{id}/recover',
      'POST',
      await client.webhookEndpoints.recover(created.id, { since: new Date(Date.now() - 3_600_000).toISOString() }),
    );
    note('resendWebhookEndpointSignal', '/v1/webhook_endpoints/{id}/resend', 'POST', await client.webhookEndpoints.resend(created.id, { signal_id: signal.id }));
    // An attempt the pipeline would have recorded (none runs here), for the attempt's own route.
    await t.pool.query(
      `INSERT INTO delivery_attempts (club_id, id, endpoint_id, signal_id, signal_sequence, attempt_number, attempted_at, status_code, duration_ms)
       VALUES ($1, 'atmpt_sdk', $2, $3, $4, 1, now(), 200, 5)`,
      [CLUB, created.id, signal.id, signal.sequence],
    );
    note('listWebhookEndpointAttempts', '/v1/webhook_endpoints/{id}/attempts', 'GET', await page(client.webhookEndpoints.listAttempts(created.id)));
    note(
      'retrieveWebhookEndpointAttempt',
      '/v1/webhook_endpoints/{id}/attempts/{attempt_id}',
      'GET',
      await client.webhookEndpoints.retrieveAttempt(created.id, 'atmpt_sdk'),
    );
    note('testWebhookEndpoint', '/v1/webhook_endpoints/{id}/test', 'POST', await client.webhookEndpoints.test(created.id));
    note('retrieveWebhookEndpointHealth', '/v1/webhook_endpoints/{id}/health', 'GET', await client.webhookEndpoints.health(created.id));
    note('listSignalAttempts', '/v1/signals/{id}/attempts', 'GET', await page(client.signals.listAttempts(signal.id, { outcome: 'failed' })));
    note('deleteWebhookEndpoint', '/v1/webhook_endpoints/{id}', 'DELETE', await client.webhookEndpoints.delete(created.id));
    const portal = await client.portalSessions.create({ mode: 'read_only' });
    note('createPortalSession', '/v1/portal_sessions', 'POST', portal);
    note('deletePortalSession', '/v1/portal_sessions/{id}', 'DELETE', await client.portalSessions.delete(portal.id));

    const streamed: unknown[] = [];
    for await (const event of client.signals.stream({ afterSequence: signal.sequence - 1 })) {
      streamed.push(event);
      if (event.kind === 'signal') break;
    }
    expect(streamed[0]).toMatchObject({ kind: 'signal', sequence: signal.sequence, signal: { id: signal.id } });
    called.set('streamSignals', { route: '/v1/signals/stream', method: 'GET', body: undefined });

    expect([...called.keys()].sort()).toEqual(Object.keys(OPERATIONS).sort());
    for (const [operation, call] of called) {
      if (call.body === undefined) continue;
      const { status } = (call.body as { lastResponse: { status: number } }).lastResponse;
      expect(status, operation).toBe(operation === 'recoverWebhookEndpoint' || operation === 'resendWebhookEndpointSignal' ? 202 : 200);
      expectOpenApi(t.app, call.route, call.method, status, JSON.parse(JSON.stringify(call.body)));
    }
  });

  it('gives each read its watermark and request id, and leaves them out of the JSON', async () => {
    const club = await client.club.retrieve();
    const { rows } = await t.pool.query<{ last_sequence: string }>('SELECT last_sequence FROM signal_sequences WHERE club_id = $1', [CLUB]);
    expect(club.lastResponse.signalSequence).toBe(Number(rows[0]!.last_sequence));
    expect(club.lastResponse.requestId).toMatch(/^req_/);
    expect(Object.keys(JSON.parse(JSON.stringify(club)) as object)).not.toContain('lastResponse');
  });
});

describe('lists', () => {
  it('page by themselves: every customer once, in the order of the API, one request per page', async () => {
    const expected = await fetchAll('/v1/customers');
    expect(expected.length).toBeGreaterThan(40);
    const list = client.customers.list({ limit: 7 });
    const seen: string[] = [];
    for await (const customer of list) seen.push(customer.id);
    expect(seen).toEqual(expected.map((c) => c.id));
    let pages = 0;
    for await (const p of list.pages()) {
      pages++;
      expect(p.data.length).toBeLessThanOrEqual(7);
    }
    expect(pages).toBe(Math.ceil(expected.length / 7));
    expect((await list.firstPage()).data.map((c) => c.id)).toEqual(expected.slice(0, 7).map((c) => c.id));
  });

  it('gather at most the limit toArray is given, fetching only the pages it needs, and want that limit', async () => {
    const urls: string[] = [];
    const counted = new ClubData({ apiKey, baseUrl: base }).on('request', (event) => urls.push(event.url));
    const expected = await fetchAll('/v1/customers');
    const some = await counted.customers.list({ limit: 5 }).toArray({ limit: 7 });
    expect(some.map((c) => c.id)).toEqual(expected.slice(0, 7).map((c) => c.id));
    expect(urls).toHaveLength(2);
    // @ts-expect-error: the limit is required
    await expect(counted.customers.list().toArray()).rejects.toThrow('ClubData: toArray needs { limit }, a whole number from 1 to 10000');
    await expect(counted.customers.list().toArray({ limit: 10_001 })).rejects.toBeInstanceOf(TypeError);
    expect(urls).toHaveLength(2);
  });

  it("refuse an include the operation does not take, before any request (the API would ignore it)", async () => {
    const urls: string[] = [];
    const counted = new ClubData({ apiKey, baseUrl: base }).on('request', (event) => urls.push(event.url));
    // @ts-expect-error: the prose's spelling; the opt-in is `canceled`
    expect(() => counted.bookings.list({ include: ['cancelled'] })).toThrow(new TypeError(`ClubData: bookings.list takes include 'canceled', not "cancelled"`));
    // @ts-expect-error: an opt-in of another operation
    await expect(counted.customers.retrieve('cus_x', { include: ['archived'] })).rejects.toThrow(`takes include 'ended_subscriptions', not "archived"`);
    // The comma-separated text a JavaScript caller may pass is checked value by value.
    const text = 'archived,ended_subscriptions' as unknown as ['archived'];
    expect((await counted.customers.list({ include: text, limit: 1 }).firstPage()).data).toHaveLength(1);
    expect(urls).toEqual([`${base}/v1/customers?include=archived%2Cended_subscriptions&limit=1`]);
  });

  it('take include as an array and stop early when the caller breaks', async () => {
    const withCanceled = await fetchAll('/v1/bookings?include=canceled');
    const plain = await fetchAll('/v1/bookings');
    expect(withCanceled.length).toBeGreaterThan(plain.length);
    expect(await client.bookings.list({ include: ['canceled'], limit: 100 }).toArray({ limit: 10_000 })).toHaveLength(withCanceled.length);
    let taken = 0;
    for await (const booking of client.bookings.list({ limit: 5 })) {
      expect(booking.object).toBe('booking');
      if (++taken === 3) break;
    }
    expect(taken).toBe(3);
  });
});

describe('errors', () => {
  it('are typed by the envelope, with code, param, request id and status', async () => {
    const missing = await client.customers.retrieve('cus_missing').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ type: 'not_found_error', code: 'resource_missing', status: 404, requestId: expect.stringMatching(/^req_/) });

    const invalid = await client.customers.list({ limit: 0 }).firstPage().catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(InvalidRequestError);
    expect(invalid).toMatchObject({ code: 'parameter_invalid', param: 'limit', status: 400 });

    const unknownKey = await new ClubData({ apiKey: 'cd_live_nope', baseUrl: base }).club.retrieve().catch((e: unknown) => e);
    expect(unknownKey).toBeInstanceOf(AuthenticationError);
    expect(unknownKey).toMatchObject({ status: 401 });

    const narrowKey = (await bearer(t.pool, CLUB, { scopes: ['customers:read'] })).slice('Bearer '.length);
    const narrow = await new ClubData({ apiKey: narrowKey, baseUrl: base }).bookings.list().firstPage().catch((e: unknown) => e);
    expect(narrow).toBeInstanceOf(PermissionError);
    expect(narrow).toMatchObject({ code: 'insufficient_scope', status: 403 });

    // A call that cannot be made rejects (it does not throw before returning its promise).
    const noId = client.customers.retrieve('');
    await expect(noId).rejects.toBeInstanceOf(TypeError);

    const unanswered: ResponseEvent[] = [];
    const nowhereClient = new ClubData({ apiKey, baseUrl: `http://127.0.0.1:${await freePort()}`, maxRetries: 0 }).on('response', (event) => unanswered.push(event));
    const nowhere = await nowhereClient.club.retrieve().catch((e: unknown) => e);
    expect(nowhere).toBeInstanceOf(ConnectionError);
    expect(nowhere).toMatchObject({ code: 'connection_refused', status: undefined });
    expect(unanswered).toHaveLength(1);
    expect(unanswered[0]).toMatchObject({ operationId: 'retrieveClub', attempt: 0, status: undefined, requestId: undefined, error: nowhere });
  });

  it('says cursor_expired as its own class when retention removed what follows the cursor', async () => {
    // Signals are immutable but for replication: the way to make three of them 40 days old.
    const connection = await t.pool.connect();
    try {
      await connection.query('SET session_replication_role = replica');
      await connection.query("UPDATE signals SET created_at = created_at - interval '40 days' WHERE club_id = $1 AND sequence <= 3", [CLUB]);
    } finally {
      await connection.query('RESET session_replication_role');
      connection.release();
    }
    expect(await pruneSignals(t.pool, 30)).toBe(3);
    const expired = await client.signals.list({ after_sequence: 1 }).firstPage().catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(CursorExpiredError);
    expect(expired).toBeInstanceOf(InvalidRequestError);
    expect(expired).toMatchObject({ code: 'cursor_expired', status: 410, param: 'after_sequence' });
    const follower = client.signals.follow({ afterSequence: 1 });
    await expect(follower[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(CursorExpiredError);
  });
});

describe('timeouts and aborts', () => {
  it('abandons an attempt after the timeout, retries it, then says TimeoutError; an AbortSignal ends the call at once', async () => {
    // A server that accepts connections and never answers.
    const sockets: Socket[] = [];
    let requests = 0;
    const silent = createServer((socket) => {
      sockets.push(socket);
      socket.on('data', (chunk: Buffer) => (requests += (chunk.toString('latin1').match(/^GET /gm) ?? []).length));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentBase = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const started = Date.now();
      const timedOut = await new ClubData({ apiKey, baseUrl: silentBase, timeout: 200, maxRetries: 1 }).club.retrieve().catch((e: unknown) => e);
      expect(timedOut).toBeInstanceOf(TimeoutError);
      expect(timedOut).toBeInstanceOf(ConnectionError);
      expect(timedOut).toMatchObject({ code: 'timeout', status: undefined });
      expect(requests).toBe(2);
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);

      const controller = new AbortController();
      const reason = new Error('the caller gave up');
      const aborted = new ClubData({ apiKey, baseUrl: silentBase, maxRetries: 5 }).club.retrieve({ signal: controller.signal });
      setTimeout(() => controller.abort(reason), 100);
      await expect(aborted).rejects.toBe(reason);
      // One attempt, abandoned by the abort rather than by a timeout, and not retried.
      expect(requests).toBe(3);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe('retries', () => {
  it('wait out 429s, honouring Retry-After, until the call succeeds; with retries off the 429 surfaces', async () => {
    const limited = await setupApp({ rateLimit: { perSecond: 2, burst: 2 } });
    const limitedBase = await listen(limited.app);
    const limitedClub = await insertClub(limited.pool);
    const key = (await bearer(limited.pool, limitedClub.id)).slice('Bearer '.length);
    let attempts = 0;
    const counting: typeof fetch = (input, init) => {
      attempts++;
      return fetch(input, init);
    };
    try {
      const patient = new ClubData({ apiKey: key, baseUrl: limitedBase, maxRetries: 5, fetch: counting });
      const sent: RequestEvent[] = [];
      const ended: ResponseEvent[] = [];
      patient.on('request', (event) => sent.push(event)).on('response', (event) => ended.push(event));
      const results = await Promise.all(Array.from({ length: 5 }, () => patient.club.retrieve()));
      expect(results.map((r) => r.id)).toEqual(Array(5).fill(limitedClub.id));
      expect(attempts).toBeGreaterThan(5);
      // The hooks saw every attempt, retries included, each 429 with its typed error.
      expect(sent).toHaveLength(attempts);
      expect(ended.map(({ operationId, method, url, attempt }) => ({ operationId, method, url, attempt }))).toEqual(
        expect.arrayContaining(sent.map(({ operationId, method, url, attempt }) => ({ operationId, method, url, attempt }))),
      );
      expect(ended).toHaveLength(attempts);
      expect(ended.filter((event) => event.status === 200)).toHaveLength(5);
      // Every other attempt ended in a typed error: the 429s (at least one), and whatever else a
      // busy machine adds (a kept-alive connection reset as it was reused), retried the same way.
      const failedAttempts = ended.filter((event) => event.status !== 200);
      expect(failedAttempts).toHaveLength(attempts - 5);
      for (const event of failedAttempts) expect(event.error).toBeInstanceOf(ClubDataError);
      const limitedAttempts = failedAttempts.filter((event) => event.status === 429);
      expect(limitedAttempts.length).toBeGreaterThan(0);
      for (const event of limitedAttempts) expect(event.error).toBeInstanceOf(RateLimitError);
      expect(Math.max(...sent.map((event) => event.attempt))).toBeGreaterThan(0);
      expect(sent[0]).toMatchObject({ operationId: 'retrieveClub', method: 'GET', url: `${limitedBase}/v1/club`, idempotencyKey: undefined });
      const impatient = new ClubData({ apiKey: key, baseUrl: limitedBase, maxRetries: 0 });
      const refused = await Promise.all(Array.from({ length: 5 }, () => impatient.club.retrieve().catch((e: unknown) => e)));
      const limitedErrors = refused.filter((r) => r instanceof RateLimitError);
      expect(limitedErrors.length).toBeGreaterThan(0);
      expect(limitedErrors[0]).toMatchObject({ status: 429, type: 'rate_limit_error' });
    } finally {
      await limited.app.close();
    }
  });

  it('wait out a 503 from an API whose database went away, and succeed once it is back', async () => {
    // The API's own connection to PostgreSQL goes through a proxy that can refuse it.
    const database = new CuttingProxy(t.url);
    const databaseAt = new URL(await database.start());
    const direct = new URL(t.url);
    direct.host = databaseAt.host;
    const pool = createPool(direct.toString(), 2);
    const app = await buildApp({ config: testConfig({ rateLimit: { perSecond: 1_000_000, burst: 10_000_000 } }), pool, secretBox: testSecretBox() });
    const unreliable = await listen(app);
    try {
      const answers: number[] = [];
      const counting: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        answers.push(response.status);
        if (response.status === 503) database.refuse(false);
        return response;
      };
      database.refuse(true);
      database.cutAll();
      const club = await new ClubData({ apiKey, baseUrl: unreliable, fetch: counting }).club.retrieve();
      expect(club.id).toBe(CLUB);
      expect(answers).toEqual([503, 200]);
      database.refuse(true);
      database.cutAll();
      const refused = await new ClubData({ apiKey, baseUrl: unreliable, maxRetries: 0 }).club.retrieve().catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ status: 503, code: 'database_unavailable' });
    } finally {
      await app.close();
      await pool.end().catch(() => undefined);
      await database.stop();
    }
  });

  it('send a POST again with the same Idempotency-Key after its answer was lost: one endpoint is made', async () => {
    const proxy = await startProxy();
    const proxied = new ClubData({ apiKey, baseUrl: proxyBase });
    const url = `http://127.0.0.1:9/lost-answer-${Date.now()}`;
    proxy.dropNextAnswers(1);
    const endpoint = await proxied.webhookEndpoints.create({ url, signal_types: ['customer.created'] });
    expect(proxy.dropped).toBe(1);
    expect(endpoint.url).toBe(url);
    const all = await client.webhookEndpoints.list().toArray({ limit: 10_000 });
    expect(all.filter((e) => e.url === url)).toHaveLength(1);
    await client.webhookEndpoints.delete(endpoint.id);
  });
});

let proxyBase = '';
/** The proxy in front of the API, started once; its address. */
async function startProxy(): Promise<CuttingProxy> {
  if (!proxy) {
    proxy = new CuttingProxy(base);
    proxyBase = await proxy.start();
  }
  return proxy;
}

describe('follow', () => {
  it('receives every signal once, in sequence order, across a cut connection', async () => {
    const proxy = await startProxy();
    const proxied = new ClubData({ apiKey, baseUrl: proxyBase });
    const start = (await client.club.retrieve()).lastResponse.signalSequence!;
    const controller = new AbortController();
    const follower = proxied.signals.follow({ afterSequence: start, signal: controller.signal });
    const received: Signal[] = [];
    const done = (async () => {
      for await (const signal of follower) {
        received.push(signal);
        if (received.length === 20) return;
      }
    })();
    for (let i = 0; i < 20; i++) {
      await insertCustomer(t.pool, CLUB);
      if (i === 7 || i === 14) {
        // Cut once the stream is up and has delivered this far, so each cut drops a live stream.
        await eventually(`signal ${i + 1} followed`, async () => received.length === i + 1);
        expect(proxy.cutAll()).toBeGreaterThan(0);
      }
    }
    await done;
    controller.abort();
    const listed = await client.signals.list({ after_sequence: start, limit: 100 }).toArray({ limit: 100 });
    expect(listed).toHaveLength(20);
    expect(received.map((s) => s.id)).toEqual(listed.map((s) => s.id));
    expect(follower.sequence).toBe(listed.at(-1)!.sequence);
  });

  it('filters by type, moving its cursor past the rest', async () => {
    const start = (await client.club.retrieve()).lastResponse.signalSequence!;
    const controller = new AbortController();
    const follower = client.signals.follow({ afterSequence: start, types: ['customer.updated'], signal: controller.signal });
    const customer = await insertCustomer(t.pool, CLUB);
    await t.pool.query("UPDATE customers SET first_name = 'Followed' WHERE id = $1", [customer]);
    const { value } = await follower[Symbol.asyncIterator]().next();
    expect(value).toMatchObject({ type: 'customer.updated', data: { object: { id: customer, first_name: 'Followed' } } });
    expect(follower.sequence).toBe(start + 2);
    controller.abort();
  });
});
