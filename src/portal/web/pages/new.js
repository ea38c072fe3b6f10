// @ts-check
// Adding an endpoint: the settings form, then its secret, shown this once (v1), or its public key (v1a).
import { api } from '../api.js';
import { h, link, replace } from '../dom.js';
import { settingsForm } from '../settings.js';

/** @type {import('../app.js').Page} */
export async function newEndpointPage(main, { session, manage }) {
  if (!manage) {
    replace(main, h('h1', {}, 'Add an endpoint'), h('p', {}, 'This portal session is read-only: it shows everything and changes nothing.'));
    return;
  }
  const catalogue = /** @type {import('../api.js').List<import('../api.js').SignalType>} */ (await api('GET', '/signal_types'));
  const form = settingsForm({
    endpoint: null,
    scopes: session.scopes,
    catalogue: catalogue.data,
    submitLabel: 'Add endpoint',
    submit: async (body) => {
      const made = /** @type {import('../api.js').Endpoint} */ (await api('POST', '/webhook_endpoints', body));
      replace(
        main,
        h('h1', { tabindex: -1, id: 'made' }, 'Endpoint added'),
        h('p', { class: 'wrap' }, made.url),
        made.secret
          ? h(
              'div',
              { class: 'callout' },
              h('p', {}, 'Its signing secret, shown this once: put it in your receiver’s configuration now.'),
              h('code', { class: 'wrap secret' }, made.secret),
            )
          : h('div', { class: 'callout' }, h('p', {}, 'It signs with ed25519; your receiver verifies with this public key:'), h('code', { class: 'wrap' }, made.public_key ?? '')),
        h('p', {}, link('/portal/endpoint', { id: made.id }, 'Go to the endpoint'), ' · ', link('/portal/verify', {}, 'How to verify signatures')),
      );
      document.getElementById('made')?.focus();
    },
  });
  replace(main, h('p', { class: 'crumbs' }, h('a', { href: '/portal/' }, 'Endpoints')), h('h1', {}, 'Add an endpoint'), form);
}
