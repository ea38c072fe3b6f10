// Typed signals: every real signal, of every type, as stored, listed and streamed, matches its
// type's schema in the OpenAPI document (the Signal oneOf, told apart by type) and in the
// catalogue of GET /v1/signal_types; delivered signals are the stored bytes (test/workers).
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.ts';
import { simulate } from '../../src/demo/simulate.ts';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';
import { SIGNAL_TYPES, scopeOfSignalType } from '../../src/domain/signal-types.ts';
import { signalSchemaId } from '../../src/schemas/signals.ts';
import { bearer, setupApp } from '../helper.ts';
import { componentValidator, expectOpenApi } from '../openapi.ts';
import { openStream } from '../streams/sse-client.ts';

const t = await setupApp({ rateLimit: { perSecond: 1_000_000, burst: 10_000_000 } });
const CLUB = 'club_demo_ny';
let auth = '';
let base = '';
type Signal = { id: string; type: string; sequence: number; data: { object: unknown } };
let stored: Signal[] = [];

beforeAll(async () => {
  await seedDemo(t.pool, { size: 'small', counts: { customers: 80, bookings: 120 } });
  // As the first start does: real changes through the triggers, until every type has happened.
  await simulate(t.pool, { clubId: CLUB, ratePerSecond: 1e6, durationSeconds: 120, maxChanges: 600 });
  auth = await bearer(t.pool, CLUB, { scopes: ALL_SCOPES });
  await endpointLife();
  const { rows } = await t.pool.query<{ body: string }>('SELECT body FROM signals WHERE club_id = $1 ORDER BY sequence', [CLUB]);
  stored = rows.map((r) => JSON.parse(r.body) as Signal);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.app.close());

/**
 * An endpoint's life, for the webhook_endpoint.* signals: failing, disabled, enabled, recovered.
 * Its status changes through the API; its failing run as cd_record_attempts leaves the row
 * (test/workers/endpoint-signals.test.ts has the worker do it).
 */
async function endpointLife(): Promise<void> {
  const call = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { authorization: auth }, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<{ id: string }>();
  };
  const endpoint = await call('/v1/webhook_endpoints', { url: 'https://1.1.1.1/hook', signal_types: ['*'] });
  const worker = (set: string) => t.pool.query(`UPDATE webhook_endpoints SET ${set} WHERE club_id = $1 AND id = $2`, [CLUB, endpoint.id]);
  await worker(`failing_since = now(), disable_at = now() + interval '5 days', failed_attempts = 4`);
  await call(`/v1/webhook_endpoints/${endpoint.id}`, { status: 'disabled' });
  await call(`/v1/webhook_endpoints/${endpoint.id}`, { status: 'active' });
  await worker(`failing_since = NULL, disable_at = NULL, failed_attempts = 0, last_success_at = now()`);
}

const documentValidator = (component: string) => componentValidator(t.app, component);

describe('typed signals', () => {
  it('the history has every signal type', () => {
    expect(new Set(stored.map((s) => s.type))).toEqual(new Set(SIGNAL_TYPES));
  });

  it('every stored signal matches exactly one type of the OpenAPI Signal, its own', () => {
    const any = documentValidator('Signal');
    const each = Object.fromEntries(
      SIGNAL_TYPES.map((type) => [type, documentValidator(signalSchemaId(type))]),
    );
    for (const signal of stored) {
      expect(any(signal) ? [] : any.errors, `${signal.type} ${signal.id}`).toEqual([]);
      const matching = SIGNAL_TYPES.filter((type) => each[type]!(signal));
      expect(matching, signal.id).toEqual([signal.type]);
    }
    // A signal whose object is another resource's is refused: the types are not just {id, object}.
    const customer = stored.find((s) => s.type === 'customer.created')!;
    const booking = stored.find((s) => s.type === 'booking.created')!;
    expect(any({ ...customer, data: booking.data })).toBe(false);
  });

  it('the catalogue lists every type with its scope, a description and the schema its data.object matches', async () => {
    const res = await fetch(`${base}/v1/signal_types`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { type: string; scope: string; description: string; schema: object }[] };
    expectOpenApi(t.app, '/v1/signal_types', 'GET', 200, body);
    expect(body.data.map((e) => e.type)).toEqual([...SIGNAL_TYPES]);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    const checks = new Map(body.data.map((e) => [e.type, ajv.compile(e.schema)]));
    for (const entry of body.data) {
      expect(entry.scope).toBe(scopeOfSignalType(entry.type as (typeof SIGNAL_TYPES)[number]));
      expect(entry.description.length).toBeGreaterThan(10);
      expect(JSON.stringify(entry.schema)).not.toContain('$ref');
    }
    for (const signal of stored) {
      const check = checks.get(signal.type)!;
      expect(check(signal.data.object) ? [] : check.errors, `${signal.type} ${signal.id}`).toEqual([]);
    }
  });

  it('listed and streamed signals match too', async () => {
    for (let cursor = 0; ; ) {
      const res = await fetch(`${base}/v1/signals?limit=100&after_sequence=${cursor}`, { headers: { authorization: auth } });
      const page = (await res.json()) as { data: Signal[]; has_more: boolean };
      expectOpenApi(t.app, '/v1/signals', 'GET', 200, page);
      if (!page.has_more) break;
      cursor = page.data.at(-1)!.sequence;
    }
    const client = await openStream(`${base}/v1/signals/stream?after_sequence=0`, { authorization: auth });
    await client.waitFor((events) => events.filter((e) => e.event === 'signal').length === stored.length);
    client.close();
    const any = documentValidator('Signal');
    for (const event of client.events.filter((e) => e.event === 'signal')) {
      const signal = JSON.parse(event.data) as Signal;
      expect(any(signal) ? [] : any.errors, signal.id).toEqual([]);
    }
  });

  it('the document describes each delivery in its webhooks section', () => {
    const doc = t.app.swagger() as unknown as { webhooks: Record<string, { post: { requestBody: unknown; parameters: { name: string }[] } }> };
    expect(Object.keys(doc.webhooks)).toEqual([...SIGNAL_TYPES]);
    for (const type of SIGNAL_TYPES) {
      expect(doc.webhooks[type]!.post.parameters.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      expect(JSON.stringify(doc.webhooks[type]!.post.requestBody)).toContain('Signal"');
    }
  });
});
