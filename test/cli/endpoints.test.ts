// `clubdata endpoints list|show|delete` as an operator runs it: a real child process on the
// database of a real app, whose API made the endpoints. The CLI shows exactly what the API shows
// (one renderer: cd_render_webhook_endpoint), deletes as DELETE does, and says in one line, with
// status 1, that an id or a club does not exist.
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';
import { insertCustomer } from '../fixtures.ts';
import { setupClubApi } from '../helper.ts';
import { json, runCli, type Run } from './run-cli.ts';

const api = await setupClubApi({ config: { environment: 'development' }, scopes: ALL_SCOPES });
const clubdata = (...args: string[]) => runCli(api.url, args);
const ids = { active: '', disabled: '', doomed: '' };

async function createEndpoint(url: string, signalTypes: string[]): Promise<string> {
  const response = await api.app.inject({
    method: 'POST',
    url: '/v1/webhook_endpoints',
    headers: { authorization: api.auth },
    payload: { url, signal_types: signalTypes, description: `for ${url}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

function expectOneLineFailure(run: Run, message: string) {
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr).toBe(`${message}\n`);
  expect(run.stdout).toBe('');
}

beforeAll(async () => {
  ids.active = await createEndpoint('http://127.0.0.1:9/active', ['*']);
  ids.disabled = await createEndpoint('http://127.0.0.1:9/disabled', ['customer.created', 'customer.updated']);
  ids.doomed = await createEndpoint('http://127.0.0.1:9/doomed', ['customer.created']);
  const disabled = await api.app.inject({
    method: 'POST',
    url: `/v1/webhook_endpoints/${ids.disabled}`,
    headers: { authorization: api.auth },
    payload: { status: 'disabled' },
  });
  expect(disabled.statusCode, disabled.body).toBe(200);
});

describe('endpoints list', () => {
  it('--json is the data of GET /v1/webhook_endpoints, byte for byte the same objects', async () => {
    const listed = json(await clubdata('endpoints', 'list', '--club', api.club.id, '--json'));
    const fromApi = (await api.get('/v1/webhook_endpoints')).json();
    expect(listed).toEqual(fromApi.data);
    expect(listed.map((e: { id: string }) => e.id)).toEqual([ids.active, ids.disabled, ids.doomed]);
  });

  it('prints a table, a disabled endpoint with its reason', async () => {
    const run = await clubdata('endpoints', 'list', '--club', api.club.id);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^id\s+url\s+status\s+signal_types\s+scopes\s+created_at\s+description$/);
    expect(lines[1]).toMatch(new RegExp(`^${ids.active}\\s+http://127.0.0.1:9/active\\s+active\\s+\\*\\s+`));
    expect(lines[2]).toMatch(new RegExp(`^${ids.disabled}\\s+http://127.0.0.1:9/disabled\\s+disabled \\(requested\\)\\s+customer.created,customer.updated\\s+`));
  });

  it('says there is no such club, status 1', async () => {
    expectOneLineFailure(await clubdata('endpoints', 'list', '--club', 'club_nope'), 'clubdata: no club club_nope');
  });
});

describe('endpoints show', () => {
  it('--json is GET /v1/webhook_endpoints/{id}, never a secret; the text names the club', async () => {
    const shown = json(await clubdata('endpoints', 'show', ids.disabled, '--json'));
    expect(shown).toEqual((await api.get(`/v1/webhook_endpoints/${ids.disabled}`)).json());
    expect(shown).not.toHaveProperty('secret');
    const text = await clubdata('endpoints', 'show', ids.disabled);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^id\\s+${ids.disabled}\\nclub\\s+${api.club.id}\\nurl\\s+http://127.0.0.1:9/disabled\\nstatus\\s+disabled \\(requested\\)\\n`));
    expect(text.stdout).not.toMatch(/whsec_/);
  });

  it('shows the delivery options and the pace in words, null as the default it stands for', async () => {
    const plain = await clubdata('endpoints', 'show', ids.active);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toMatch(
      /\nsigning\s+v1 \(HMAC-SHA256, with the secret shown at creation\)\nordering\s+none\nmax_in_flight\s+default \(the worker's DELIVERY_PER_ENDPOINT_CONCURRENCY\)\nrate_limit\s+none\npace\s+not slowed, not paused\nhealth\s+not failing; no success yet; 0 pending, 0 given up\n$/,
    );
    const paced = await api.app.inject({
      method: 'POST',
      url: '/v1/webhook_endpoints',
      headers: { authorization: api.auth },
      payload: { url: 'http://127.0.0.1:9/paced', signal_types: ['*'], ordering: 'per_resource', max_in_flight: 2, rate_limit: 0.5, signature_scheme: 'v1a' },
    });
    expect(paced.statusCode, paced.body).toBe(200);
    const { id, public_key: publicKey } = paced.json();
    // The pace as the delivery worker keeps it.
    await api.pool.query(
      `INSERT INTO endpoint_lanes (club_id, endpoint_id, effective_rate, paused_until) VALUES ($1, $2, 0.25, '2999-01-01T00:00:00Z')`,
      [api.club.id, id],
    );
    await api.pool.query(
      `UPDATE webhook_endpoints SET failing_since = '2999-01-01T00:00:00Z', disable_at = '2999-01-06T00:00:00Z', failed_attempts = 4 WHERE club_id = $1 AND id = $2`,
      [api.club.id, id],
    );
    const run = await clubdata('endpoints', 'show', id);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`\\nsigning\\s+v1a \\(ed25519\\), public key ${publicKey.replace(/[+/=]/g, '\\$&')}\\n`),
    );
    expect(run.stdout).toMatch(
      /\nordering\s+per_resource\nmax_in_flight\s+2\nrate_limit\s+0\.5\/s\npace\s+paused until 2999-01-01T00:00:00\.000Z, slowed to 0\.25\/s\nhealth\s+failing since 2999-01-01T00:00:00\.000Z, to be disabled at 2999-01-06T00:00:00\.000Z unless an attempt succeeds first; no success yet; 0 pending, 0 given up\n$/,
    );
    await api.app.inject({ method: 'DELETE', url: `/v1/webhook_endpoints/${id}`, headers: { authorization: api.auth } });
  });

  it('says there is no such endpoint, status 1', async () => {
    expectOneLineFailure(await clubdata('endpoints', 'show', 'we_nope'), 'clubdata: no endpoint we_nope');
    expectOneLineFailure(await clubdata('endpoints', 'show', 'we_nope', '--json'), 'clubdata: no endpoint we_nope');
  });
});

describe('endpoints delete', () => {
  it('deletes as DELETE /v1/webhook_endpoints/{id} does: gone from the API, its pending deliveries cancelled, its attempts kept', async () => {
    // A signal the endpoint was sent, still pending, as the fan-out leaves it.
    await insertCustomer(api.pool, api.club.id);
    const { rows } = await api.pool.query<{ sequence: string; id: string }>(
      'SELECT sequence, id FROM signals WHERE club_id = $1 ORDER BY sequence DESC LIMIT 1',
      [api.club.id],
    );
    await api.pool.query(`INSERT INTO deliveries (club_id, endpoint_id, signal_sequence, signal_id, status) VALUES ($1, $2, $3, $4, 'pending')`, [
      api.club.id,
      ids.doomed,
      rows[0]!.sequence,
      rows[0]!.id,
    ]);

    const deleted = json(await clubdata('endpoints', 'delete', ids.doomed, '--json'));
    expect(deleted).toEqual({ id: ids.doomed, object: 'webhook_endpoint', deleted: true });
    expect((await api.get(`/v1/webhook_endpoints/${ids.doomed}`)).statusCode).toBe(404);
    const delivery = await api.pool.query('SELECT status FROM deliveries WHERE club_id = $1 AND endpoint_id = $2', [api.club.id, ids.doomed]);
    expect(delivery.rows).toEqual([{ status: 'canceled' }]);
    const listed = json(await clubdata('endpoints', 'list', '--club', api.club.id, '--json'));
    expect(listed.map((e: { id: string }) => e.id)).toEqual([ids.active, ids.disabled]);

    // Deleted: show and delete say since when, status 1; its attempts can still be listed.
    const at = (await api.pool.query<{ at: string }>('SELECT cd_utc(deleted_at) AS at FROM webhook_endpoints WHERE id = $1', [ids.doomed])).rows[0]!.at;
    const gone = `clubdata: endpoint ${ids.doomed} was deleted at ${at}; its attempts are kept: clubdata deliveries list --endpoint ${ids.doomed}`;
    expectOneLineFailure(await clubdata('endpoints', 'delete', ids.doomed), gone);
    expectOneLineFailure(await clubdata('endpoints', 'show', ids.doomed), gone);
    const attempts = await clubdata('deliveries', 'list', '--endpoint', ids.doomed);
    expect(attempts.code, attempts.stderr).toBe(0);
    expect(attempts.stdout).toBe(`no attempts were made to ${ids.doomed} before it was deleted at ${at}\n`);
  });

  it('text output says what happened', async () => {
    const run = await clubdata('endpoints', 'delete', ids.active);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`Deleted ${ids.active} of ${api.club.id}: its pending deliveries are cancelled; its attempts are kept.\n`);
  });

  it('says there is no such endpoint, status 1, and deletes nothing', async () => {
    expectOneLineFailure(await clubdata('endpoints', 'delete', 'we_nope'), 'clubdata: no endpoint we_nope');
  });
});
