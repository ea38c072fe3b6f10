// The `clubdata` command as an operator runs it: a real child process on a database of this
// file's own. The keys it makes must work against the app and stop working once revoked.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { json, ROOT, runCli, type Run } from './run-cli.ts';
import { loadConfig } from '../../src/config.ts';
import { buildApp } from '../../src/app.ts';
import { createTestDatabase, testConfig, testSecretBox } from '../helper.ts';

const KEY_PATTERN = /^cd_live_[0-9A-Za-z]{32}$/;
// docs/api.md "Authentication and scopes": every *:read scope except signals:read.
const DEFAULT_READ_SCOPES = [
  'bookings:read',
  'club:read',
  'coaches:read',
  'customers:read',
  'events:read',
  'orders:read',
  'schedule:read',
  'spaces:read',
  'transactions:read',
  'waivers:read',
];

let databaseUrl: string;
let app: FastifyInstance;

const clubdata = (...args: string[]) => runCli(databaseUrl, args);

function expectNoStack(run: Run) {
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.stdout).not.toMatch(/\n\s+at /);
}

beforeAll(async () => {
  const database = await createTestDatabase();
  databaseUrl = database.url;
  // No key cache: a revocation must show on the very next request.
  app = await buildApp({ secretBox: testSecretBox(), config: testConfig({ apiKeyCacheMs: 0 }), pool: database.pool });
  await app.ready();
});
afterAll(() => app?.close());

const state: { clubId?: string; keys: { id: string; key: string }[] } = { keys: [] };

const listCustomers = (key: string) =>
  app.inject({ method: 'GET', url: '/v1/customers', headers: { authorization: `Bearer ${key}` } });

describe('clubs', () => {
  it('create --json prints the new club', async () => {
    const club = json(await clubdata('clubs', 'create', '--name', 'CLI Padel', '--timezone', 'Europe/Madrid', '--billing-model', 'legacy', '--json'));
    expect(club).toEqual({
      id: expect.stringMatching(/^club_/),
      name: 'CLI Padel',
      timezone: 'Europe/Madrid',
      billing_model: 'legacy',
      api_access: true,
    });
    state.clubId = club.id;
  });

  it('create refuses an unknown timezone with a clear message, usage status 2 and no stack trace', async () => {
    const run = await clubdata('clubs', 'create', '--name', 'Nowhere', '--timezone', 'Mars/Olympus_Mons', '--json');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/timezone/i);
    expect(run.stderr).toContain('Mars/Olympus_Mons');
    expectNoStack(run);
    expect(run.stdout).toBe('');
  });

  it('create without --name is a usage error', async () => {
    const run = await clubdata('clubs', 'create', '--timezone', 'Europe/Madrid');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--name');
    expectNoStack(run);
  });

  it('list --json includes the club', async () => {
    const clubs = json(await clubdata('clubs', 'list', '--json'));
    expect(clubs).toContainEqual(expect.objectContaining({ id: state.clubId, name: 'CLI Padel', timezone: 'Europe/Madrid' }));
  });

  it('update --api-access off --json turns API access off', async () => {
    const club = json(await clubdata('clubs', 'update', state.clubId!, '--api-access', 'off', '--json'));
    expect(club).toMatchObject({ id: state.clubId, api_access: false, name: 'CLI Padel', billing_model: 'legacy' });
  });
});

describe('keys', () => {
  it('create --json prints a cd_live_ key once, with the default scopes', async () => {
    const created = json(await clubdata('keys', 'create', '--club', state.clubId!, '--json'));
    expect(created.key).toMatch(KEY_PATTERN);
    expect(created.id).toEqual(expect.any(String));
    expect(created.club_id).toBe(state.clubId);
    expect([...created.scopes].sort()).toEqual(DEFAULT_READ_SCOPES);
    expect(created.expires_at).toBeNull();
    state.keys.push(created);
  });

  it('create --scopes takes opt-in scopes', async () => {
    const created = json(await clubdata('keys', 'create', '--club', state.clubId!, '--scopes', 'signals:read,customers:read', '--json'));
    expect(created.key).toMatch(KEY_PATTERN);
    expect([...created.scopes].sort()).toEqual(['customers:read', 'signals:read']);
    state.keys.push(created);
  });

  it('create refuses an unknown scope with exit code 2', async () => {
    const run = await clubdata('keys', 'create', '--club', state.clubId!, '--scopes', 'customers:read,customers:write', '--json');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('customers:write');
    expect(run.stderr).toMatch(/scope/);
    expect(run.stdout).not.toMatch(/cd_live_/);
    expectNoStack(run);
  });

  it('create --expires-at stores the expiry', async () => {
    const created = json(await clubdata('keys', 'create', '--club', state.clubId!, '--expires-at', '2030-01-01T00:00:00Z', '--json'));
    expect(created.expires_at).toBe('2030-01-01T00:00:00.000Z');
    state.keys.push(created);
  });

  it('create refuses a malformed --expires-at and an unknown club', async () => {
    const badDate = await clubdata('keys', 'create', '--club', state.clubId!, '--expires-at', 'next tuesday');
    expect(badDate.code).toBe(2);
    expect(badDate.stderr).toContain('--expires-at');
    const noClub = await clubdata('keys', 'create', '--club', 'club_nope');
    expect(noClub.code).not.toBe(0);
    expect(noClub.stderr).toContain('club_nope');
    for (const run of [badDate, noClub]) {
      expectNoStack(run);
      expect(run.stdout).not.toMatch(/cd_live_/);
    }
  });

  // Creates nothing: the next test finds exactly the keys made before.
  it('create refuses an --expires-at in the past with one line and usage status 2', async () => {
    for (const past of ['2020-01-01', new Date(Date.now() - 1000).toISOString()]) {
      const run = await clubdata('keys', 'create', '--club', state.clubId!, '--expires-at', past);
      expect(run.code, past).toBe(2);
      const [first] = run.stderr.split('\n');
      expect(first).toMatch(/^clubdata: --expires-at must be in the future \(got \d{4}-\d\d-\d\dT[\d:.]+Z, now is .+\)$/);
      expect(run.stdout).toBe('');
      expectNoStack(run);
    }
  });

  it('list --json shows the keys but never a key itself', async () => {
    const run = await clubdata('keys', 'list', '--club', state.clubId!, '--json');
    const keys = json(run);
    expect(keys.map((k: { id: string }) => k.id).sort()).toEqual(state.keys.map((k) => k.id).sort());
    for (const { key } of state.keys) {
      expect(run.stdout).not.toContain(key);
      expect(run.stdout).not.toContain(key.slice(8, 24));
    }
    for (const summary of keys) {
      expect(summary).not.toHaveProperty('key');
      expect(summary.last4).toBe(state.keys.find((k) => k.id === summary.id)!.key.slice(-4));
    }
    const text = await clubdata('keys', 'list', '--club', state.clubId!);
    expect(text.code).toBe(0);
    for (const { key } of state.keys) expect(text.stdout).not.toContain(key.slice(8, 24));
  });
});

describe('a key made by the CLI against the API', () => {
  it('is refused while the club has no API access, works once it has, and stops working after revoke', async () => {
    const { id, key } = state.keys[0]!;
    const closed = await listCustomers(key);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error.type).toBe('feature_not_enabled');

    json(await clubdata('clubs', 'update', state.clubId!, '--api-access', 'on', '--json'));
    const open = await listCustomers(key);
    expect(open.statusCode).toBe(200);
    expect(open.json().object).toBe('list');

    const revoke = await clubdata('keys', 'revoke', id);
    expect(revoke.code, revoke.stderr).toBe(0);
    expect(revoke.stdout).toContain(id);
    expect(revoke.stdout).not.toContain(key);

    const refused = await listCustomers(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('api_key_revoked');
    // The other keys of the club are untouched.
    expect((await listCustomers(state.keys[1]!.key)).statusCode).toBe(200);

    const listed = json(await clubdata('keys', 'list', '--club', state.clubId!, '--json'));
    expect(listed.find((k: { id: string }) => k.id === id).revoked_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('revoking an unknown key fails with a message', async () => {
    const run = await clubdata('keys', 'revoke', 'key_nope');
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('key_nope');
    expectNoStack(run);
  });
});

describe('the data folder', () => {
  it("is the project folder's .data whatever the current folder, and a relative CLUBDATA_DATA_DIR is the caller's", () => {
    // A command run from a subfolder (docs/) once made a second, empty database there.
    expect(loadConfig({}).dataDir).toBe(join(ROOT, '.data'));
    expect(loadConfig({ CLUBDATA_DATA_DIR: 'elsewhere' }).dataDir).toBe(join(process.cwd(), 'elsewhere'));
  });
});
