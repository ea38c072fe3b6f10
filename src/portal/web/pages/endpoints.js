// @ts-check
// The club's endpoints with their health at a glance: status, the last 24 hours' attempts,
// failing since and the time it will be disabled, what is pending and given up, how far its
// copy of the history is behind, its pace and ordering.
import { api } from '../api.js';
import { facts, h, link, percent, replace, when } from '../dom.js';

/**
 * @typedef {import('../api.js').Endpoint} Endpoint
 * @typedef {import('../api.js').EndpointHealth} EndpointHealth
 */

/**
 * The endpoint's state in words: active, failing, or disabled and why.
 * @param {Endpoint} endpoint
 */
export function stateOf(endpoint) {
  if (endpoint.status === 'disabled') {
    /** @type {Record<string, string>} */
    const reasons = { failing: 'it kept failing', gone: 'it answered 410 Gone', requested: 'on request' };
    const why = reasons[endpoint.disabled_reason ?? ''] ?? endpoint.disabled_reason;
    return h('span', { class: 'state disabled' }, `Disabled (${why})`);
  }
  if (endpoint.health.failing_since) return h('span', { class: 'state failing' }, 'Failing');
  return h('span', { class: 'state healthy' }, 'Active');
}

/**
 * The pace in words: the receiver's own limits and what 429s and 503s slowed it to.
 * @param {Endpoint} endpoint
 */
export function paceOf(endpoint) {
  const parts = [];
  if (endpoint.max_in_flight !== null) parts.push(`${endpoint.max_in_flight} at once`);
  if (endpoint.rate_limit !== null) parts.push(`at most ${endpoint.rate_limit}/s`);
  if (endpoint.pace.effective_rate !== null) parts.push(`slowed to ${endpoint.pace.effective_rate}/s`);
  const paused = endpoint.pace.paused_until ? ['paused until ', when(endpoint.pace.paused_until)] : [];
  return parts.length === 0 && paused.length === 0 ? 'Default' : [parts.join(', '), parts.length && paused.length ? '; ' : '', ...paused];
}

/**
 * The sync in words: received through which sequence, of which, and how many behind.
 * @param {EndpointHealth['sync']} sync
 */
export function syncOf(sync) {
  const through = `through #${sync.received_through} of #${sync.latest_sequence}`;
  return sync.behind === 0 ? `In sync (${through})` : `${sync.behind} behind (${through})`;
}

/** @type {import('../app.js').Page} */
export async function endpointsPage(main, { manage }) {
  const list = /** @type {import('../api.js').List<Endpoint>} */ (await api('GET', '/webhook_endpoints'));
  // Each endpoint's health on its own: one that cannot be read (deleted meanwhile) leaves the others shown.
  const healths = await Promise.allSettled(list.data.map((endpoint) => /** @type {Promise<EndpointHealth>} */ (api('GET', `/webhook_endpoints/${endpoint.id}/health`))));
  const cards = list.data.map((endpoint, i) => {
    const settled = /** @type {PromiseSettledResult<EndpointHealth>} */ (healths[i]);
    const health = settled.status === 'fulfilled' ? settled.value : null;
    const attempts = health?.attempts_24h;
    return h(
      'li',
      { class: 'card' },
      h('h2', {}, link('/portal/endpoint', { id: endpoint.id }, endpoint.url)),
      endpoint.description ? h('p', { class: 'description' }, endpoint.description) : null,
      facts([
        ['Status', stateOf(endpoint)],
        ['Last 24 hours', !attempts ? null : attempts.attempted === 0 ? 'No attempts' : `${percent(attempts.success_rate)} of ${attempts.attempted} attempts succeeded`],
        ['Failing since', endpoint.health.failing_since ? when(endpoint.health.failing_since) : null],
        ['Will be disabled at', endpoint.health.disable_at ? when(endpoint.health.disable_at) : null],
        ['Pending', String(endpoint.health.pending_deliveries)],
        ['Given up', String(endpoint.health.given_up_deliveries)],
        ['Sync', health ? syncOf(health.sync) : null],
        ['Pace', paceOf(endpoint)],
        ['Ordering', endpoint.ordering === 'per_resource' ? 'Per record' : 'None'],
      ]),
    );
  });
  replace(
    main,
    h('h1', {}, 'Webhook endpoints'),
    manage ? h('p', {}, h('a', { href: '/portal/new', class: 'button' }, 'Add an endpoint')) : null,
    cards.length === 0 ? h('p', {}, 'No endpoints yet.') : h('ul', { class: 'cards' }, cards),
  );
}
