// Null only where the contract allows it. After a real `clubdata simulate` on the seeded demo
// clubs, every object the API gives (every list endpoint, every page, every signal of every
// type) is walked field by field against the served OpenAPI document: a null where the document
// does not allow one fails. The document in turn is held to the contract's list of nullable
// fields (docs/api.md, "Null"), so that it cannot make a field nullable to let a null through.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.ts';
import { simulate, type SimulateSummary } from '../../src/demo/simulate.ts';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';
import { SIGNAL_TYPES } from '../../src/domain/signal-types.ts';
import { bearer, setupApp } from '../helper.ts';

const t = await setupApp({ environment: 'development', rateLimit: { perSecond: 1_000_000, burst: 10_000_000 } });
const NY = 'club_demo_ny';
const MAD = 'club_demo_mad';

type Schema = {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
};
type Document = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
  components: { schemas: Record<string, Schema> };
};

let document: Document;
const simulated: Record<string, SimulateSummary> = {};

beforeAll(async () => {
  await seedDemo(t.pool, { size: 'small', counts: { customers: 80, bookings: 120 } });
  // The real simulate, as a user runs it; 600 changes make every signal type in the club that bills
  // and, like 400, events (about one change in 27).
  simulated[NY] = await simulate(t.pool, { clubId: NY, ratePerSecond: 1e6, durationSeconds: 120, maxChanges: 600 });
  simulated[MAD] = await simulate(t.pool, { clubId: MAD, ratePerSecond: 1e6, durationSeconds: 120, maxChanges: 400 });
  const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = res.json<Document>();
}, 120_000);

function resolve(schema: Schema): Schema {
  let resolved = schema;
  for (let depth = 0; resolved.$ref; depth++) {
    const name = /^#\/components\/schemas\/(.+)$/.exec(resolved.$ref)?.[1];
    if (!name || depth > 20) throw new Error(`cannot follow ${resolved.$ref}`);
    resolved = document.components.schemas[name]!;
  }
  return resolved;
}

/** Whether the document lets the value be null here: type null, a null branch, or OpenAPI 3.0's nullable. */
function admitsNull(schema: Schema): boolean {
  const s = resolve(schema);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  return (
    types.includes('null') || s.const === null || (s.enum ?? []).includes(null) || s.nullable === true ||
    [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(admitsNull)
  );
}

/** The branch of a union that describes `value`: by the discriminator, the only non-null one, or by its constants. */
function branchOf(s: Schema, value: unknown, path: string, problems: string[]): Schema | undefined {
  const branches = (s.oneOf ?? s.anyOf ?? []).filter((branch) => resolve(branch).type !== 'null');
  const object = typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const mapped = s.discriminator && object ? s.discriminator.mapping?.[String(object[s.discriminator.propertyName])] : undefined;
  if (mapped) return { $ref: mapped };
  if (branches.length === 1) return branches[0];
  const matching = branches.filter((branch) =>
    Object.entries(resolve(branch).properties ?? {}).every(([key, property]) => property.const === undefined || object?.[key] === property.const),
  );
  if (matching.length === 1) return matching[0];
  if (object || Array.isArray(value)) problems.push(`${path}: no one schema of the document's union describes it`);
  return undefined; // a scalar: one of several enumerated values, with nothing inside to walk
}

/** Walks `value` with the document's `schema`, noting every null the document does not allow. */
function walk(schema: Schema, value: unknown, path: string, problems: string[]): void {
  const s = resolve(schema);
  if (value === null) {
    if (!admitsNull(s)) problems.push(`${path} is null, and the document does not allow null there`);
    return;
  }
  if (s.oneOf || s.anyOf) {
    const branch = branchOf(s, value, path, problems);
    if (branch) walk(branch, value, path, problems);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(s.items ?? {}, item, `${path}[${i}]`, problems));
  } else if (typeof value === 'object') {
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
      const extra = typeof s.additionalProperties === 'object' ? s.additionalProperties : {};
      // A field the document does not describe may not be null either.
      walk(s.properties?.[key] ?? extra, field, `${path}.${key}`, problems);
    }
  }
}

/** `object.field` for every field of the document's resources that may be null (inline objects too). */
function documentedNullable(): string[] {
  const found = new Set<string>();
  const collect = (schema: Schema, prefix: string) => {
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (admitsNull(property)) found.add(`${prefix}.${key}`);
      const inner = property.$ref ? undefined : [property, ...(property.anyOf ?? [])].find((p) => p.properties ?? p.items?.properties);
      if (inner) collect(inner.properties ? inner : inner.items!, `${prefix}.${key}`);
    }
  };
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    const object = schema.properties?.object?.const ?? schema.properties?.object?.enum?.[0];
    if (object === 'signal') continue; // data.object is a resource's own schema; previous_attributes repeats its fields
    collect(schema, typeof object === 'string' ? object : name);
  }
  return [...found].sort();
}

/** The contract's nullable fields, as docs/api.md lists them. */
function contractNullable(): string[] {
  const text = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
  const item = /^- \*\*Null\*\*[\s\S]*?(?=\n- |\n\n)/m.exec(text)?.[0];
  if (!item) throw new Error('docs/api.md has no "- **Null**" item listing the nullable fields');
  const listed = item.slice(0, item.indexOf('Every other field'));
  return [...listed.matchAll(/`([a-z_]+(?:\.[a-z0-9_]+)+)`/g)].map((m) => m[1]!).sort();
}

describe('where null may appear', () => {
  it("the served document marks nullable exactly the contract's nullable fields; host is not one", () => {
    const contract = contractNullable();
    expect(contract).toContain('schedule_item.title');
    expect(documentedNullable()).toEqual(contract);
    expect(contract.filter((field) => field.endsWith('.host'))).toEqual([]);
  });

  it('the walk finds a null the document does not allow, and lets through one it allows', () => {
    const problems: string[] = [];
    const event = { $ref: '#/components/schemas/Event' };
    walk(event, { host: null, canceled_at: null, sessions: [{ time_slots: [{ spaces: [null] }] }] }, 'event', problems);
    walk({ $ref: '#/components/schemas/Signal' }, { type: 'event.updated', data: { object: { host: null } }, previous_attributes: { canceled_at: null } }, 'signal', problems);
    expect(problems).toEqual([
      'event.host is null, and the document does not allow null there',
      'event.sessions[0].time_slots[0].spaces[0] is null, and the document does not allow null there',
      'signal.data.object.host is null, and the document does not allow null there',
    ]);
  });
});

describe('after a simulation, no object the API gives has a null the contract does not allow', () => {
  type Found = { ids: Record<string, string[]>; signalTypes: Set<string>; requests: number; objects: number; problems: string[] };

  /** GETs `url`, walks the body with the document's schema of the route's 200, and returns it. */
  async function read(found: Found, route: string, url: string, auth: string): Promise<{ data?: Record<string, unknown>[]; has_more?: boolean }> {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: auth } });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    const body = res.json<{ object: string; data?: Record<string, unknown>[]; has_more?: boolean }>();
    const problems: string[] = [];
    walk(document.paths[route]!.get!.responses['200']!.content!['application/json']!.schema, body, 'body', problems);
    found.problems.push(...problems.map((problem) => `GET ${url}: ${problem}`));
    found.requests += 1;
    found.objects += body.object === 'list' ? body.data!.length : 1;
    return body;
  }

  /** Every page of a list; the ids it holds are kept under `route`. */
  async function readAll(found: Found, route: string, url: string, auth: string, paginated = true): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    for (let after = ''; ; ) {
      const separator = url.includes('?') ? '&' : '?';
      const page = await read(found, route, paginated ? `${url}${separator}limit=100${after}` : url, auth);
      items.push(...page.data!);
      if (!paginated || !page.has_more) break;
      after = `&starting_after=${String(page.data!.at(-1)!.id)}`;
    }
    (found.ids[route] ??= []).push(...items.map((item) => String(item.id)));
    return items;
  }

  /** Windows of at most 31 days covering every schedule item of the club. */
  async function scheduleWindows(club: string): Promise<string[]> {
    const { rows } = await t.pool.query<{ first: Date; last: Date }>(
      `SELECT min(starts_at) AS first, max(starts_at) AS last
         FROM (SELECT starts_at FROM event_sessions WHERE club_id = $1 UNION ALL SELECT starts_at FROM bookings WHERE club_id = $1) s`,
      [club],
    );
    const windows: string[] = [];
    const span = 30 * 86_400_000;
    for (let from = rows[0]!.first.getTime(); from <= rows[0]!.last.getTime(); from += span + 1) {
      windows.push(`/v1/schedule?starts_after=${new Date(from).toISOString()}&starts_before=${new Date(from + span).toISOString()}`);
    }
    return windows;
  }

  /**
   * How each GET endpoint of the document is walked, given what the lists found. The lists
   * first, every page, then the objects by id. A GET endpoint the document adds without a way
   * here fails the test, so that the walk keeps covering every endpoint.
   */
  const WALKS: Record<string, ((found: Found, auth: string, club: string) => Promise<void>) | { skip: string }> = {
    '/v1/club': async (found, auth) => void (await read(found, '/v1/club', '/v1/club', auth)),
    '/v1/customers': async (found, auth) => void (await readAll(found, '/v1/customers', '/v1/customers?include=archived,ended_subscriptions', auth)),
    '/v1/spaces': async (found, auth) => void (await readAll(found, '/v1/spaces', '/v1/spaces', auth, false)),
    '/v1/coaches': async (found, auth) => void (await readAll(found, '/v1/coaches', '/v1/coaches?include=archived', auth, false)),
    '/v1/schedule': async (found, auth, club) => {
      for (const url of await scheduleWindows(club)) await readAll(found, '/v1/schedule', url, auth, false);
    },
    '/v1/bookings': async (found, auth) => void (await readAll(found, '/v1/bookings', '/v1/bookings?include=canceled', auth)),
    '/v1/events': async (found, auth) => void (await readAll(found, '/v1/events', '/v1/events?include=canceled', auth)),
    '/v1/events/{id}/participants': async (found, auth) => {
      for (const event of found.ids['/v1/events']!) {
        const roster = await readAll(found, '/v1/events/{id}/participants', `/v1/events/${event}/participants?include=removed`, auth);
        (found.ids.rosterEntries ??= []).push(...roster.map((p) => `${event}/participants/${String(p.id)}`));
      }
    },
    '/v1/orders': async (found, auth) => void (await readAll(found, '/v1/orders', '/v1/orders', auth)),
    '/v1/transactions': async (found, auth) => void (await readAll(found, '/v1/transactions', '/v1/transactions', auth)),
    '/v1/waivers': async (found, auth) => void (await readAll(found, '/v1/waivers', '/v1/waivers', auth)),
    '/v1/signals': async (found, auth) => {
      for (const signal of await readAll(found, '/v1/signals', '/v1/signals', auth)) found.signalTypes.add(String(signal.type));
    },
    '/v1/signals/stream': { skip: 'a text/event-stream of the same stored signals as /v1/signals (test/streams checks it)' },
    '/v1/signal_types': async (found, auth) => void (await readAll(found, '/v1/signal_types', '/v1/signal_types', auth, false)),
    '/v1/webhook_endpoints': async (found, auth) => void (await readAll(found, '/v1/webhook_endpoints', '/v1/webhook_endpoints', auth, false)),
    '/v1/webhook_endpoints/{id}/attempts': async (found, auth) => {
      for (const id of found.ids['/v1/webhook_endpoints']!) {
        const attempts = await readAll(found, '/v1/webhook_endpoints/{id}/attempts', `/v1/webhook_endpoints/${id}/attempts`, auth);
        (found.ids.attempts ??= []).push(...attempts.map((a) => `${id}/attempts/${String(a.id)}`));
      }
    },
    '/v1/webhook_endpoints/{id}/attempts/{attempt_id}': async (found, auth) => {
      for (const path of found.ids.attempts!) await read(found, '/v1/webhook_endpoints/{id}/attempts/{attempt_id}', `/v1/webhook_endpoints/${path}`, auth);
    },
    '/v1/webhook_endpoints/{id}/health': async (found, auth) => {
      for (const id of found.ids['/v1/webhook_endpoints']!) await read(found, '/v1/webhook_endpoints/{id}/health', `/v1/webhook_endpoints/${id}/health`, auth);
    },
    // Objects by id: every event (the host is on it), the first hundred of the other lists.
    '/v1/customers/{id}': byId('/v1/customers', '?include=ended_subscriptions'),
    '/v1/coaches/{id}': byId('/v1/coaches'),
    '/v1/bookings/{id}': byId('/v1/bookings'),
    '/v1/events/{id}': byId('/v1/events', '', Infinity),
    '/v1/events/{id}/participants/{participant_id}': async (found, auth) => {
      for (const entry of found.ids.rosterEntries!.slice(0, 100)) await read(found, '/v1/events/{id}/participants/{participant_id}', `/v1/events/${entry}`, auth);
    },
    '/v1/orders/{id}': byId('/v1/orders'),
    '/v1/signals/{id}': byId('/v1/signals'),
    // The first hundred signals: the club's first, which the endpoint below was attempted with, among them.
    '/v1/signals/{id}/attempts': async (found, auth) => {
      for (const id of found.ids['/v1/signals']!.slice(0, 100)) await readAll(found, '/v1/signals/{id}/attempts', `/v1/signals/${id}/attempts`, auth);
    },
    '/v1/webhook_endpoints/{id}': byId('/v1/webhook_endpoints'),
  };

  function byId(list: string, query = '', limit = 100) {
    return async (found: Found, auth: string) => {
      for (const id of found.ids[list]!.slice(0, limit)) await read(found, `${list}/{id}`, `${list}/${id}${query}`, auth);
    };
  }

  /** An endpoint of the club's with two attempts as the pipeline records them: an answer, and a timeout. */
  async function endpointWithAttempts(auth: string, club: string): Promise<void> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/webhook_endpoints',
      headers: { authorization: auth },
      payload: { url: 'http://127.0.0.1:9/hooks', signal_types: ['*'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const endpoint = res.json<{ id: string }>().id;
    for (const [status, error] of [[200, null], [null, 'timeout after 15000 ms']] as const) {
      await t.pool.query(
        `INSERT INTO delivery_attempts (club_id, endpoint_id, signal_id, signal_sequence, attempt_number, attempted_at, status_code, error, duration_ms)
         SELECT club_id, $2, id, sequence, 1, now(), $3, $4, 12 FROM signals WHERE club_id = $1 ORDER BY sequence LIMIT 1`,
        [club, endpoint, status, error],
      );
    }
  }

  it('every GET endpoint of the document has a way to be walked', () => {
    const endpoints = Object.entries(document.paths).filter(([, operations]) => operations.get).map(([path]) => path);
    expect(endpoints.filter((path) => path.startsWith('/v1/')).sort()).toEqual(Object.keys(WALKS).sort());
  });

  for (const club of [NY, MAD]) {
    it(`${club}: every list, every page, every object by id, every signal`, async () => {
      const auth = await bearer(t.pool, club, { scopes: ALL_SCOPES });
      await endpointWithAttempts(auth, club);
      const found: Found = { ids: {}, signalTypes: new Set(), requests: 0, objects: 0, problems: [] };
      for (const how of Object.values(WALKS)) if (typeof how === 'function') await how(found, auth, club);

      console.log(`${club}: ${found.objects} objects in ${found.requests} responses walked, ${found.problems.length} unexpected nulls`);
      expect(found.problems.slice(0, 20)).toEqual([]);
      // The walk saw what the simulation made: its events (hosted) among them, and, in the club
      // that bills, a signal of every type about the club's data (the webhook_endpoint.* ones
      // come from endpoints failing, which no simulated change makes).
      expect(simulated[club]!.changes['event created']).toBeGreaterThan(0);
      const { rows } = await t.pool.query<{ id: string }>(`SELECT id FROM events WHERE club_id = $1 AND title = 'Drop-in clinic'`, [club]);
      expect(found.ids['/v1/events']).toEqual(expect.arrayContaining(rows.map((r) => r.id)));
      if (club === NY) expect([...found.signalTypes].sort()).toEqual(SIGNAL_TYPES.filter((t) => !t.startsWith('webhook_endpoint.')).sort());
      expect(found.ids['/v1/webhook_endpoints/{id}/attempts']).toHaveLength(2);
      expect(found.ids['/v1/signals/{id}/attempts']).toHaveLength(2);
    }, 180_000);
  }
});
