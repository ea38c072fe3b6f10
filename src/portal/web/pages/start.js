// @ts-check
// The page a portal link opens: it takes the token from the fragment (never sent to a server),
// removes it from the address bar and the history at once, and posts it to start the session.
// A used, expired or unknown link gets the service's own words for it.
import { errorOf } from '../api.js';
import { h, replace } from '../dom.js';

/** @param {HTMLElement} main */
export async function startPage(main) {
  const token = location.hash.slice(1);
  history.replaceState(null, '', '/portal/start');
  document.title = 'Opening the portal · Webhook portal';
  if (token === '') {
    replace(main, h('h1', {}, 'No portal link'), h('p', {}, 'Open the portal with the link you were given: it works once, for 10 minutes.'));
    return;
  }
  const response = await fetch('/portal/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
  if (response.ok) {
    location.replace('/portal/');
    return;
  }
  const { message } = await errorOf(response);
  document.title = 'This link does not work · Webhook portal';
  replace(main, h('h1', {}, 'This link does not work'), h('p', { role: 'alert' }, message));
}
