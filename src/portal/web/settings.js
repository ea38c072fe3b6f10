// @ts-check
// The form of an endpoint's settings, for adding one and for changing one: the same fields as
// the API's body, sent as the API takes them, and the API's own error shown beside the field it
// names. The portal checks nothing itself: the API's validation is the only one.
import { ApiFailure } from './api.js';
import { h, notice, replace } from './dom.js';

/**
 * @typedef {import('./api.js').Endpoint} Endpoint
 * @typedef {import('./api.js').SignalType} SignalType
 */

let formCount = 0;

/**
 * @param {{
 *   endpoint: Endpoint | null,
 *   scopes: string[],
 *   catalogue: SignalType[],
 *   submitLabel: string,
 *   submit: (body: Record<string, unknown>) => Promise<void>,
 * }} options
 */
export function settingsForm({ endpoint, scopes, catalogue, submitLabel, submit }) {
  const n = ++formCount;
  const id = (/** @type {string} */ name) => `f${n}-${name}`;
  const problem = notice('alert');
  problem.id = id('problem');

  const url = h('input', { id: id('url'), name: 'url', type: 'url', required: true, autocomplete: 'url', value: endpoint?.url ?? '', inputmode: 'url' });
  const description = h('input', { id: id('description'), name: 'description', type: 'text', value: endpoint?.description ?? '', maxlength: 500 });
  const chosenTypes = new Set(endpoint?.signal_types ?? ['*']);
  const typeBoxes = ['*', ...catalogue.map((entry) => entry.type)].map((type) =>
    h('input', { type: 'checkbox', name: 'signal_types', value: type, id: id(`type-${type}`), checked: chosenTypes.has(type) }),
  );
  // The scopes an endpoint can hold: those signals require (the catalogue's) that the session holds.
  const offered = [...new Set(catalogue.map((entry) => entry.scope))].filter((scope) => scopes.includes(scope));
  const chosenScopes = new Set(endpoint?.scopes ?? offered.filter((scope) => scope !== 'webhook_endpoints:write'));
  const scopeBoxes = offered.map((scope) => h('input', { type: 'checkbox', name: 'scopes', value: scope, id: id(`scope-${scope}`), checked: chosenScopes.has(scope) }));
  const ordering = h(
    'select',
    { id: id('ordering'), name: 'ordering' },
    h('option', { value: 'none', selected: endpoint?.ordering !== 'per_resource' }, 'None: fastest, any order'),
    h('option', { value: 'per_resource', selected: endpoint?.ordering === 'per_resource' }, 'Per record: each record’s signals in order'),
  );
  const maxInFlight = h('input', { id: id('max_in_flight'), name: 'max_in_flight', type: 'number', min: 1, max: 50, step: 1, value: endpoint?.max_in_flight ?? '' });
  const rateLimit = h('input', { id: id('rate_limit'), name: 'rate_limit', type: 'number', min: 0.01, step: 'any', value: endpoint?.rate_limit ?? '' });
  const scheme = h(
    'select',
    { id: id('signature_scheme'), name: 'signature_scheme' },
    h('option', { value: 'v1' }, 'v1: HMAC-SHA256 with a shared secret'),
    h('option', { value: 'v1a' }, 'v1a: ed25519, verified with a public key'),
  );
  const fields = /** @type {Record<string, HTMLElement>} */ ({ url, description, ordering, max_in_flight: maxInFlight, rate_limit: rateLimit, signature_scheme: scheme });

  const typeLabel = (/** @type {string} */ type) => {
    if (type === '*') return 'Every type, new ones included (*)';
    const entry = catalogue.find((item) => item.type === type);
    return entry ? `${type} (${entry.scope})` : type;
  };

  const typesField = h(
    'fieldset',
    { id: id('signal_types'), tabindex: -1 },
    h('legend', {}, 'Signal types'),
    h('div', { class: 'checks' }, typeBoxes.map((box) => h('label', { class: 'check' }, box, ' ', typeLabel(/** @type {HTMLInputElement} */ (box).value)))),
  );
  const scopesField = h(
    'fieldset',
    { id: id('scopes'), tabindex: -1 },
    h('legend', {}, 'Scopes (what the endpoint may receive)'),
    h('div', { class: 'checks' }, scopeBoxes.map((box) => h('label', { class: 'check' }, box, ' ', /** @type {HTMLInputElement} */ (box).value))),
  );
  fields.signal_types = typesField;
  fields.scopes = scopesField;

  const row = (/** @type {string} */ name, /** @type {string} */ label, /** @type {HTMLElement} */ control, /** @type {string} */ hint = '') =>
    h('div', { class: 'field' }, h('label', { for: control.id }, label), control, hint ? h('p', { class: 'hint', id: `${control.id}-hint` }, hint) : null);
  if (maxInFlight instanceof HTMLElement) maxInFlight.setAttribute('aria-describedby', `${id('max_in_flight')}-hint`);
  rateLimit.setAttribute('aria-describedby', `${id('rate_limit')}-hint`);

  const button = h('button', { type: 'submit' }, submitLabel);
  const form = h(
    'form',
    { class: 'settings', novalidate: true, 'aria-describedby': problem.id },
    row('url', 'URL', url),
    row('description', 'Description', description),
    typesField,
    scopesField,
    row('ordering', 'Ordering', ordering),
    row('max_in_flight', 'Requests at once', maxInFlight, 'At most this many requests to the endpoint at a time (1 to 50); empty: the default.'),
    row('rate_limit', 'Rate limit', rateLimit, 'At most this many requests a second; empty: no limit of yours.'),
    endpoint === null ? row('signature_scheme', 'Signature scheme', scheme) : null,
    problem,
    button,
  );

  form.addEventListener('submit', (event) => void save(event));

  /** @param {Event} event */
  async function save(event) {
    event.preventDefault();
    for (const field of Object.values(fields)) field.removeAttribute('aria-invalid');
    replace(problem);
    const body = readBody();
    if (Object.keys(body).length === 0) {
      replace(problem, 'Nothing changed.');
      return;
    }
    button.setAttribute('disabled', '');
    try {
      await submit(body);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      replace(problem, error.message);
      const field = error.error.param === undefined ? undefined : fields[error.error.param];
      if (field) {
        field.setAttribute('aria-invalid', 'true');
        field.focus();
      }
    } finally {
      button.removeAttribute('disabled');
    }
  }

  /** The body the API takes: on a change, only the fields that differ. */
  function readBody() {
    const value = (/** @type {HTMLElement} */ element) => /** @type {HTMLInputElement} */ (element).value;
    const checked = (/** @type {HTMLElement[]} */ boxes) =>
      boxes.map((box) => /** @type {HTMLInputElement} */ (box)).filter((box) => box.checked).map((box) => box.value);
    const number = (/** @type {HTMLElement} */ element) => (value(element).trim() === '' ? null : Number(value(element)));
    /** @type {Record<string, unknown>} */
    const body = {
      url: value(url),
      description: value(description),
      signal_types: checked(typeBoxes),
      scopes: checked(scopeBoxes),
      ordering: value(ordering),
      max_in_flight: number(maxInFlight),
      rate_limit: number(rateLimit),
    };
    if (endpoint === null) {
      body.signature_scheme = value(scheme);
      if (body.max_in_flight === null) delete body.max_in_flight;
      if (body.rate_limit === null) delete body.rate_limit;
      return body;
    }
    const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);
    const sorted = (/** @type {string[]} */ list) => [...list].sort();
    if (body.url === endpoint.url) delete body.url;
    if (body.description === endpoint.description) delete body.description;
    if (same(sorted(/** @type {string[]} */ (body.signal_types)), sorted(endpoint.signal_types))) delete body.signal_types;
    if (same(sorted(/** @type {string[]} */ (body.scopes)), sorted(endpoint.scopes))) delete body.scopes;
    if (body.ordering === endpoint.ordering) delete body.ordering;
    if (body.max_in_flight === endpoint.max_in_flight) delete body.max_in_flight;
    if (body.rate_limit === endpoint.rate_limit) delete body.rate_limit;
    return body;
  }

  return form;
}
