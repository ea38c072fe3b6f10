// @ts-check
// One attempt in full: the request as it was sent (its headers and the signal it carried, the
// stored copy, byte for byte what was posted), and the receiver's answer.
import { api, ApiFailure, isTestSignal } from '../api.js';
import { code, facts, h, link, notice, replace, report, when } from '../dom.js';

/**
 * The body the attempt posted: the stored signal, byte for byte; or why it cannot be shown.
 * @param {string} signalId
 * @returns {Promise<HTMLElement | string>}
 */
async function requestBody(signalId) {
  if (isTestSignal(signalId)) {
    return 'A test signal (type webhook_endpoint.test, sequence 0, the endpoint as its data.object): it is in no history, so it is not kept.';
  }
  try {
    return code(await api('GET', `/signals/${encodeURIComponent(signalId)}`), 'Request body');
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    return error.status === 404 ? 'The signal is no longer kept (signals are kept for a limited time).' : error.message;
  }
}

/** @type {import('../app.js').Page} */
export async function attemptPage(main, { manage, query }) {
  const endpointId = query.get('endpoint') ?? '';
  const path = `/webhook_endpoints/${encodeURIComponent(endpointId)}`;
  const [endpoint, attempt] = /** @type {[import('../api.js').Endpoint, import('../api.js').Attempt]} */ (
    await Promise.all([api('GET', path), api('GET', `${path}/attempts/${encodeURIComponent(query.get('id') ?? '')}`)])
  );
  const body = await requestBody(attempt.signal_id);
  const status = notice();
  const seconds = Math.floor(Date.parse(attempt.attempted_at) / 1000);
  replace(
    main,
    h('p', { class: 'crumbs' }, h('a', { href: '/portal/' }, 'Endpoints'), ' › ', link('/portal/endpoint', { id: endpoint.id }, endpoint.url)),
    h('h1', {}, `Attempt ${attempt.attempt_number} of signal `, h('code', {}, attempt.signal_id)),
    h(
      'section',
      { 'aria-labelledby': 'answer' },
      h('h2', { id: 'answer' }, 'Answer'),
      facts([
        ['Outcome', h('span', { class: `outcome ${attempt.outcome}` }, attempt.outcome === 'succeeded' ? 'Succeeded' : 'Failed')],
        ['Attempted at', when(attempt.attempted_at)],
        ['Status', attempt.status_code === null ? 'No answer' : String(attempt.status_code)],
        ['Error', attempt.error],
        ['Time taken', `${attempt.duration_ms} ms`],
      ]),
      h('h3', {}, 'Response body (the first part)'),
      attempt.response_excerpt ? code(attempt.response_excerpt, 'Response body') : h('p', {}, 'Empty.'),
    ),
    h(
      'section',
      { 'aria-labelledby': 'request' },
      h('h2', { id: 'request' }, 'Request'),
      facts([
        ['Method and URL (the endpoint’s now)', h('code', { class: 'wrap' }, `POST ${endpoint.url}`)],
        ['content-type', h('code', {}, 'application/json')],
        ['webhook-id', h('code', {}, attempt.signal_id)],
        ['webhook-timestamp', h('code', {}, `${seconds}`)],
        ['webhook-signature', `${endpoint.signature_scheme},… (made with the endpoint’s key when sent; not kept)`],
      ]),
      h('h3', {}, 'Body'),
      body,
    ),
    manage && !isTestSignal(attempt.signal_id)
      ? h(
          'p',
          {},
          h(
            'button',
            {
              type: 'button',
              onclick: () =>
                report(status, async () => {
                  const resend = /** @type {{ queued: boolean }} */ (await api('POST', `${path}/resend`, { signal_id: attempt.signal_id }));
                  return resend.queued ? 'Queued: it is sent again from the first attempt.' : 'Already on its way.';
                }),
            },
            'Send this signal again',
          ),
        )
      : null,
    status,
  );
}
