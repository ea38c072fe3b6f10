// @ts-check
// One endpoint: its health and sync (with "send them again"), its attempts log with filters,
// its settings, signing, and the actions on it. A read-only session sees the same page without
// any control that changes something (the server refuses such changes too).
import { api, ApiFailure, isTestSignal } from '../api.js';
import { facts, h, link, notice, percent, replace, report, when } from '../dom.js';
import { settingsForm } from '../settings.js';
import { paceOf, stateOf, syncOf } from './endpoints.js';

/**
 * @typedef {import('../api.js').Endpoint} Endpoint
 * @typedef {import('../api.js').EndpointHealth} EndpointHealth
 * @typedef {import('../api.js').Attempt} Attempt
 * @typedef {import('../api.js').SignalType} SignalType
 */

/**
 * A datetime-local value as the API's timestamp, or undefined when empty.
 * @param {string} value
 */
function instant(value) {
  return value === '' ? undefined : new Date(value).toISOString();
}

/** @type {import('../app.js').Page} */
export async function endpointPage(main, { session, manage, query }) {
  const id = query.get('id') ?? '';
  const [endpoint, health, catalogue] = /** @type {[Endpoint, EndpointHealth, import('../api.js').List<SignalType>]} */ (
    await Promise.all([
      api('GET', `/webhook_endpoints/${encodeURIComponent(id)}`),
      api('GET', `/webhook_endpoints/${encodeURIComponent(id)}/health`),
      api('GET', '/signal_types'),
    ])
  );
  document.title = `${endpoint.url} · Webhook portal`;
  const path = `/webhook_endpoints/${encodeURIComponent(endpoint.id)}`;
  const reload = () => location.reload();

  // Health and sync.
  const attempts = health.attempts_24h;
  const sync = health.sync;
  const syncStatus = notice();
  const healthSection = h(
    'section',
    { 'aria-labelledby': 'health' },
    h('h2', { id: 'health' }, 'Health'),
    facts([
      ['Status', stateOf(endpoint)],
      ['Last 24 hours', attempts.attempted === 0 ? 'No attempts' : `${attempts.succeeded} of ${attempts.attempted} attempts succeeded (${percent(attempts.success_rate)})`],
      ['Failing since', endpoint.health.failing_since ? when(endpoint.health.failing_since) : null],
      ['Will be disabled at', endpoint.health.disable_at ? when(endpoint.health.disable_at) : null],
      ['Last success', when(endpoint.health.last_success_at)],
      ['Pending deliveries', String(endpoint.health.pending_deliveries)],
      ['Given up deliveries', String(endpoint.health.given_up_deliveries)],
      ['Pace', paceOf(endpoint)],
      ['Ordering', endpoint.ordering === 'per_resource' ? 'Per record: each record’s signals in order' : 'None'],
    ]),
  );
  const syncSection = h(
    'section',
    { 'aria-labelledby': 'sync' },
    h('h2', { id: 'sync' }, 'Sync with the club’s history'),
    facts([
      ['Latest signal of the club', `#${sync.latest_sequence}`],
      ['Received everything through', `#${sync.received_through}`],
      ['Behind', syncOf(sync)],
      ['On their way', String(sync.pending)],
      ['Not sent', String(sync.unsent)],
    ]),
    sync.unsent > 0 && sync.unsent_since
      ? h(
          'p',
          { class: 'callout' },
          `${sync.unsent} signal${sync.unsent === 1 ? '' : 's'} not sent since `,
          when(sync.unsent_since),
          '. ',
          manage && endpoint.status === 'active'
            ? h(
                'button',
                {
                  type: 'button',
                  onclick: () =>
                    report(syncStatus, async () => {
                      const recovery = /** @type {{ queued: number }} */ (await api('POST', `${path}/recover`, { since: sync.unsent_since }));
                      return `${recovery.queued} signal${recovery.queued === 1 ? '' : 's'} queued to be sent again. Reload to follow them.`;
                    }),
                },
                'Send them again',
              )
            : endpoint.status === 'disabled'
              ? 'Enable the endpoint to send them again.'
              : null,
        )
      : null,
    syncStatus,
  );

  // The attempts log, and a test signal whose attempt appears in it.
  const log = attemptsLog(endpoint, catalogue.data, manage, path);
  const tested = notice();
  const test = manage
    ? h(
        'section',
        { 'aria-labelledby': 'test' },
        h('h2', { id: 'test' }, 'Send a test signal'),
        h('p', {}, 'Posts one signed signal of type webhook_endpoint.test to the endpoint now; it is in no history and is not retried. Its attempt appears in the log below.'),
        h(
          'button',
          {
            type: 'button',
            class: 'secondary',
            onclick: () =>
              report(tested, async () => {
                const result = /** @type {{ attempt: Attempt }} */ (await api('POST', `${path}/test`));
                await log.reload();
                const answer = result.attempt.status_code === null ? result.attempt.error ?? 'no answer' : `${result.attempt.status_code}`;
                return `${result.attempt.outcome === 'succeeded' ? 'Succeeded' : 'Failed'}: answered ${answer} in ${result.attempt.duration_ms} ms.`;
              }),
          },
          'Send a test signal',
        ),
        tested,
      )
    : null;

  // Settings: a form to change them, or the facts.
  const saved = notice();
  const settings = h(
    'section',
    { 'aria-labelledby': 'settings' },
    h('h2', { id: 'settings' }, 'Settings'),
    manage
      ? settingsForm({
          endpoint,
          scopes: session.scopes,
          catalogue: catalogue.data,
          submitLabel: 'Save settings',
          submit: async (body) => {
            await api('POST', path, body);
            replace(saved, 'Saved.');
            reload();
          },
        })
      : facts([
          ['URL', endpoint.url],
          ['Description', endpoint.description || null],
          ['Signal types', endpoint.signal_types.join(', ')],
          ['Scopes', endpoint.scopes.join(', ')],
          ['Requests at once', endpoint.max_in_flight === null ? 'Default' : String(endpoint.max_in_flight)],
          ['Rate limit', endpoint.rate_limit === null ? 'None' : `${endpoint.rate_limit}/s`],
        ]),
    saved,
  );

  // Signing.
  const rotated = h('div', { role: 'status', 'aria-live': 'polite' });
  const schemeChoice = h(
    'select',
    { id: 'rotate-scheme' },
    h('option', { value: 'v1', selected: endpoint.signature_scheme === 'v1' }, 'v1: HMAC-SHA256 with a shared secret'),
    h('option', { value: 'v1a', selected: endpoint.signature_scheme === 'v1a' }, 'v1a: ed25519, verified with a public key'),
  );
  const signing = h(
    'section',
    { 'aria-labelledby': 'signing' },
    h('h2', { id: 'signing' }, 'Signing'),
    facts([
      ['Scheme', endpoint.signature_scheme === 'v1a' ? 'v1a (ed25519)' : 'v1 (HMAC-SHA256)'],
      ['Public key', endpoint.public_key ? h('code', { class: 'wrap' }, endpoint.public_key) : null],
    ]),
    h('p', {}, link('/portal/verify', {}, 'How to verify signatures')),
    manage
      ? h(
          'form',
          {
            class: 'inline',
            onsubmit: (/** @type {Event} */ event) => {
              event.preventDefault();
              const scheme = /** @type {HTMLSelectElement} */ (schemeChoice).value;
              void report(rotated, async () => {
                const made = /** @type {Endpoint} */ (await api('POST', `${path}/rotate_secret`, { signature_scheme: scheme }));
                return [
                  made.secret
                    ? h('div', { class: 'callout' }, h('p', {}, 'The new secret, shown this once: keep it in your receiver’s configuration.'), h('code', { class: 'wrap secret' }, made.secret))
                    : h('div', { class: 'callout' }, h('p', {}, 'The new public key:'), h('code', { class: 'wrap' }, made.public_key ?? '')),
                  h('p', {}, 'The previous one keeps signing beside it for 24 hours.'),
                ];
              });
            },
          },
          h('label', { for: 'rotate-scheme' }, 'New secret of scheme'),
          schemeChoice,
          h('button', { type: 'submit' }, 'Rotate secret'),
        )
      : null,
    rotated,
  );

  // Actions on the endpoint.
  const actionStatus = notice();
  const confirmDelete = h(
    'button',
    {
      type: 'button',
      class: 'danger',
      hidden: true,
      onclick: () =>
        report(actionStatus, async () => {
          await api('DELETE', path);
          location.assign('/portal/');
          return 'Deleted.';
        }),
    },
    'Yes, delete it',
  );
  const actions = manage
    ? h(
        'section',
        { 'aria-labelledby': 'actions' },
        h('h2', { id: 'actions' }, 'Actions'),
        h(
          'p',
          { class: 'buttons' },
          endpoint.status === 'active'
            ? h('button', { type: 'button', class: 'secondary', onclick: () => report(actionStatus, async () => (await api('POST', path, { status: 'disabled' }), reload(), 'Disabled.')) }, 'Disable')
            : h('button', { type: 'button', onclick: () => report(actionStatus, async () => (await api('POST', path, { status: 'active' }), reload(), 'Enabled.')) }, 'Enable'),
          h(
            'button',
            {
              type: 'button',
              class: 'danger',
              onclick: () => {
                confirmDelete.hidden = false;
                confirmDelete.focus();
                replace(actionStatus, 'Deleting stops every delivery to it at once. Are you sure?');
              },
            },
            'Delete…',
          ),
          confirmDelete,
        ),
        actionStatus,
        recoverForm(path),
      )
    : null;

  replace(
    main,
    h('p', { class: 'crumbs' }, h('a', { href: '/portal/' }, 'Endpoints')),
    h('h1', { class: 'wrap' }, endpoint.url),
    endpoint.description ? h('p', { class: 'description' }, endpoint.description) : null,
    healthSection,
    syncSection,
    test,
    log.section,
    settings,
    signing,
    actions,
  );
}

/**
 * "Recover a window": every signal of [since, until] the endpoint never had, sent again.
 * @param {string} path
 */
function recoverForm(path) {
  const status = notice();
  const since = h('input', { id: 'recover-since', type: 'datetime-local', required: true, step: 1 });
  const until = h('input', { id: 'recover-until', type: 'datetime-local', step: 1, 'aria-describedby': 'recover-until-hint' });
  return h(
    'form',
    {
      class: 'recover',
      onsubmit: (/** @type {Event} */ event) => {
        event.preventDefault();
        const value = (/** @type {HTMLElement} */ input) => /** @type {HTMLInputElement} */ (input).value;
        void report(status, async () => {
          const body = { since: instant(value(since)) ?? '', ...(value(until) ? { until: instant(value(until)) } : {}) };
          const recovery = /** @type {{ queued: number }} */ (await api('POST', `${path}/recover`, body));
          return `${recovery.queued} signal${recovery.queued === 1 ? '' : 's'} queued to be sent again.`;
        });
      },
    },
    h('h3', {}, 'Recover a window'),
    h('p', {}, 'Sends again every signal of the window that the endpoint receives and never had.'),
    h('div', { class: 'field' }, h('label', { for: 'recover-since' }, 'Since'), since),
    h('div', { class: 'field' }, h('label', { for: 'recover-until' }, 'Until'), until, h('p', { class: 'hint', id: 'recover-until-hint' }, 'Empty: until now.')),
    h('button', { type: 'submit' }, 'Recover'),
    status,
  );
}

/**
 * The attempts log, newest first, with its filters and a page at a time.
 * @param {Endpoint} endpoint
 * @param {SignalType[]} catalogue
 * @param {boolean} manage
 * @param {string} path
 */
function attemptsLog(endpoint, catalogue, manage, path) {
  const outcome = h('select', { id: 'filter-outcome' }, h('option', { value: '' }, 'Any'), h('option', { value: 'failed' }, 'Failed'), h('option', { value: 'succeeded' }, 'Succeeded'));
  const type = h('select', { id: 'filter-type' }, h('option', { value: '' }, 'Any'), catalogue.map((entry) => h('option', { value: entry.type }, entry.type)));
  const after = h('input', { id: 'filter-after', type: 'datetime-local', step: 1 });
  const before = h('input', { id: 'filter-before', type: 'datetime-local', step: 1 });
  const rows = h('tbody');
  const status = notice();
  const more = h('button', { type: 'button', class: 'secondary', hidden: true }, 'Older attempts');
  /** @type {string | undefined} */
  let last;

  const value = (/** @type {HTMLElement} */ input) => /** @type {HTMLInputElement} */ (input).value;
  async function load(/** @type {boolean} */ fresh) {
    /** @type {Record<string, string>} */
    const params = { limit: '20' };
    if (value(outcome)) params.outcome = value(outcome);
    if (value(type)) params.signal_type = value(type);
    const from = instant(value(after));
    const to = instant(value(before));
    if (from) params.created_after = from;
    if (to) params.created_before = to;
    if (!fresh && last) params.starting_after = last;
    try {
      const page = /** @type {import('../api.js').List<Attempt>} */ (await api('GET', `${path}/attempts?${new URLSearchParams(params)}`));
      if (fresh) rows.replaceChildren();
      for (const attempt of page.data) rows.append(attemptRow(attempt, endpoint, manage, path));
      last = page.data.at(-1)?.id;
      more.hidden = !page.has_more;
      replace(status, rows.childElementCount === 0 ? 'No attempts match.' : `${rows.childElementCount} attempt${rows.childElementCount === 1 ? '' : 's'} shown.`);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      replace(status, error.message);
    }
  }
  more.addEventListener('click', () => void load(false));
  void load(true);

  const section = h(
    'section',
    { 'aria-labelledby': 'attempts' },
    h('h2', { id: 'attempts' }, 'Attempts'),
    h(
      'form',
      {
        class: 'filters',
        onsubmit: (/** @type {Event} */ event) => {
          event.preventDefault();
          void load(true);
        },
      },
      h('div', { class: 'field' }, h('label', { for: 'filter-outcome' }, 'Outcome'), outcome),
      h('div', { class: 'field' }, h('label', { for: 'filter-type' }, 'Signal type'), type),
      h('div', { class: 'field' }, h('label', { for: 'filter-after' }, 'From'), after),
      h('div', { class: 'field' }, h('label', { for: 'filter-before' }, 'To'), before),
      h('button', { type: 'submit' }, 'Filter'),
    ),
    h(
      'div',
      { class: 'scroll', tabindex: 0, role: 'region', 'aria-labelledby': 'attempts' },
      h(
        'table',
        {},
        h('caption', { class: 'visually-hidden' }, 'Delivery attempts, newest first'),
        h(
          'thead',
          {},
          h('tr', {}, ['When', 'Outcome', 'Status', 'Time taken', 'Attempt', 'Signal', manage ? 'Action' : null].filter(Boolean).map((label) => h('th', { scope: 'col' }, label))),
        ),
        rows,
      ),
    ),
    status,
    more,
  );
  return { section, reload: () => load(true) };
}

/**
 * @param {Attempt} attempt
 * @param {Endpoint} endpoint
 * @param {boolean} manage
 * @param {string} path
 */
function attemptRow(attempt, endpoint, manage, path) {
  const said = h('span', { role: 'status' });
  return h(
    'tr',
    {},
    h('td', {}, link('/portal/attempt', { endpoint: endpoint.id, id: attempt.id }, when(attempt.attempted_at, 'short'))),
    h('td', {}, h('span', { class: `outcome ${attempt.outcome}` }, attempt.outcome === 'succeeded' ? 'Succeeded' : 'Failed')),
    h('td', {}, attempt.status_code === null ? attempt.error ?? 'No answer' : String(attempt.status_code)),
    h('td', {}, `${attempt.duration_ms} ms`),
    h('td', {}, String(attempt.attempt_number)),
    h('td', {}, h('code', {}, attempt.signal_id)),
    manage
      ? h(
          'td',
          {},
          // A test signal is in no history: there is nothing to send again.
          isTestSignal(attempt.signal_id) ? 'Test' : h(
            'button',
            {
              type: 'button',
              class: 'secondary small',
              'aria-label': `Send again (${attempt.signal_id})`,
              onclick: () =>
                report(said, async () => {
                  const resend = /** @type {{ queued: boolean }} */ (await api('POST', `${path}/resend`, { signal_id: attempt.signal_id }));
                  return resend.queued ? 'Queued.' : 'Already on its way.';
                }),
            },
            'Send again',
          ),
          said,
        )
      : null,
  );
}
