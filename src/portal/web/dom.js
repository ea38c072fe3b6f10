// @ts-check
// Building the page: elements made with createElement, text put in as text nodes. Nothing is
// ever parsed as HTML, so stored data (an endpoint's description, a receiver's answer) always
// shows as the characters it is, `<script>` included.
import { ApiFailure } from './api.js';

/**
 * @typedef {string | number | Node | null | undefined | false} Child
 * @typedef {Child | Child[] | (Child | Child[])[]} Children
 */

/**
 * An element with attributes (a function for `on…` is a listener; true is a bare attribute;
 * null, undefined and false are left out) and children (text or nodes).
 * @param {string} tag
 * @param {Record<string, unknown>} [attributes]
 * @param {...Children} children
 * @returns {HTMLElement}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') element.addEventListener(name.slice(2), /** @type {EventListener} */ (value));
    else element.setAttribute(name, value === true ? '' : typeof value === 'string' ? value : JSON.stringify(value));
  }
  append(element, children);
  return element;
}

/**
 * @param {Element} element
 * @param {Children[]} children
 */
export function append(element, children) {
  for (const child of /** @type {Child[]} */ (children.flat(2))) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'object' ? child : String(child));
  }
}

/**
 * Replaces an element's content.
 * @param {Element} element
 * @param {...Children} children
 */
export function replace(element, ...children) {
  element.replaceChildren();
  append(element, children);
}

/**
 * A definition list of label and value pairs; a null value shows as "—".
 * @param {[string, Children][]} pairs
 */
export function facts(pairs) {
  return h('dl', { class: 'facts' }, pairs.map(([label, value]) => [h('dt', {}, label), h('dd', {}, value === null || value === undefined ? '—' : value)]));
}

/**
 * A timestamp as the reader's local time, in a <time> holding the UTC value; "—" for null.
 * @param {string | null | undefined} iso
 * @param {'medium' | 'short'} [dateStyle] short in tables
 */
export function when(iso, dateStyle = 'medium') {
  if (!iso) return '—';
  const date = new Date(iso);
  return h('time', { datetime: iso, title: iso }, date.toLocaleString(undefined, { dateStyle, timeStyle: 'medium' }));
}

/**
 * A JSON value, pretty-printed in a labelled, keyboard-scrollable block.
 * @param {unknown} value
 * @param {string} label
 */
export function code(value, label) {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return h('pre', { class: 'code', tabindex: 0, role: 'region', 'aria-label': label }, h('code', {}, text));
}

/**
 * A status line that screen readers announce when it changes.
 * @param {string} [role] "status" (polite) or "alert" (at once)
 */
export function notice(role = 'status') {
  return h('p', { class: 'notice', role, 'aria-live': role === 'alert' ? 'assertive' : 'polite' });
}

/**
 * A percentage with one decimal, or "—".
 * @param {number | null} rate
 */
export function percent(rate) {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)} %`;
}

/**
 * A link within the portal.
 * @param {string} path
 * @param {Record<string, string>} query
 * @param {...Children} children
 */
export function link(path, query, ...children) {
  const search = new URLSearchParams(query).toString();
  return h('a', { href: search ? `${path}?${search}` : path }, ...children);
}

/**
 * Runs a change from a control, saying what came of it in `status`: what `change` resolves to,
 * or the API's own message when it refuses.
 * @param {HTMLElement} status
 * @param {() => Promise<Children>} change
 */
export async function report(status, change) {
  replace(status, 'Working…');
  try {
    replace(status, await change());
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    replace(status, error.message);
  }
}
