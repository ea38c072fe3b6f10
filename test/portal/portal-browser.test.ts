// The endpoint portal end to end in a real browser (docs/portal.md): Chromium opens a portal
// link made by a key, over real HTTP to the real app, with the real pipeline delivering to a
// local receiver. The scenario: create an endpoint whose receiver fails, see the failures and
// the failing state, fix the receiver, send the missed signals again, see the endpoint catch
// up. Around it: used and expired links, a read-only session, another club's endpoints, CSRF,
// framing, a stored <script>, and axe-core on every page at a laptop's and a phone's width.
// With PORTAL_SCREENSHOTS=<folder>, the main pages are saved there at both widths
// (docs/portal/ holds the ones the guide shows).
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Pool } from '../../src/db/pool.ts';
import { DEFAULT_SCOPES } from '../../src/domain/scopes.ts';
import { insertCustomer } from '../fixtures.ts';
import { bearer, createTestDatabase, insertClub } from '../helper.ts';
import { eventually, runPipeline } from '../workers/pipeline-helper.ts';
import { TestReceiver } from '../workers/receiver.ts';
import { axeViolations, launchBrowser } from './browser.ts';

const SCRIPT_DESCRIPTION = '<script>window.__stored = 1</script><img src=x onerror="window.__stored = 2">Front desk';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SCREENSHOTS = process.env.PORTAL_SCREENSHOTS;

let pool: Pool;
let app: FastifyInstance;
let base: string;
let browser: Browser;
let receiver: TestReceiver;
let key: string;
let clubId: string;
let endpointId = '';
let endpointSecret = '';
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  let url: string;
  ({ pool, url } = await createTestDatabase());
  receiver = await new TestReceiver().start();
  receiver.respond = () => ({ status: 500, body: 'receiver broken' });
  const running = await runPipeline(pool, url, { backend: 'postgres' });
  app = await buildApp({ config: running.config, pool, secretBox: running.secretBox });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  clubId = (await insertClub(pool, { name: 'Harbour Tennis Club' })).id;
  key = await bearer(pool, clubId, { scopes: [...DEFAULT_SCOPES, 'signals:read', 'webhook_endpoints:write'] });
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await app?.close();
  await receiver?.stop();
});

/** POST /v1/portal_sessions over HTTP; the link, on this test's address. */
async function portalLink(authorization: string, mode: 'manage' | 'read_only' = 'manage'): Promise<{ id: string; link: string }> {
  const response = await fetch(`${base}/v1/portal_sessions`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { id: string; url: string };
  return { id: body.id, link: `${base}/portal/start${new URL(body.url).hash}` };
}

async function newPage(viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw new Error(`the portal's script failed: ${error.message}`);
  });
  return page;
}

/** Opens a link and waits for the endpoints page it leads to. */
async function openPortal(link: string, viewport = DESKTOP): Promise<Page> {
  const page = await newPage(viewport);
  await page.goto(link);
  await page.waitForURL(`${base}/portal/`);
  await page.getByRole('heading', { level: 1, name: 'Webhook endpoints' }).waitFor();
  return page;
}

/** Goes to a portal page and waits until its script has drawn it (its h1, then what loads after). */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.locator('main h1').waitFor();
  await page.waitForLoadState('networkidle');
}

/** Reloads the page until `check` holds. */
async function reloadUntil(page: Page, what: string, check: () => Promise<boolean>): Promise<void> {
  await eventually(
    what,
    async () => {
      await page.reload();
      await page.locator('main h1').waitFor();
      await page.waitForLoadState('networkidle');
      return check();
    },
    60_000,
  );
}

/** A request from the page's own script context, as the portal's code would make it. */
function fromPage(page: Page, method: string, path: string, options: { body?: unknown; csrf?: 'session' | 'none' | 'wrong' } = {}) {
  return page.evaluate(
    async ({ method, path, body, csrf }) => {
      const session = (await (await fetch('/portal/session')).json()) as { csrf_token: string };
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (csrf === 'session') headers['x-csrf-token'] = session.csrf_token;
      if (csrf === 'wrong') headers['x-csrf-token'] = session.csrf_token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
      const response = await fetch(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: response.status, body: (await response.json().catch(() => null)) as { error?: { code: string } } | null };
    },
    { method, path, body: options.body, csrf: options.csrf ?? 'session' },
  );
}

/** The page as it looks (the whole page, or its first screen for the long reference pages). */
async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  const width = page.viewportSize()?.width === PHONE.width ? 'phone' : 'desktop';
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: !['catalogue', 'verify'].includes(name) });
}

describe('the scenario: a failing endpoint found, fixed and caught up from the portal', () => {
  it('goes from a key’s link to an endpoint in sync again', async () => {
    const started = performance.now();
    const { link } = await portalLink(key);
    const page = await openPortal(link);
    expect(page.url()).toBe(`${base}/portal/`); // the token left the address bar
    await screenshot(page, 'endpoints-empty');

    await page.getByRole('link', { name: 'Add an endpoint' }).click();
    await page.getByLabel('URL').fill(`${receiver.url}/hook`);
    await page.getByLabel('Description').fill(SCRIPT_DESCRIPTION);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('heading', { name: 'Endpoint added' }).waitFor();
    endpointSecret = (await page.locator('.secret').textContent()) ?? '';
    expect(endpointSecret).toMatch(/^whsec_/);
    await page.getByRole('link', { name: 'Go to the endpoint' }).click();
    await page.locator('#attempts').waitFor();
    endpointId = new URL(page.url()).searchParams.get('id') ?? '';
    expect(endpointId).toMatch(/^we_/);

    // The platform changes three customers; the receiver answers 500 to everything.
    for (let i = 0; i < 3; i += 1) await insertCustomer(pool, clubId);
    // Each signal is given up in its own time (on a busy machine one may still be on its way
    // when the others are): wait for all three.
    await reloadUntil(page, 'the endpoint failing, with its three signals given up', async () => {
      const state = await page.locator('main .state').first().textContent();
      return (
        state === 'Failing' &&
        (await page.getByRole('button', { name: 'Send them again' }).count()) === 1 &&
        ((await page.locator('main').textContent()) ?? '').includes('3 signals not sent since')
      );
    });
    expect(await page.getByRole('cell', { name: 'Failed' }).count()).toBeGreaterThan(3);
    await screenshot(page, 'endpoint-failing');

    // One attempt in full.
    await page.getByRole('cell', { name: 'Failed' }).first().locator('xpath=..').getByRole('link').click();
    await page.getByRole('heading', { level: 2, name: 'Answer' }).waitFor();
    await page.waitForLoadState('networkidle');
    const attemptText = (await page.locator('main').textContent()) ?? '';
    expect(attemptText).toContain('receiver broken');
    expect(attemptText).toContain('customer.created');
    await page.goBack();
    await page.locator('#attempts').waitFor();

    // The receiver is fixed: a test signal says so at once, and its attempt joins the log.
    receiver.respond = () => ({ status: 204 });
    await page.getByRole('button', { name: 'Send a test signal' }).click();
    await page.getByText('Succeeded: answered 204').waitFor();
    await page.locator('#attempts ~ * tbody tr').filter({ hasText: 'sig_test_' }).waitFor();
    // The missed signals are sent again in one action.
    await page.getByRole('button', { name: 'Send them again' }).click();
    await page.getByText('3 signals queued to be sent again').waitFor();
    await reloadUntil(page, 'the endpoint active and in sync', async () => {
      const text = (await page.locator('main').textContent()) ?? '';
      return (await page.locator('main .state').first().textContent()) === 'Active' && text.includes('In sync');
    });
    const fixedAfterMs = performance.now() - started;
    expect(await page.getByRole('cell', { name: 'Succeeded' }).count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'endpoint-fixed');
    console.log(`portal scenario: POST /v1/portal_sessions to a fixed endpoint in sync: ${(fixedAfterMs / 1000).toFixed(1)} s`);

    // What the receiver got is signed with the secret the portal showed once.
    const delivered = receiver.received.filter((request) => request.status === 204);
    expect(delivered.length).toBeGreaterThanOrEqual(3);
    for (const request of delivered) new Webhook(endpointSecret).verify(request.body, request.headers as Record<string, string>);
  });

  it('shows a stored <script> as text and never runs it', async () => {
    const page = await openPortal((await portalLink(key)).link);
    await page.locator('.card .description').waitFor();
    expect(await page.locator('.card .description').textContent()).toBe(SCRIPT_DESCRIPTION);
    await visit(page, `/portal/endpoint?id=${endpointId}`);
    expect(await page.locator('main .description').textContent()).toBe(SCRIPT_DESCRIPTION);
    expect(await page.evaluate(() => (window as unknown as { __stored?: number }).__stored)).toBeUndefined();
  });
});

describe('links', () => {
  it('refuses a link opened a second time, and one past its 10 minutes, with a page that says so', async () => {
    const { link } = await portalLink(key);
    await openPortal(link);
    const again = await newPage();
    await again.goto(link);
    await again.getByRole('heading', { name: 'This link does not work' }).waitFor();
    expect(await again.getByRole('alert').textContent()).toContain('was opened already');
    expect(again.url()).toBe(`${base}/portal/start`);

    const late = await portalLink(key);
    await pool.query(`UPDATE portal_sessions SET link_expires_at = now() - interval '1 second' WHERE id = $1`, [late.id]);
    const expired = await newPage();
    await expired.goto(late.link);
    await expired.getByRole('heading', { name: 'This link does not work' }).waitFor();
    expect(await expired.getByRole('alert').textContent()).toContain('has expired');
    await screenshot(expired, 'link-expired');
  });

  it('shows a visitor without a session how to get one, and ends a session on request', async () => {
    const stranger = await newPage();
    await stranger.goto(`${base}/portal/`);
    await stranger.getByRole('heading', { name: 'No portal session' }).waitFor();

    const page = await openPortal((await portalLink(key)).link);
    await page.getByRole('button', { name: 'End session' }).click();
    await page.getByRole('heading', { name: 'No portal session' }).waitFor();
    expect((await fromPage(page, 'GET', '/portal/api/v1/webhook_endpoints')).status).toBe(401);
  });
});

describe('what a session may do', () => {
  it('read-only: no control that changes anything, and the server refuses every change', async () => {
    const page = await openPortal((await portalLink(key, 'read_only')).link);
    expect(await page.getByText('Read-only').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Add an endpoint' }).count()).toBe(0);
    await visit(page, `/portal/endpoint?id=${endpointId}`);
    await page.locator('#attempts ~ * tbody tr').first().waitFor();
    for (const name of ['Save settings', 'Rotate secret', 'Disable', 'Enable', 'Delete…', 'Send again', 'Send them again', 'Recover']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    expect(await page.getByRole('button', { name: /^Send again \(/ }).count()).toBe(0);

    const before = await pool.query('SELECT description, status, secret FROM webhook_endpoints WHERE id = $1', [endpointId]);
    const path = `/portal/api/v1/webhook_endpoints/${endpointId}`;
    const changes: [string, string, unknown][] = [
      ['POST', path, { description: 'changed' }],
      ['POST', path, { status: 'disabled' }],
      ['POST', `${path}/rotate_secret`, {}],
      ['POST', `${path}/recover`, { since: new Date(Date.now() - 60_000).toISOString() }],
      ['POST', `${path}/resend`, { signal_id: 'sig_any' }],
      ['POST', `${path}/test`, {}],
      ['DELETE', path, undefined],
      ['POST', '/portal/api/v1/webhook_endpoints', { url: `${receiver.url}/other`, signal_types: ['*'] }],
    ];
    const received = receiver.received.length;
    for (const [method, url, body] of changes) {
      const answer = await fromPage(page, method, url, { body });
      expect(answer, `${method} ${url}`).toMatchObject({ status: 403, body: { error: { code: 'portal_read_only' } } });
    }
    expect((await pool.query('SELECT description, status, secret FROM webhook_endpoints WHERE id = $1', [endpointId])).rows).toEqual(before.rows);
    expect(receiver.received.length).toBe(received); // no test signal went out
    // Reading is what it may do.
    expect((await fromPage(page, 'GET', `${path}/attempts`)).status).toBe(200);
  });

  it('a session of one club cannot see or change another club’s endpoints, whatever ids it tries', async () => {
    const other = await insertClub(pool);
    const otherKey = await bearer(pool, other.id, { scopes: [...DEFAULT_SCOPES, 'webhook_endpoints:write'] });
    const made = await fetch(`${base}/v1/webhook_endpoints`, {
      method: 'POST',
      headers: { authorization: otherKey, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${receiver.url}/other-club`, signal_types: ['*'] }),
    });
    expect(made.status, await made.clone().text()).toBe(200);
    const theirs = ((await made.json()) as { id: string }).id;

    const page = await openPortal((await portalLink(key)).link);
    expect(await page.locator('main').textContent()).not.toContain('other-club');
    await visit(page, `/portal/endpoint?id=${theirs}`);
    expect(await page.getByRole('alert').textContent()).toContain(`No such webhook_endpoint: '${theirs}'`);
    const path = `/portal/api/v1/webhook_endpoints/${theirs}`;
    for (const [method, url, body] of [
      ['GET', path, undefined],
      ['GET', `${path}/health`, undefined],
      ['GET', `${path}/attempts`, undefined],
      ['POST', path, { description: 'mine now' }],
      ['POST', `${path}/rotate_secret`, {}],
      ['DELETE', path, undefined],
    ] as const) {
      expect((await fromPage(page, method, url, { body })).status, `${method} ${url}`).toBe(404);
    }
    const { rows } = await pool.query('SELECT description, deleted_at FROM webhook_endpoints WHERE id = $1', [theirs]);
    expect(rows[0]).toEqual({ description: '', deleted_at: null });
  });

  it('refuses a change without the session’s CSRF token, or with another', async () => {
    const page = await openPortal((await portalLink(key)).link);
    const path = `/portal/api/v1/webhook_endpoints/${endpointId}`;
    for (const csrf of ['none', 'wrong'] as const) {
      const answer = await fromPage(page, 'POST', path, { body: { description: 'forged' }, csrf });
      expect(answer, csrf).toMatchObject({ status: 403, body: { error: { code: 'csrf_token_invalid' } } });
    }
    expect((await fromPage(page, 'POST', path, { body: { description: 'Front desk' } })).status).toBe(200);
  });
});

describe('another site', () => {
  let site: Server;
  let siteUrl = '';
  beforeAll(async () => {
    // Another origin: localhost is another site than 127.0.0.1 to a browser.
    site = createServer((request, response) => {
      response.setHeader('content-type', 'text/html');
      if (request.url === '/frame') {
        response.end(`<!doctype html><title>Elsewhere</title><iframe title="portal" src="${base}/portal/"></iframe>`);
      } else {
        response.end(`<!doctype html><title>Elsewhere</title><p>elsewhere</p>`);
      }
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  it('cannot frame the portal', async () => {
    const page = await openPortal((await portalLink(key)).link);
    await page.goto(`${siteUrl}/frame`);
    await page.waitForLoadState('load');
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame).toBeDefined();
    // Chromium shows its error page in place of a frame its policy refuses.
    expect(frame!.url()).not.toBe(`${base}/portal/`);
    expect(await frame!.locator('#main').count()).toBe(0);
  });

  // What another site's page can send at all: a request without a preflight, so not JSON, and
  // without the visitor's SameSite=Strict cookie. The Origin and CSRF checks behind these are
  // tested on their own (portal-pages.test.ts, test/api/portal-sessions.test.ts).
  it('can send the portal nothing it takes: no change with the visitor’s session, no session of its choosing', async () => {
    const page = await openPortal((await portalLink(key)).link);
    await page.goto(siteUrl);
    const count = async () => (await pool.query('SELECT count(*)::int AS n FROM webhook_endpoints WHERE club_id = $1', [clubId])).rows[0].n as number;
    const before = await count();
    const { link } = await portalLink(key);
    const answers = await page.evaluate(
      async ({ base, token }) => {
        // A form-like POST needs no preflight; the SameSite=Strict cookie is not sent with it.
        const change = await fetch(`${base}/portal/api/v1/webhook_endpoints`, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ url: 'http://127.0.0.1:9/forged', signal_types: ['*'] }),
        });
        const start = await fetch(`${base}/portal/session`, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ token }),
        });
        return [change.type, start.type];
      },
      { base, token: new URL(link).hash.slice(1) },
    );
    expect(answers).toEqual(['opaque', 'opaque']);
    expect(await count()).toBe(before);
    // The link was not used up by the other site.
    await openPortal(link);
  });
});

describe('the keyboard', () => {
  it('reaches every control of an endpoint’s page by Tab, each with a visible focus ring, after a skip link to the content', async () => {
    const page = await openPortal((await portalLink(key)).link);
    await visit(page, `/portal/endpoint?id=${endpointId}`);
    await page.locator('#attempts ~ * tbody tr').first().waitFor();
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40) || (element.id ?? '');
        return { tag: element.tagName, text, ring: style.outlineStyle !== 'none' && style.outlineWidth !== '0px' };
      });
    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ tag: 'A', text: 'Skip to content', ring: true });
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    const reached: { tag: string; text: string; ring: boolean }[] = [];
    for (let i = 0; i < 400; i += 1) {
      await page.keyboard.press('Tab');
      const now = await focused();
      if (now === null) break;
      reached.push(now);
      if (now.text === 'Recover' && now.tag === 'BUTTON') break;
    }
    const texts = reached.map((r) => r.text);
    for (const control of ['Send a test signal', 'Filter', 'Save settings', 'Rotate secret', 'Disable', 'Delete…', 'Recover']) expect(texts, control).toContain(control);
    expect(reached.filter((r) => !r.ring)).toEqual([]);
  });
});

describe('accessibility: axe-core, WCAG 2.2 AA, every page at a laptop’s and a phone’s width', () => {
  const pages = () => [
    ['endpoints', '/portal/'],
    ['endpoint', `/portal/endpoint?id=${endpointId}`],
    ['new', '/portal/new'],
    ['catalogue', '/portal/catalogue'],
    ['tail', '/portal/tail'],
    ['verify', '/portal/verify'],
  ];

  for (const viewport of [DESKTOP, PHONE]) {
    it(`has no violations at ${viewport.width} px`, async () => {
      const { link } = await portalLink(key);
      const page = await openPortal(link, viewport);
      const found: Record<string, unknown> = {};
      for (const [name, path] of pages()) {
        await visit(page, path!);
        if (name === 'endpoint') await page.locator('#attempts ~ * tbody tr').first().waitFor();
        if (name === 'tail') {
          // A signal emitted while the tail is open appears in it.
          await page.getByText('Following').waitFor();
          const customer = await insertCustomer(pool, clubId);
          await page.locator('ol.tail li').filter({ hasText: customer }).waitFor();
          expect(await page.locator('ol.tail li').first().textContent()).toContain('customer.created');
        }
        found[name!] = await axeViolations(page);
        await screenshot(page, name!);
      }
      await visit(page, `/portal/endpoint?id=${endpointId}`);
      await page.getByRole('cell', { name: 'Succeeded' }).first().locator('xpath=..').getByRole('link').click();
      await page.getByRole('heading', { level: 2, name: 'Answer' }).waitFor();
      await page.waitForLoadState('networkidle');
      found.attempt = await axeViolations(page);
      await screenshot(page, 'attempt');
      const stranger = await newPage(viewport);
      await stranger.goto(`${base}/portal/`);
      await stranger.getByRole('heading', { name: 'No portal session' }).waitFor();
      found['no session'] = await axeViolations(stranger);
      await stranger.goto(link);
      await stranger.getByRole('heading', { name: 'This link does not work' }).waitFor();
      found['used link'] = await axeViolations(stranger);
      for (const [name, violations] of Object.entries(found)) expect(violations, name).toEqual([]);
    });
  }
});
