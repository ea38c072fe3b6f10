// @ts-check
// The portal's one script: it finds the session, draws the header, and renders the page the
// path names into <main>. Every page is a function of (main, context).
import { ApiFailure, api, endSession, loadSession } from './api.js';
import { h, notice, replace, when } from './dom.js';
import { attemptPage } from './pages/attempt.js';
import { cataloguePage } from './pages/catalogue.js';
import { endpointPage } from './pages/endpoint.js';
import { endpointsPage } from './pages/endpoints.js';
import { newEndpointPage } from './pages/new.js';
import { startPage } from './pages/start.js';
import { tailPage } from './pages/tail.js';
import { verifyPage } from './pages/verify.js';

/**
 * @typedef {{ session: import('./api.js').Session, manage: boolean, query: URLSearchParams }} Context
 * @typedef {(main: HTMLElement, context: Context) => Promise<void>} Page
 */

/** @type {Record<string, [string, Page]>} */
const PAGES = {
  '/portal/': ['Webhook endpoints', endpointsPage],
  '/portal/endpoint': ['Endpoint', endpointPage],
  '/portal/new': ['Add an endpoint', newEndpointPage],
  '/portal/attempt': ['Delivery attempt', attemptPage],
  '/portal/catalogue': ['Signal catalogue', cataloguePage],
  '/portal/tail': ['Live tail', tailPage],
  '/portal/verify': ['Verifying signatures', verifyPage],
};

const NAV = [
  ['/portal/', 'Endpoints'],
  ['/portal/catalogue', 'Signal catalogue'],
  ['/portal/tail', 'Live tail'],
  ['/portal/verify', 'Verifying signatures'],
];

const main = /** @type {HTMLElement} */ (document.getElementById('main'));
const top = /** @type {HTMLElement} */ (document.getElementById('top'));

/** A page for a visitor without a session: how to get one. */
function noSessionPage() {
  document.title = 'No portal session · Webhook portal';
  replace(
    main,
    h('h1', {}, 'No portal session'),
    h('p', {}, 'This portal opens with a link made for you by the service you use; it works once, for 10 minutes, and the session it starts lasts an hour.'),
    h('p', {}, 'Your session has ended, or none was started in this browser: ask for a new link.'),
  );
}

/**
 * @param {import('./api.js').Session} session
 */
async function drawHeader(session) {
  let club = session.club_id;
  if (session.scopes.includes('club:read')) {
    try {
      club = /** @type {{ name: string }} */ (await api('GET', '/club')).name;
    } catch {
      // The id stands in.
    }
  }
  const here = location.pathname;
  const ended = notice('alert');
  replace(
    top,
    h(
      'div',
      { class: 'bar' },
      h('p', { class: 'brand' }, h('a', { href: '/portal/' }, 'Webhook portal'), ' · ', h('span', { class: 'club' }, club)),
      h(
        'p',
        { class: 'session' },
        session.mode === 'read_only' ? h('span', { class: 'badge' }, 'Read-only') : null,
        ' Session until ',
        when(session.expires_at),
        ' ',
        h(
          'button',
          {
            type: 'button',
            class: 'secondary',
            onclick: async () => {
              try {
                await endSession();
                noSessionPage();
                replace(top);
              } catch (error) {
                replace(ended, error instanceof Error ? error.message : String(error));
              }
            },
          },
          'End session',
        ),
      ),
    ),
    h(
      'nav',
      { 'aria-label': 'Portal' },
      h('ul', {}, NAV.map(([path, label]) => h('li', {}, h('a', { href: path, 'aria-current': here === path ? 'page' : null }, label)))),
    ),
    ended,
  );
}

async function run() {
  const path = location.pathname;
  if (path === '/portal/start') return startPage(main);
  const page = PAGES[path];
  const session = await loadSession();
  if (!session) return noSessionPage();
  await drawHeader(session);
  if (!page) {
    replace(main, h('h1', {}, 'Page not found'), h('p', {}, h('a', { href: '/portal/' }, 'Back to the endpoints')));
    return;
  }
  document.title = `${page[0]} · Webhook portal`;
  try {
    await page[1](main, { session, manage: session.mode === 'manage', query: new URLSearchParams(location.search) });
  } catch (error) {
    showFailure(error);
  }
}

/**
 * A page that could not be drawn: the API's message, or that the session ended.
 * @param {unknown} error
 */
function showFailure(error) {
  if (error instanceof ApiFailure && error.status === 401) return noSessionPage();
  replace(main, h('h1', {}, 'Something went wrong'), h('p', { role: 'alert' }, error instanceof Error ? error.message : String(error)));
}

void run();
