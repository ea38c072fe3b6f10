// Fault tests with real processes on loopback, on both queue backends: `clubdata worker`
// children killed and restarted (twice with the same deliveries in flight), two workers at once,
// a Redis of the test's own restarted mid-stream, and a hanging receiver.
// Every delivery is verified with both the standardwebhooks and the svix libraries.
import { randomBytes } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../src/db/pool.ts';
import { SecretBox } from '../../src/domain/secrets.ts';
import { createTestDatabase, insertClub } from '../helper.ts';
import { eventually, insertCustomer, insertEndpoint, runPipeline, type EndpointFixture } from './pipeline-helper.ts';
import { freePort, RedisProcess, WorkerProcess } from './processes.ts';
import { TestReceiver, type ReceivedRequest } from './receiver.ts';

const KEY = randomBytes(32);
const secretBox = new SecretBox(KEY);

function verify(request: ReceivedRequest, secret: string): void {
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  const signature = String(request.headers['webhook-signature']);
  new StandardWebhook(secret).verify(request.body, { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature });
  new SvixWebhook(secret).verify(request.body, { 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': signature });
}

/** Every signal id of the club, for comparing with what arrived. */
async function signalIds(pool: Pool, clubId: string): Promise<string[]> {
  const { rows } = await pool.query('SELECT id FROM signals WHERE club_id = $1 ORDER BY sequence', [clubId]);
  return rows.map((r) => r.id);
}

type Backend = 'redis' | 'postgres';

/** The worker's environment; on the postgres backend no REDIS_URL, as `npm start` runs it. */
function workerEnv(backend: Backend, databaseUrl: string, redisUrl: string, prefix: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    ...(backend === 'redis' ? { REDIS_URL: redisUrl } : {}),
    QUEUE_PREFIX: prefix,
    CLUBDATA_ENV: 'development',
    WEBHOOK_SECRET_KEY: KEY.toString('base64'),
    DELIVERY_RETRY_SCHEDULE: '200ms,400ms,800ms,1s,1s,1s,1s,1s,1s,1s',
    DELIVERY_TIMEOUT: '2s',
  };
}

describe.each(['postgres', 'redis'] as const)('fault tolerance with real worker processes, %s backend', (backend) => {
  let pool: Pool;
  let url: string;
  let receiver: TestReceiver;
  let redis: RedisProcess;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    ({ pool, url } = await createTestDatabase());
    receiver = await new TestReceiver().start();
    redis = new RedisProcess(await freePort());
    await redis.start();
  });
  // A worker serves every club of the database: none may outlive its test.
  afterEach(async () => {
    for (const w of workers.splice(0)) {
      w.kill('SIGKILL');
      await w.exit(5000);
    }
  });
  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exit(5000)));
    await receiver.stop();
    await redis.stop();
  });

  function startWorker(prefix: string): WorkerProcess {
    const worker = new WorkerProcess(workerEnv(backend, url, redis.url, prefix));
    workers.push(worker);
    return worker;
  }

  async function expectAllDelivered(endpoints: EndpointFixture[], ids: string[], timeoutMs: number) {
    for (const endpoint of endpoints) {
      await receiver.waitFor(
        () => receiver.deliveredIds(endpoint.path).size >= ids.length,
        timeoutMs,
        `all ${ids.length} signals at ${endpoint.path}`,
      );
      const got = receiver.at(endpoint.path);
      expect([...receiver.deliveredIds(endpoint.path)].sort()).toEqual([...ids].sort());
      for (const request of got) verify(request, endpoint.secret);
    }
  }

  it('a receiver down, then up: delivered on a later attempt, attempts recorded', async () => {
    const club = await insertClub(pool);
    const endpoint = await insertEndpoint(pool, secretBox, club.id, receiver.url);
    let up = false;
    receiver.respond = (r) => (r.path === endpoint.path && !up ? { status: 503 } : { status: 200 });
    const worker = startWorker(`f${randomBytes(4).toString('hex')}`);
    await insertCustomer(pool, club.id);
    await receiver.waitFor(() => receiver.at(endpoint.path).length >= 2, 30_000, 'two failed attempts');
    up = true;
    await expectAllDelivered([endpoint], await signalIds(pool, club.id), 30_000);
    const { rows } = await pool.query('SELECT attempt_number, status_code, error FROM delivery_attempts WHERE endpoint_id = $1 ORDER BY attempt_number', [endpoint.id]);
    expect(rows.slice(0, 2).map((r) => r.status_code)).toEqual([503, 503]);
    // The worker records the attempt after the answer.
    const last = async () =>
      (await pool.query('SELECT status_code FROM delivery_attempts WHERE endpoint_id = $1 ORDER BY attempt_number', [endpoint.id])).rows.at(-1);
    await eventually('the successful attempt recorded', async () => (await last())?.status_code === 200);
    worker.kill('SIGTERM');
    expect(await worker.exit()).toBe(0);
  }, 120_000);

  it('a worker killed with SIGKILL mid-deliveries, then restarted: every delivery arrives', async () => {
    const club = await insertClub(pool);
    const endpoints = [
      await insertEndpoint(pool, secretBox, club.id, receiver.url),
      await insertEndpoint(pool, secretBox, club.id, receiver.url),
    ];
    const paths = new Set(endpoints.map((e) => e.path));
    receiver.respond = (r) => (paths.has(r.path) ? { status: 200 } : { status: 404 });
    const prefix = `k${randomBytes(4).toString('hex')}`;
    const first = startWorker(prefix);
    for (let i = 0; i < 40; i++) await insertCustomer(pool, club.id);
    await receiver.waitFor(() => endpoints.some((e) => receiver.at(e.path).length >= 10), 30_000, 'some deliveries');
    for (let i = 0; i < 20; i++) await insertCustomer(pool, club.id);
    first.kill('SIGKILL');
    await first.exit();
    for (let i = 0; i < 20; i++) await insertCustomer(pool, club.id);
    const second = startWorker(prefix);
    await expectAllDelivered(endpoints, await signalIds(pool, club.id), 90_000);
    second.kill('SIGTERM');
    expect(await second.exit()).toBe(0);
  }, 120_000);

  it('a worker killed twice while the same deliveries are in flight: they are delivered', async () => {
    const club = await insertClub(pool);
    const endpoint = await insertEndpoint(pool, secretBox, club.id, receiver.url);
    // Answers only after 20 s: each worker dies with the deliveries in flight, unanswered.
    let answering = false;
    receiver.respond = (r) => (r.path !== endpoint.path ? { status: 404 } : answering ? { status: 200 } : { status: 200, delayMs: 20_000 });
    const prefix = `t${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 3; i++) await insertCustomer(pool, club.id);
    const ids = await signalIds(pool, club.id);
    for (let round = 1; round <= 2; round++) {
      const worker = startWorker(prefix);
      // Every delivery in flight, `round` times over: the leases of the dead worker lapsed.
      await receiver.waitFor(() => receiver.at(endpoint.path).length >= ids.length * round, 60_000, `deliveries in flight, round ${round}`);
      worker.kill('SIGKILL');
      await worker.exit();
    }
    answering = true;
    const last = startWorker(prefix);
    // The dead workers' requests get their late answers too, so the receiver alone proves
    // nothing here: the deliveries must be recorded as succeeded, by the third worker.
    const succeeded = async () =>
      (await pool.query(`SELECT count(*)::int AS n FROM deliveries WHERE endpoint_id = $1 AND status = 'succeeded'`, [endpoint.id])).rows[0].n;
    const deadline = Date.now() + 60_000;
    while ((await succeeded()) < ids.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await succeeded()).toBe(ids.length);
    await expectAllDelivered([endpoint], ids, 1000);
    last.kill('SIGTERM');
    expect(await last.exit()).toBe(0);
  }, 180_000);

  it('two workers at once, no crash: no delivery is made twice', async () => {
    const club = await insertClub(pool);
    const endpoints = [
      await insertEndpoint(pool, secretBox, club.id, receiver.url),
      await insertEndpoint(pool, secretBox, club.id, receiver.url),
    ];
    receiver.respond = () => ({ status: 200 });
    const prefix = `d${randomBytes(4).toString('hex')}`;
    const a = startWorker(prefix);
    const b = startWorker(prefix);
    for (let i = 0; i < 80; i++) await insertCustomer(pool, club.id);
    const ids = await signalIds(pool, club.id);
    await expectAllDelivered(endpoints, ids, 50_000);
    await new Promise((r) => setTimeout(r, 1000));
    for (const endpoint of endpoints) {
      const byId = receiver.at(endpoint.path).map((r) => String(r.headers['webhook-id']));
      const duplicates = byId.length - new Set(byId).size;
      expect(duplicates, `duplicates at ${endpoint.path}`).toBe(0);
    }
    a.kill('SIGTERM');
    b.kill('SIGTERM');
    expect(await a.exit()).toBe(0);
    expect(await b.exit()).toBe(0);
  }, 120_000);

  it('SIGTERM drains: in-flight deliveries finish, the rest wait for the next worker, none lost', async () => {
    const club = await insertClub(pool);
    const endpoint = await insertEndpoint(pool, secretBox, club.id, receiver.url);
    receiver.respond = (r) => (r.path === endpoint.path ? { status: 200, delayMs: 1200 } : { status: 404 });
    const prefix = `s${randomBytes(4).toString('hex')}`;
    const first = startWorker(prefix);
    for (let i = 0; i < 30; i++) await insertCustomer(pool, club.id);
    await receiver.waitFor(() => receiver.at(endpoint.path).length >= 2, 30_000, 'deliveries in flight');
    const inFlight = receiver.at(endpoint.path).filter((r) => r.status === null).map((r) => String(r.headers['webhook-id']));
    expect(inFlight.length).toBeGreaterThan(0);
    const stopAt = Date.now();
    first.kill('SIGTERM');
    expect(await first.exit(20_000)).toBe(0);
    // Bounded: the attempts in flight (1.2 s each) and the closing of queues and pools.
    expect(Date.now() - stopAt).toBeLessThan(10_000);
    // What was in flight was finished and recorded, not abandoned.
    const { rows } = await pool.query(
      `SELECT signal_id FROM deliveries WHERE endpoint_id = $1 AND status = 'succeeded'`,
      [endpoint.id],
    );
    const succeeded = new Set(rows.map((r) => r.signal_id));
    for (const id of inFlight) expect(succeeded.has(id), `in-flight ${id} finished`).toBe(true);
    // What the lane had claimed ahead of its window was given back, not left leased for the next
    // worker to wait out, and a claim given back is not counted as an attempt.
    const { rows: left } = await pool.query(
      `SELECT count(*) FILTER (WHERE leased_until > now())::int AS leased,
              count(*) FILTER (WHERE attempts <> (SELECT count(*) FROM delivery_attempts a
                                                   WHERE a.club_id = d.club_id AND a.endpoint_id = d.endpoint_id
                                                     AND a.signal_sequence = d.signal_sequence))::int AS miscounted
         FROM deliveries d WHERE d.endpoint_id = $1`,
      [endpoint.id],
    );
    expect(left[0]).toEqual({ leased: 0, miscounted: 0 });
    const second = startWorker(prefix);
    await expectAllDelivered([endpoint], await signalIds(pool, club.id), 60_000);
    second.kill('SIGTERM');
    expect(await second.exit()).toBe(0);
  }, 120_000);

  it.runIf(backend === 'redis')('Redis restarted mid-stream (its jobs lost): no signal is lost', async () => {
    const club = await insertClub(pool);
    const endpoint = await insertEndpoint(pool, secretBox, club.id, receiver.url);
    receiver.respond = () => ({ status: 200 });
    const worker = startWorker(`r${randomBytes(4).toString('hex')}`);
    for (let i = 0; i < 20; i++) await insertCustomer(pool, club.id);
    await receiver.waitFor(() => receiver.at(endpoint.path).length >= 5, 30_000, 'first deliveries');
    await redis.stop(); // nothing is persisted: every queued job is gone
    for (let i = 0; i < 20; i++) await insertCustomer(pool, club.id);
    await redis.start();
    for (let i = 0; i < 10; i++) await insertCustomer(pool, club.id);
    await expectAllDelivered([endpoint], await signalIds(pool, club.id), 120_000);
    worker.kill('SIGTERM');
    expect(await worker.exit()).toBe(0);
  }, 150_000);
});

const HANG_TIMEOUT_MS = 4000;

/** The p99 of a list of latencies (ms). */
function p99(latencies: number[]): number {
  const sorted = [...latencies].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;
}

describe.each(['postgres', 'redis'] as const)('one endpoint cannot hold back another, %s backend', (backend) => {
  it('a healthy endpoint keeps its p99 beside one endpoint hanging to its timeout and one refusing connections', async () => {
    const { pool, url } = await createTestDatabase();
    const running = await runPipeline(pool, url, {
      backend,
      // Retries a second apart: the refusing endpoint keeps failing without loading the machine.
      delivery: { timeoutMs: HANG_TIMEOUT_MS, concurrency: 10, perEndpointConcurrency: 2, retrySchedule: Array(5).fill(1000) },
    });
    const receiver = await new TestReceiver().start();
    afterAll(() => receiver.stop());
    const club = await insertClub(pool);
    const healthy = await insertEndpoint(pool, running.secretBox, club.id, receiver.url);

    /** Signals at 20 a second; the healthy endpoint's commit-to-receipt latency of each (ms). */
    const latencies = async (count: number): Promise<number[]> => {
      const committed = new Map<string, number>();
      const before = receiver.at(healthy.path).length;
      for (let i = 0; i < count; i++) {
        await insertCustomer(pool, club.id);
        const { rows } = await pool.query('SELECT id FROM signals WHERE club_id = $1 ORDER BY sequence DESC LIMIT 1', [club.id]);
        committed.set(rows[0].id, Date.now());
        await new Promise((r) => setTimeout(r, 50));
      }
      await receiver.waitFor(() => receiver.at(healthy.path).length >= before + count, 30_000, 'healthy deliveries');
      return receiver.at(healthy.path).slice(before).map((r) => r.at - committed.get(String(r.headers['webhook-id']))!);
    };

    await latencies(10); // warm-up
    const alone = p99(await latencies(100));
    const hanging = await insertEndpoint(pool, running.secretBox, club.id, receiver.url);
    const refusing = await insertEndpoint(pool, running.secretBox, club.id, `http://127.0.0.1:${await freePort()}`);
    receiver.respond = (r) => (r.path === hanging.path ? 'hang' : { status: 200 });
    // Within 1.5 times its p99 alone, with 100 ms of slack for timer and scheduling noise on a
    // loaded 2-core machine (other test files run meanwhile). Sharing slots, the healthy endpoint
    // would wait for the hanging one's timeout (4 s) in every round; a burst of load elsewhere
    // spoils one round at most, so up to three are measured and the best one counts.
    const bound = Math.max(alone * 1.5, alone + 100);
    const rounds: number[] = [];
    while (rounds.length < 3 && !rounds.some((beside) => beside <= bound)) rounds.push(p99(await latencies(100)));
    console.log(`${backend}: healthy endpoint p99 alone ${alone} ms, beside a hanging and a refusing endpoint ${rounds.join(', ')} ms`);
    expect(Math.min(...rounds), `p99 alone ${alone} ms, beside ${rounds.join(', ')} ms`).toBeLessThanOrEqual(bound);
    expect(receiver.at(hanging.path).length).toBeGreaterThan(0);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM delivery_attempts WHERE endpoint_id = $1', [refusing.id]);
    expect(rows[0].n).toBeGreaterThan(0);
  }, 120_000);
});
