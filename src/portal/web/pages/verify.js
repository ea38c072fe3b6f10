// @ts-check
// How to verify a delivery's signature: with each endpoint's own secret or public key, in the
// SDK and in plain code.
import { api } from '../api.js';
import { code, h, link, replace } from '../dom.js';
import { VERIFY_V1, VERIFY_V1A, VERIFY_WITH_LIBRARY } from '../snippets.js';

const SDK = `import { verifyWebhook } from '@clubdata/sdk';

// rawBody: the body exactly as received; headers: the request's headers.
// key: the endpoint's whsec_ secret (v1) or its whpk_ public key (v1a).
const signal = verifyWebhook(rawBody, headers, key); // throws when the signature is not valid`;

/** @type {import('../app.js').Page} */
export async function verifyPage(main) {
  const endpoints = /** @type {import('../api.js').List<import('../api.js').Endpoint>} */ (await api('GET', '/webhook_endpoints'));
  replace(
    main,
    h('h1', {}, 'Verifying signatures'),
    h(
      'p',
      {},
      'Every delivery is signed as Standard Webhooks sign: the headers webhook-id, webhook-timestamp and webhook-signature. ',
      'Check the signature over the body exactly as received, before parsing it, and refuse a timestamp more than five minutes from now.',
    ),
    h('h2', {}, 'Your endpoints’ keys'),
    endpoints.data.length === 0
      ? h('p', {}, 'No endpoints yet.')
      : h(
          'ul',
          { class: 'cards' },
          endpoints.data.map((endpoint) =>
            h(
              'li',
              { class: 'card' },
              h('h3', {}, link('/portal/endpoint', { id: endpoint.id }, endpoint.url)),
              endpoint.signature_scheme === 'v1a'
                ? [h('p', {}, 'Signs with ed25519 (v1a). Verify with this public key:'), h('code', { class: 'wrap' }, endpoint.public_key ?? '')]
                : h(
                    'p',
                    {},
                    'Signs with HMAC-SHA256 (v1) under its secret (whsec_…), which was shown once, when the endpoint was added or its secret rotated. ',
                    'Lost it? Rotate the secret on the endpoint’s page: the old one keeps signing for 24 hours beside the new one.',
                  ),
            ),
          ),
        ),
    h('h2', {}, 'With the SDK (v1 and v1a)'),
    code(SDK, 'Verifying with the SDK'),
    h('h2', {}, 'With a Standard Webhooks library (v1)'),
    code(VERIFY_WITH_LIBRARY, 'Verifying with the standardwebhooks library'),
    h('h2', {}, 'In plain code: v1, with node:crypto'),
    code(VERIFY_V1, 'Verifying v1 with node:crypto'),
    h('h2', {}, 'In plain code: v1a, with node:crypto'),
    code(VERIFY_V1A, 'Verifying v1a with node:crypto'),
  );
}
