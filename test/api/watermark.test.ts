// The watermark (Signal-Sequence) on every read: listed in the OpenAPI document, equal to the
// club's last signal sequence at rest, and, under writers committing concurrently, taken from the
// same snapshot as the body: every (body, N) pair read over HTTP is checked against the signal
// history, record by record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/db/transaction.ts';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';
import { insertCustomer } from '../fixtures.ts';
import { setupClubApi } from '../helper.ts';

// Readers go flat out: the rate limiter is not what this file tests.
const t = await setupClubApi({ scopes: ALL_SCOPES, config: { rateLimit: { perSecond: 1_000_000, burst: 10_000_000 } } });
const { club, get } = t;

type Json = Record<string, unknown>;

async function lastSequence(): Promise<string> {
  const { rows } = await t.pool.query<{ n: string }>('SELECT coalesce(max(sequence), 0)::text AS n FROM signals WHERE club_id = $1', [club.id]);
  return rows[0]!.n;
}

describe('Signal-Sequence', () => {
  it('is listed on every JSON read of the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    type Ok = { content?: Record<string, unknown>; headers?: Record<string, unknown> };
    const reads = Object.entries(document.paths as Record<string, Record<string, Json>>)
      // Public reads (security: [], the signal catalogue) have no club, so no watermark.
      .filter(([path, ops]) => path.startsWith('/v1/') && ops.get && !(Array.isArray(ops.get.security) && ops.get.security.length === 0))
      .map(([path, ops]) => [path, (ops.get!.responses as Record<string, Ok>)['200']] as const)
      // The stream (text/event-stream) carries its positions in its events instead.
      .filter(([, ok]) => ok?.content?.['application/json']);
    expect(reads.length).toBeGreaterThanOrEqual(20);
    for (const [path, ok] of reads) expect(ok?.headers?.['Signal-Sequence'], path).toBeDefined();
  });

  it("is 0 before the club's first signal, then the club's last sequence, on lists and single records alike", async () => {
    const before = await get('/v1/customers');
    expect(before.statusCode).toBe(200);
    expect(before.headers['signal-sequence']).toBe('0');
    const id = await insertCustomer(t.pool, club.id);
    await t.pool.query(`UPDATE customers SET first_name = 'Changed' WHERE club_id = $1 AND id = $2`, [club.id, id]);
    const n = await lastSequence();
    expect(Number(n)).toBeGreaterThanOrEqual(2);
    for (const url of ['/v1/club', '/v1/customers', `/v1/customers/${id}`, '/v1/signals', '/v1/schedule', '/v1/spaces', '/v1/webhook_endpoints']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['signal-sequence'], url).toBe(n);
    }
  });

  it('is absent from errors', async () => {
    const res = await get('/v1/customers/cus_nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['signal-sequence']).toBeUndefined();
  });
});

describe('one snapshot for the body and its watermark', () => {
  const WRITERS = 4;
  const READERS = 4;
  const TRANSACTIONS_PER_WRITER = 60;
  let base = '';
  const pairs: { url: string; n: number; body: Json }[] = [];

  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => t.app.close());

  // Read rounds (three reads each), numbered as they start. After each commit a writer waits for
  // a round that started after it to end, so every writer's commits are told apart by the
  // readers, however fast or slow either side runs: the watermarks a writer's rounds see rise
  // strictly, TRANSACTIONS_PER_WRITER distinct ones at least.
  let roundsStarted = 0;
  let lastRoundEnded = 0;
  const roundWaiters = new Set<() => void>();
  const roundEndedAfter = (round: number) =>
    new Promise<void>((resolve) => {
      if (lastRoundEnded > round) return resolve();
      const check = () => {
        if (lastRoundEnded <= round) return;
        roundWaiters.delete(check);
        resolve();
      };
      roundWaiters.add(check);
    });

  async function write(writer: number): Promise<void> {
    for (let k = 0; k < TRANSACTIONS_PER_WRITER; k++) {
      if (k > 0) await roundEndedAfter(roundsStarted);
      await withTransaction(t.pool, async (client) => {
        const roll = Math.random();
        const { rows } = await client.query<{ id: string }>('SELECT id FROM customers WHERE club_id = $1 ORDER BY random() LIMIT 2', [club.id]);
        if (roll < 0.1 || rows.length < 2) {
          await client.query(
            `INSERT INTO customers (club_id, id, email, first_name, first_became_customer_at) VALUES ($1, $2, $3, 'New', now())`,
            [club.id, `cus_w${writer}_${k}`, `w${writer}_${k}@example.com`],
          );
        } else if (roll < 0.85) {
          // One or two customers renamed in one transaction: their signals commit together.
          // In id order, as a platform would, so that two writers never deadlock on the same pair.
          for (const row of rows.slice(0, roll < 0.5 ? 1 : 2).sort((x, y) => x.id.localeCompare(y.id))) {
            await client.query('UPDATE customers SET first_name = $3 WHERE club_id = $1 AND id = $2', [club.id, row.id, `w${writer}-${k}`]);
          }
        } else {
          await client.query(
            `UPDATE customers SET archived_at = CASE WHEN archived_at IS NULL THEN now() END WHERE club_id = $1 AND id = $2`,
            [club.id, rows[0]!.id],
          );
        }
      });
    }
  }

  async function read(done: () => boolean): Promise<void> {
    while (!done()) {
      const round = ++roundsStarted;
      const { rows } = await t.pool.query<{ id: string }>('SELECT id FROM customers WHERE club_id = $1 ORDER BY random() LIMIT 1', [club.id]);
      for (const url of ['/v1/customers?limit=100&include=archived', `/v1/customers/${rows[0]!.id}`, '/v1/signals?order=desc&limit=1']) {
        const res = await fetch(base + url, { headers: { authorization: t.auth } });
        expect(res.status, url).toBe(200);
        pairs.push({ url, n: Number(res.headers.get('signal-sequence')), body: (await res.json()) as Json });
      }
      lastRoundEnded = Math.max(lastRoundEnded, round);
      for (const check of [...roundWaiters]) check();
    }
  }

  it('every (body, N) pair read while writers commit matches the signal history up to N, and none after', async () => {
    let writing = WRITERS;
    const writers = Array.from({ length: WRITERS }, (_, w) => write(w).finally(() => (writing -= 1)));
    const readers = Array.from({ length: READERS }, () => read(() => writing === 0));
    await Promise.all([...writers, ...readers]);

    const { rows: history } = await t.pool.query<{ sequence: string; resource_id: string; body: string }>(
      'SELECT sequence, resource_id, body FROM signals WHERE club_id = $1 ORDER BY sequence',
      [club.id],
    );
    const objectAt = (n: number): Map<string, Json> => {
      const state = new Map<string, Json>();
      for (const signal of history) {
        if (Number(signal.sequence) > n) break;
        state.set(signal.resource_id, (JSON.parse(signal.body) as { data: { object: Json } }).data.object);
      }
      return state;
    };
    let violations = 0;
    const fail = (message: string) => {
      violations += 1;
      if (violations <= 5) console.error(message);
    };
    let records = 0;
    for (const { url, n, body } of pairs) {
      const state = objectAt(n);
      if (url.startsWith('/v1/signals')) {
        const top = (body.data as { sequence: number }[])[0];
        if (top?.sequence !== n) fail(`${url}: newest signal ${top?.sequence} under N=${n}`);
      } else if (url.startsWith('/v1/customers?')) {
        const listed = body.data as Json[];
        if (body.has_more !== false) fail(`${url}: more customers than one page holds`);
        const expected = [...state.values()];
        if (listed.length !== expected.length) fail(`${url}: ${listed.length} customers at N=${n}, the history has ${expected.length}`);
        for (const record of listed) {
          records += 1;
          if (JSON.stringify(record) !== JSON.stringify(state.get(record.id as string))) fail(`${url}: ${String(record.id)} differs at N=${n}`);
        }
      } else {
        records += 1;
        if (JSON.stringify(body) !== JSON.stringify(state.get(body.id as string))) fail(`${url} differs at N=${n}`);
      }
    }
    console.log(
      `watermark consistency: ${pairs.length} (body, N) pairs, ${records} records checked against ${history.length} signals ` +
        `from ${WRITERS * TRANSACTIONS_PER_WRITER} concurrent transactions; violations ${violations}`,
    );
    expect(violations).toBe(0);
    // Readers saw the history move, not only its end (a round between every two commits of a writer).
    expect(new Set(pairs.map((p) => p.n)).size).toBeGreaterThanOrEqual(TRANSACTIONS_PER_WRITER);
  }, 120_000);
});
