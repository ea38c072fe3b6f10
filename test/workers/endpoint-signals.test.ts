// Signals about endpoints (docs/webhooks.md, "Signals about endpoints"): one endpoint of a club
// fails until the pipeline disables it, is fixed, enabled again and delivers; a second endpoint
// of the club, subscribed to webhook_endpoint.*, receives failing, disabled, enabled and
// recovered, each signed with its own secret, and the recovered one names the window that
// recovery then makes up. The failing endpoint hears nothing about itself. The real worker posts
// to a real receiver on loopback; everything a user does goes through the real API.
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../src/db/pool.ts';
import { bearer, cleanUp, createTestDatabase, insertClub } from '../helper.ts';
import { eventually, insertCustomer, runPipeline, startClubApi, type ClubApi, type EndpointFixture } from './pipeline-helper.ts';
import { TestReceiver, type ReceivedRequest } from './receiver.ts';

const OPERATIONAL = ['webhook_endpoint.failing', 'webhook_endpoint.disabled', 'webhook_endpoint.enabled', 'webhook_endpoint.recovered'];

interface EndpointObject {
  id: string;
  status: string;
  disabled_reason: string | null;
  health: { failing_since: string | null; disable_at: string | null; last_success_at: string | null; given_up_deliveries: number };
}

interface Outage {
  failing_since: string;
  recovered_at: string;
  failed_for_seconds: number;
  given_up_deliveries: number;
  recover_window: { since: string; until: string };
}

interface OperationalSignal {
  id: string;
  type: string;
  created: string;
  data: { object: EndpointObject; outage?: Outage };
}

describe('an endpoint that fails until disabled, as the club\'s other endpoint hears of it', () => {
  let pool: Pool;
  let receiver: TestReceiver;
  let club: { id: string };
  let api: ClubApi;

  beforeAll(async () => {
    let url: string;
    ({ pool, url } = await createTestDatabase());
    // Retries 100 ms apart: the fourth failure comes within a second; a window of 1.5 s disables
    // the endpoint before the schedule runs out.
    const running = await runPipeline(pool, url, { backend: 'redis', delivery: { retrySchedule: Array<number>(30).fill(100), disableAfterMs: 1500 } });
    receiver = await new TestReceiver().start();
    cleanUp(() => receiver.stop());
    club = await insertClub(pool);
    api = await startClubApi(pool, running, club.id);
  });

  /** The operational signals a watching endpoint received, each verified with its secret. */
  const heard = (watcher: EndpointFixture): OperationalSignal[] =>
    receiver.at(watcher.path).map((request: ReceivedRequest) => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      return new StandardWebhook(watcher.secret).verify(request.body, headers) as OperationalSignal;
    });
  const endpoint = async (id: string) => (await api.call('GET', `/v1/webhook_endpoints/${id}`)).json<EndpointObject>();

  it('sends failing, disabled, enabled and recovered, signed, to the other endpoint only; recovery then makes up what was missed', async () => {
    // The failing endpoint subscribes to everything it may, signals about endpoints included.
    const failing = await api.createEndpoint(receiver.url, { signalTypes: ['*'], scopes: ['customers:read', 'webhook_endpoints:write'] });
    const watcher = await api.createEndpoint(receiver.url, { signalTypes: OPERATIONAL, scopes: ['webhook_endpoints:write'] });
    let answer = 500;
    receiver.respond = (r) => (r.path === failing.path ? { status: answer } : { status: 200 });

    await insertCustomer(pool, club.id);
    await receiver.waitFor(() => heard(watcher).length === 2, 30_000, 'failing and disabled');
    const [failingSignal, disabledSignal] = heard(watcher);
    expect(failingSignal!.type).toBe('webhook_endpoint.failing');
    expect(failingSignal!.data.object).toMatchObject({ id: failing.id, status: 'active' });
    expect(failingSignal!.data.object.health.failing_since).not.toBeNull();
    expect(Date.parse(failingSignal!.data.object.health.disable_at!) - Date.parse(failingSignal!.data.object.health.failing_since!)).toBe(1500);
    expect(disabledSignal!.type).toBe('webhook_endpoint.disabled');
    expect(disabledSignal!.data.object).toMatchObject({ id: failing.id, status: 'disabled', disabled_reason: 'failing' });
    // At least four attempts before failing was said: the fourth made it so.
    expect(receiver.at(failing.path).length).toBeGreaterThanOrEqual(4);
    const disabled = await endpoint(failing.id);
    expect(disabled).toMatchObject({ status: 'disabled', disabled_reason: 'failing' });
    expect(disabled.health.failing_since).toBe(failingSignal!.data.object.health.failing_since);
    expect(disabled.health.given_up_deliveries).toBe(1);

    // Fixed and enabled again: the run goes on until a delivery succeeds.
    answer = 200;
    await insertCustomer(pool, club.id);
    const { rows } = await pool.query<{ last: string }>(`SELECT max(sequence) AS last FROM signals WHERE club_id = $1`, [club.id]);
    // Enabled only once the fan-out has passed it: missed while disabled.
    await eventually('the signal missed while disabled fanned out', async () =>
      (await pool.query('SELECT 1 FROM signal_relay WHERE club_id = $1 AND relayed_sequence >= $2', [club.id, rows[0]!.last])).rowCount === 1,
    );
    const enabled = (await api.call('POST', `/v1/webhook_endpoints/${failing.id}`, { status: 'active' })).json<EndpointObject>();
    expect(enabled.status).toBe('active');
    expect(enabled.health.failing_since).toBe(disabled.health.failing_since);
    await receiver.waitFor(() => heard(watcher).length === 3, 30_000, 'enabled');
    expect(heard(watcher)[2]!.type).toBe('webhook_endpoint.enabled');

    await insertCustomer(pool, club.id);
    await receiver.waitFor(() => heard(watcher).length === 4, 30_000, 'recovered');
    const recovered = heard(watcher)[3]!;
    expect(recovered.type).toBe('webhook_endpoint.recovered');
    expect(recovered.data.object.health).toMatchObject({ failing_since: null, disable_at: null });
    const outage = recovered.data.outage!;
    expect(outage).toMatchObject({ failing_since: disabled.health.failing_since, given_up_deliveries: 1 });
    expect(outage.recovered_at).toBe(recovered.data.object.health.last_success_at);
    expect(outage.failed_for_seconds).toBe(Math.floor((Date.parse(outage.recovered_at) - Date.parse(outage.failing_since)) / 1000));
    // The window runs from the first signal the outage cost (created before its first failure,
    // which was that signal's first attempt) to the recovered signal itself.
    expect(outage.recover_window.until).toBe(recovered.created);
    const { rows: first } = await pool.query<{ created: string }>(
      `SELECT cd_utc(created_at) AS created FROM signals WHERE club_id = $1 AND type = 'customer.created' ORDER BY sequence LIMIT 1`,
      [club.id],
    );
    expect(outage.recover_window.since).toBe(first[0]!.created);
    expect(Date.parse(outage.recover_window.since)).toBeLessThan(Date.parse(outage.failing_since));
    expect((await endpoint(failing.id)).health).toMatchObject({ failing_since: null, disable_at: null });

    // The window the signal names brings back both signals the outage cost: the one given up and
    // the one missed while disabled.
    const recovery = await api.call('POST', `/v1/webhook_endpoints/${failing.id}/recover`, outage.recover_window);
    expect(recovery.statusCode, recovery.body).toBe(202);
    expect(recovery.json()).toMatchObject({ queued: 2 });
    await receiver.waitFor(() => receiver.deliveredIds(failing.path).size === 3, 30_000, 'the missed signals recovered');

    // The failing endpoint never heard about itself, though it subscribes to such signals.
    const types = receiver.at(failing.path).map((r) => (JSON.parse(r.body) as { type: string }).type);
    expect(new Set(types)).toEqual(new Set(['customer.created']));
    // Four signals, no more: one of each change.
    expect(heard(watcher).map((s) => s.type)).toEqual(OPERATIONAL);

    // In the club's history for a key that may manage endpoints, not for one that may only read.
    const listed = async (scopes: string[]) => {
      const authorization = await bearer(pool, club.id, { scopes });
      const res = await api.app.inject({ method: 'GET', url: '/v1/signals?limit=100', headers: { authorization } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { type: string }[] }>().data.map((s) => s.type).filter((type) => type.startsWith('webhook_endpoint.'));
    };
    expect(await listed(['signals:read', 'customers:read', 'webhook_endpoints:write'])).toEqual(OPERATIONAL);
    expect(await listed(['signals:read', 'customers:read'])).toEqual([]);
  }, 90_000);
});
