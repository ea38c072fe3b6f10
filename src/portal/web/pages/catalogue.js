// @ts-check
// The signal catalogue: every type, the scope it needs, what it says happened, its schema, and
// an example: the club's latest signal of the type when the session may read signals and there
// is one, else an example made from the schema.
import { api } from '../api.js';
import { code, h, replace } from '../dom.js';

/**
 * The parts of a JSON Schema an example is made from.
 * @typedef {{
 *   examples?: unknown[], const?: unknown, enum?: unknown[], anyOf?: Schema[], oneOf?: Schema[],
 *   type?: string | string[], properties?: Record<string, Schema>, items?: Schema, format?: string, minimum?: number
 * }} Schema
 */

/**
 * A value of the schema's shape: its example, const or first enum value when it has one, else
 * a placeholder of its type.
 * @param {Schema} schema
 * @returns {unknown}
 */
function exampleOf(schema) {
  if (Array.isArray(schema.examples)) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return exampleOf(options.find((option) => option.type !== 'null') ?? options[0] ?? {});
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, exampleOf(property)]));
    case 'array':
      return schema.items ? [exampleOf(schema.items)] : [];
    case 'string':
      return schema.format === 'date-time' ? '2026-01-01T12:00:00.000Z' : schema.format === 'date' ? '2026-01-01' : 'string';
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/** @type {import('../app.js').Page} */
export async function cataloguePage(main, { session }) {
  const catalogue = /** @type {import('../api.js').List<import('../api.js').SignalType>} */ (await api('GET', '/signal_types'));
  /** @type {Map<string, import('../api.js').Signal>} */
  const latest = new Map();
  if (session.scopes.includes('signals:read')) {
    const recent = /** @type {import('../api.js').List<import('../api.js').Signal>} */ (await api('GET', '/signals?order=desc&limit=100'));
    for (const signal of recent.data) if (!latest.has(signal.type)) latest.set(signal.type, signal);
  }
  replace(
    main,
    h('h1', {}, 'Signal catalogue'),
    h('p', {}, 'Every type of signal, the scope an endpoint needs to receive it, and what its data.object holds.'),
    h(
      'nav',
      { 'aria-label': 'Signal types' },
      h('ul', { class: 'types' }, catalogue.data.map((entry) => h('li', {}, h('a', { href: `#${entry.type}` }, entry.type)))),
    ),
    catalogue.data.map((entry) => {
      const real = latest.get(entry.type);
      return h(
        'section',
        { id: entry.type, class: 'card', 'aria-labelledby': `${entry.type}-title` },
        h('h2', { id: `${entry.type}-title` }, h('code', {}, entry.type)),
        h('p', {}, entry.description),
        h('p', {}, 'Scope: ', h('code', {}, entry.scope)),
        h('details', {}, h('summary', {}, 'Schema of data.object'), code(entry.schema, `Schema of ${entry.type}`)),
        h(
          'details',
          {},
          h('summary', {}, real ? 'Example: the club’s latest' : 'Example, made from the schema'),
          code(real ?? { id: 'sig_…', object: 'signal', type: entry.type, sequence: 1, data: { object: exampleOf(/** @type {Schema} */ (entry.schema)) } }, `Example of ${entry.type}`),
        ),
      );
    }),
  );
}
