// GET /v1/signals/stream over real HTTP, in this process: what a client receives while changes
// commit, how it resumes, and what ends or refuses a stream. test/streams/processes.test.ts kills
// and starts API processes under a stream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_STALE_SECONDS } from '../../src/db/signal-streams.ts';
import { pruneSignals } from '../../src/db/signals.ts';
import { seedDemo } from '../../src/demo/seed.ts';
import { simulate } from '../../src/demo/simulate.ts';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';
import { insertCustomer } from '../fixtures.ts';
import { bearer, insertClub, setupApp } from '../helper.ts';
import { openStream, type StreamEvent } from './sse-client.ts';

const t = await setupApp({
  signalStreams: { perKey: 5, idleMs: 400 },
  rateLimit: { perSecond: 1_000_000, burst: 10_000_000 },
});
let base = '';
const CLUB = 'club_demo_ny';
let auth = '';

beforeAll(async () => {
  await seedDemo(t.pool, { size: 'small', counts: { customers: 60, bookings: 80 } });
  auth = await bearer(t.pool, CLUB, { scopes: ALL_SCOPES });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.app.close());

const signalsOf = (events: StreamEvent[]) => events.filter((e) => e.event === 'signal');
const stream = (query = '', headers: Record<string, string> = {}, authorization = auth) =>
  openStream(`${base}/v1/signals/stream${query}`, { authorization, ...headers });

async function listAfter(after: number, authorization = auth): Promise<{ id: string; sequence: number; raw: string }[]> {
  const all: { id: string; sequence: number; raw: string }[] = [];
  for (let cursor = after; ; ) {
    const res = await fetch(`${base}/v1/signals?limit=100&after_sequence=${cursor}`, { headers: { authorization } });
    const text = await res.text();
    const page = JSON.parse(text) as { data: { id: string; sequence: number }[]; has_more: boolean };
    // The bytes of each entry, to compare with the stream's data byte for byte.
    const raws = text.slice(text.indexOf('[') + 1, text.lastIndexOf(']'));
    let offset = 0;
    for (const signal of page.data) {
      const end = raws.indexOf('}}', raws.indexOf(`"sequence" : ${signal.sequence},`, offset));
      const start = raws.lastIndexOf('{"id" :', raws.indexOf(`"id" : "${signal.id}"`, offset));
      void end;
      all.push({ ...signal, raw: raws.slice(start) });
      offset = start + 1;
    }
    if (!page.has_more) return all;
    cursor = page.data[page.data.length - 1]!.sequence;
  }
}

async function watermark(): Promise<number> {
  const res = await fetch(`${base}/v1/club`, { headers: { authorization: auth } });
  return Number(res.headers.get('signal-sequence'));
}

describe('GET /v1/signals/stream', () => {
  it('delivers, while simulate commits, exactly the signals of the list, in sequence order, each byte for byte as stored', async () => {
    const start = await watermark();
    const client = await stream(`?after_sequence=${start}`);
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    // The rate limiter counted the stream's request like any other.
    expect(client.headers.get('ratelimit-limit')).not.toBeNull();
    expect(client.headers.get('x-request-id')).toMatch(/^req_/);
    const summary = await simulate(t.pool, { clubId: CLUB, ratePerSecond: 200, durationSeconds: 3 });
    const end = await watermark();
    expect(end).toBeGreaterThan(start);
    await client.waitFor((events) => events.some((e) => Number(e.id) >= end && e.event === 'signal') || false, 60_000).catch(() => {});
    const listed = await listAfter(start);
    const received = signalsOf(client.events);
    expect(received.map((e) => Number(e.id))).toEqual(listed.map((s) => s.sequence));
    expect(received.map((e) => (JSON.parse(e.data) as { id: string }).id)).toEqual(listed.map((s) => s.id));
    const { rows } = await t.pool.query<{ sequence: string; body: string }>(
      'SELECT sequence, body FROM signals WHERE club_id = $1 AND sequence > $2 ORDER BY sequence',
      [CLUB, start],
    );
    expect(received.map((e) => e.data)).toEqual(rows.map((r) => r.body));
    expect(Object.values(summary.signals).reduce((a, b) => a + b, 0)).toBe(received.length);
    client.close();
  });

  it('without a cursor starts at the current sequence, said at once as a watermark; idle, it sends heartbeats and watermarks', async () => {
    const now = await watermark();
    const client = await stream();
    await client.waitFor((events) => events.length >= 1);
    expect(client.events[0]).toMatchObject({ id: String(now), event: 'watermark', data: JSON.stringify({ sequence: now }) });
    await client.waitFor((events) => events.length >= 3, 30_000);
    expect(client.events.every((e) => e.event === 'watermark' && e.id === String(now))).toBe(true);
    expect(client.comments).toContain('heartbeat');
    client.close();
  });

  it('with a type filter, sends only that type, and its watermarks still move past the others', async () => {
    const start = await watermark();
    const client = await stream(`?after_sequence=${start}&type=customer.updated`);
    await simulate(t.pool, { clubId: CLUB, ratePerSecond: 200, durationSeconds: 1 });
    const end = await watermark();
    await client.waitFor((events) => events.some((e) => e.event === 'watermark' && Number(e.id) === end), 30_000);
    const types = new Set(signalsOf(client.events).map((e) => (JSON.parse(e.data) as { type: string }).type));
    expect([...types]).toEqual(['customer.updated']);
    client.close();
  });

  it('leaves out the signals whose scope the key lacks', async () => {
    const narrow = await bearer(t.pool, CLUB, { scopes: ['signals:read', 'customers:read'] });
    const start = await watermark();
    const client = await stream(`?after_sequence=${start}`, {}, narrow);
    await simulate(t.pool, { clubId: CLUB, ratePerSecond: 200, durationSeconds: 1 });
    const end = await watermark();
    await client.waitFor((events) => events.some((e) => e.event === 'watermark' && Number(e.id) === end), 30_000);
    const received = signalsOf(client.events);
    const listed = await listAfter(start, narrow);
    expect(received.map((e) => Number(e.id))).toEqual(listed.map((s) => s.sequence));
    const types = received.map((e) => (JSON.parse(e.data) as { type: string }).type);
    expect(types.every((type) => type.startsWith('customer.') || type.startsWith('subscription.'))).toBe(true);
    client.close();
  });

  it('resumes after Last-Event-ID, which wins over after_sequence, losing none and repeating none', async () => {
    const start = await watermark();
    const first = await stream(`?after_sequence=${start}`);
    await simulate(t.pool, { clubId: CLUB, ratePerSecond: 200, durationSeconds: 1 });
    await first.waitFor((events) => signalsOf(events).length >= 20);
    first.close();
    const lastId = signalsOf(first.events).at(-1)!.id!;
    await simulate(t.pool, { clubId: CLUB, ratePerSecond: 200, durationSeconds: 1 });
    const end = await watermark();
    const second = await stream(`?after_sequence=${start}`, { 'last-event-id': lastId });
    await second.waitFor((events) => events.some((e) => Number(e.id) === end) || signalsOf(events).some((e) => Number(e.id) >= end), 30_000).catch(() => {});
    const seen = [...signalsOf(first.events), ...signalsOf(second.events)].map((e) => Number(e.id));
    expect(seen).toEqual((await listAfter(start)).map((s) => s.sequence).filter((n) => n <= Math.max(...seen)));
    expect(Math.max(...seen)).toBe((await listAfter(start)).at(-1)!.sequence);
    second.close();
  });

  it('refuses a bad cursor before the stream starts, in the envelope', async () => {
    for (const [headers, query, param] of [
      [{ 'last-event-id': 'abc' }, '', 'Last-Event-ID'],
      [{ 'last-event-id': '99999999999999999999' }, '', 'Last-Event-ID'],
      [{}, '?after_sequence=-1', 'after_sequence'],
      [{}, '?after_sequence=999999999', 'after_sequence'],
      [{ 'last-event-id': '999999999' }, '', 'Last-Event-ID'],
      [{}, '?type=nope', 'type'],
      [{}, '?order=desc', 'order'],
    ] as const) {
      const res = await stream(query, headers);
      expect(res.status, `${query} ${JSON.stringify(headers)}`).toBe(400);
      expect(JSON.parse(res.body).error, query).toMatchObject({ type: 'invalid_request_error', param });
    }
  });

  it('needs signals:read', async () => {
    const noSignals = await bearer(t.pool, CLUB, { scopes: ['customers:read'] });
    const res = await stream('', {}, noSignals);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error).toMatchObject({ code: 'insufficient_scope' });
  });
});

describe('what ends or refuses a stream', () => {
  it('a sixth stream of one key gets 429; closing one frees its place', async () => {
    const key = await bearer(t.pool, CLUB, { scopes: ALL_SCOPES });
    const open = [];
    for (let i = 0; i < 5; i++) {
      const client = await stream('', {}, key);
      expect(client.status).toBe(200);
      open.push(client);
    }
    const sixth = await stream('', {}, key);
    expect(sixth.status).toBe(429);
    expect(JSON.parse(sixth.body).error).toMatchObject({ type: 'rate_limit_error', code: 'too_many_streams' });
    // As every 429: when to try again. The streams of a process that died stop counting by then.
    expect(sixth.headers.get('retry-after')).toBe(String(STREAM_STALE_SECONDS));
    // Another key of the same club is not counted against this one.
    const other = await stream();
    expect(other.status).toBe(200);
    other.close();
    open[0]!.close();
    await open[0]!.ended;
    // The server learns of the close when the connection ends: within moments.
    let again = await stream('', {}, key);
    for (let tries = 0; tries < 300 && again.status !== 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await stream('', {}, key);
    }
    expect(again.status).toBe(200);
    for (const client of [...open, again]) client.close();
  });

  it('ends once its key is revoked', async () => {
    const key = await bearer(t.pool, CLUB, { scopes: ALL_SCOPES });
    const client = await stream('', {}, key);
    await client.waitFor((events) => events.length >= 1);
    await t.pool.query('UPDATE api_keys SET revoked_at = now() WHERE key_hash = (SELECT key_hash FROM api_keys ORDER BY created_at DESC LIMIT 1)');
    // The server ends it (the client never closes it); the test's own timeout bounds the wait.
    await client.ended;
  });

  it('portal pages’ streams have a quota of their own across the key’s sessions, and end with their session', async () => {
    const key = await bearer(t.pool, CLUB, { scopes: ALL_SCOPES });
    const portalSession = async () => {
      const made = await fetch(`${base}/v1/portal_sessions`, { method: 'POST', headers: { authorization: key, 'content-type': 'application/json' }, body: '{"mode":"read_only"}' });
      const session = (await made.json()) as { id: string; url: string };
      const started = await fetch(`${base}/portal/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: new URL(session.url).hash.slice(1) }),
      });
      return { id: session.id, cookie: String(started.headers.get('set-cookie')).split(';')[0]! };
    };
    const tail = (cookie: string) => openStream(`${base}/portal/api/v1/signals/stream`, { cookie });
    const first = await portalSession();
    const second = await portalSession();
    const portalStreams = [];
    for (let i = 0; i < 3; i++) portalStreams.push(await tail(first.cookie));
    for (let i = 0; i < 2; i++) portalStreams.push(await tail(second.cookie));
    // Five across the key's sessions: another session adds no places.
    const third = await portalSession();
    expect((await tail(third.cookie)).status).toBe(429);
    // The key's own places are untouched by its sessions' streams.
    const own = await stream('', {}, key);
    expect(own.status).toBe(200);
    own.close();
    await portalStreams[0]!.waitFor((events) => events.length >= 1);
    await fetch(`${base}/v1/portal_sessions/${first.id}`, { method: 'DELETE', headers: { authorization: key } });
    // The server ends the first session's streams (the client never closes them); the test's own timeout bounds the wait.
    await Promise.all(portalStreams.slice(0, 3).map((client) => client.ended));
    expect(portalStreams[3]!.status).toBe(200);
    for (const client of portalStreams.slice(3)) client.close();
  });

  it('410 cursor_expired, before the stream starts, once retention removed signals after the cursor', async () => {
    const club = await insertClub(t.pool);
    const key = await bearer(t.pool, club.id, { scopes: ALL_SCOPES });
    for (let i = 0; i < 4; i++) await insertCustomer(t.pool, club.id);
    const client = await t.pool.connect();
    try {
      await client.query('SET session_replication_role = replica');
      await client.query(`UPDATE signals SET created_at = created_at - interval '40 days' WHERE club_id = $1 AND sequence <= 2`, [club.id]);
    } finally {
      await client.query('RESET session_replication_role');
      client.release();
    }
    await pruneSignals(t.pool, 30);
    for (const [query, headers, param] of [
      ['?after_sequence=1', {}, 'after_sequence'],
      ['', { 'last-event-id': '0' }, 'Last-Event-ID'],
    ] as const) {
      const res = await stream(query, headers, key);
      expect(res.status).toBe(410);
      expect(JSON.parse(res.body).error).toMatchObject({ type: 'invalid_request_error', code: 'cursor_expired', param });
    }
    const resumed = await stream('?after_sequence=2', {}, key);
    await resumed.waitFor((events) => signalsOf(events).length === 2);
    expect(signalsOf(resumed.events).map((e) => e.id)).toEqual(['3', '4']);
    resumed.close();
  });

  it('counts streams and their events in the metrics', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    // Operators are off in this app: the registry is read directly.
    void res;
    const metrics = await t.app.signalStreams.metrics.registry.getSingleMetricAsString('clubdata_signal_streams_opened_total');
    expect(metrics).toMatch(/clubdata_signal_streams_opened_total [1-9]/);
    const events = await t.app.signalStreams.metrics.registry.getSingleMetricAsString('clubdata_signal_stream_events_total');
    expect(events).toMatch(/event="signal"} [1-9]/);
    expect(events).toMatch(/event="watermark"} [1-9]/);
  });

  it('keeps going through a lost LISTEN connection: the once-a-second check finds the new signals', async () => {
    const start = await watermark();
    const client = await stream(`?after_sequence=${start}`);
    let killed = 0;
    for (let tries = 0; tries < 50 && killed === 0; tries++) {
      const result = await t.pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN clubdata_signals%'`,
      );
      killed = result.rowCount ?? 0;
      if (killed === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(killed).toBe(1);
    await simulate(t.pool, { clubId: CLUB, ratePerSecond: 1e6, durationSeconds: 5, maxChanges: 20 });
    const end = await watermark();
    await client.waitFor((events) => signalsOf(events).at(-1)?.id === String(end), 30_000);
    expect(signalsOf(client.events).map((e) => Number(e.id))).toEqual((await listAfter(start)).map((s) => s.sequence));
    client.close();
  });

  it('a client gone while its stream was being set up leaves no stream and no place taken in the quota', async () => {
    const key = await bearer(t.pool, CLUB, { scopes: ALL_SCOPES });
    const { rows } = await t.pool.query<{ id: string }>('SELECT id FROM api_keys ORDER BY created_at DESC LIMIT 1');
    const keyId = rows[0]!.id;
    // Hold the key's row, so that the opening waits in openStream while the client leaves.
    const holder = await t.pool.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM api_keys WHERE id = $1 FOR UPDATE', [keyId]);
    const abort = new AbortController();
    const request = fetch(`${base}/v1/signals/stream`, { headers: { authorization: key }, signal: abort.signal }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    abort.abort();
    await request;
    await new Promise((resolve) => setTimeout(resolve, 100));
    await holder.query('COMMIT');
    holder.release();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const left = await t.pool.query('SELECT 1 FROM signal_streams WHERE key_id = $1', [keyId]);
    expect(left.rowCount).toBe(0);
    const open = await t.app.signalStreams.metrics.registry.getSingleMetricAsString('clubdata_signal_streams_open');
    expect(open).toMatch(/clubdata_signal_streams_open 0/);
  });

  it('HEAD answers the headers of a stream and ends', async () => {
    const res = await fetch(`${base}/v1/signals/stream`, { method: 'HEAD', headers: { authorization: auth } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  });

  it('server shutdown ends every stream cleanly, and the server closes', async () => {
    const client = await stream();
    await client.waitFor((events) => events.length >= 1);
    const closing = t.app.close();
    await client.ended;
    await closing;
  });
});
