// @ts-check
// A live tail of the club's signals over the stream (server-sent events), newest first. The
// browser's EventSource reconnects by itself with Last-Event-ID, so nothing is missed.
import { code, h, notice, replace, when } from '../dom.js';

const SHOWN = 100;

/** @type {import('../app.js').Page} */
export async function tailPage(main, { session }) {
  if (!session.scopes.includes('signals:read')) {
    replace(main, h('h1', {}, 'Live tail'), h('p', {}, 'This session’s key lacks signals:read, so it cannot follow the club’s signals.'));
    return;
  }
  const list = h('ol', { class: 'tail', reversed: true });
  const status = notice();
  const stream = new EventSource('/portal/api/v1/signals/stream');
  stream.addEventListener('open', () => replace(status, 'Following the club’s signals as they are emitted.'));
  stream.addEventListener('error', () => replace(status, 'Connection lost; reconnecting…'));
  stream.addEventListener('watermark', (event) => replace(status, `Following: the club’s history is at #${/** @type {MessageEvent} */ (event).lastEventId}.`));
  stream.addEventListener('signal', (event) => {
    /** @type {unknown} */
    const parsed = JSON.parse(/** @type {MessageEvent<string>} */ (event).data);
    const signal = /** @type {import('../api.js').Signal} */ (parsed);
    list.prepend(
      h(
        'li',
        {},
        h(
          'details',
          {},
          h('summary', {}, `#${signal.sequence} `, h('code', {}, signal.type), ' ', h('code', {}, signal.data.object.id), ' · ', when(signal.created)),
          code(signal, `Signal ${signal.sequence}`),
        ),
      ),
    );
    while (list.childElementCount > SHOWN) list.lastElementChild?.remove();
  });
  addEventListener('pagehide', () => stream.close());
  replace(main, h('h1', {}, 'Live tail'), h('p', {}, `The club’s signals as they happen, newest first (the latest ${SHOWN}).`), status, list);
}
