// Verifying a delivery: the Standard Webhooks schemes the service signs with (docs/webhooks.md),
// with failures turned into one typed error whose `code` says which check failed. A v1 endpoint's
// deliveries (its whsec_ secret) are checked by the `standardwebhooks` library; a v1a endpoint's
// (its whpk_ public key) by node:crypto's ed25519, with the same checks in the same order, as no
// reference library verifies v1a.
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { Webhook, WebhookVerificationError as LibraryError } from 'standardwebhooks';
import type { components } from './openapi.ts';

/** Node's IncomingHttpHeaders, a fetch Headers, or a plain record. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type WebhookFailure = 'headers_missing' | 'timestamp_invalid' | 'timestamp_too_old' | 'timestamp_too_new' | 'signature_mismatch' | 'body_invalid';

/** A delivery that must not be trusted; `code` says why. */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
  readonly code: WebhookFailure;

  constructor(code: WebhookFailure, message: string) {
    super(message);
    this.code = code;
  }
}

const LIBRARY_MESSAGES: Record<string, [WebhookFailure, string]> = {
  'Missing required headers': ['headers_missing', 'The webhook-id, webhook-timestamp and webhook-signature headers are all required.'],
  'Invalid Signature Headers': ['timestamp_invalid', 'The webhook-timestamp header is not a number of seconds.'],
  'Message timestamp too old': ['timestamp_too_old', 'The delivery was signed more than 5 minutes ago: a replay, or a clock far off.'],
  'Message timestamp too new': ['timestamp_too_new', 'The delivery was signed more than 5 minutes in the future: a clock far off.'],
  'No matching signature found': [
    'signature_mismatch',
    'No signature matches the body with this secret or public key (a wrong one, or a body changed after it was received).',
  ],
};

function plainHeaders(headers: WebhookHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? headers.entries() : Object.entries(headers);
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(' ') : String(value);
  }
  return out;
}

const PUBLIC_KEY_PREFIX = 'whpk_';
// An ed25519 public key in SubjectPublicKeyInfo: this DER prefix and its 32 bytes (RFC 8410).
const ED25519_SPKI_PREFIX = new Uint8Array([0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]);
/** How far a delivery's webhook-timestamp may be from now, as the standardwebhooks library allows. */
const TOLERANCE_SECONDS = 5 * 60;

function failure(libraryMessage: string): WebhookVerificationError {
  const [code, message] = LIBRARY_MESSAGES[libraryMessage]!;
  return new WebhookVerificationError(code, message);
}

function ed25519Key(publicKey: string): KeyObject {
  const raw = Buffer.from(publicKey.slice(PUBLIC_KEY_PREFIX.length), 'base64');
  if (raw.length !== 32 || raw.toString('base64') !== publicKey.slice(PUBLIC_KEY_PREFIX.length)) {
    throw new TypeError('ClubData: a whpk_ public key is whpk_ followed by the base64 of 32 bytes');
  }
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}

/** The body, once a v1a signature of the headers checks out with the public key. */
function verifyEd25519(body: string, headers: Record<string, string>, publicKey: string): unknown {
  const key = ed25519Key(publicKey);
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) throw failure('Missing required headers');
  const seconds = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || !Number.isSafeInteger(seconds)) throw failure('Invalid Signature Headers');
  const now = Math.floor(Date.now() / 1000);
  if (seconds < now - TOLERANCE_SECONDS) throw failure('Message timestamp too old');
  if (seconds > now + TOLERANCE_SECONDS) throw failure('Message timestamp too new');
  const content = Buffer.from(`${id}.${timestamp}.${body}`);
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    return version === 'v1a' && signature !== undefined && verify(null, content, key, Buffer.from(signature, 'base64'));
  });
  if (!matches) throw failure('No matching signature found');
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new WebhookVerificationError('body_invalid', 'The delivery’s body is not JSON.');
  }
}

/**
 * The signal a delivery carries, once its signature (webhook-id, webhook-timestamp,
 * webhook-signature over the raw body) checks out with the endpoint's `whsec_` secret (v1) or
 * its `whpk_` public key (v1a); throws WebhookVerificationError otherwise. Needs the secret or
 * key alone, no client and no API key. Pass the body exactly as received, not re-serialized.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string): components['schemas']['Signal'] {
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  let parsed: unknown;
  if (typeof secret === 'string' && secret.startsWith(PUBLIC_KEY_PREFIX)) {
    parsed = verifyEd25519(body, plainHeaders(headers), secret);
  } else {
    let webhook: Webhook;
    try {
      webhook = new Webhook(secret);
    } catch {
      throw new TypeError('ClubData: the secret must be the endpoint’s whsec_ secret, or its whpk_ public key');
    }
    try {
      parsed = webhook.verify(body, plainHeaders(headers));
    } catch (error) {
      if (error instanceof LibraryError) {
        const [code, message] = LIBRARY_MESSAGES[error.message] ?? ['signature_mismatch', error.message];
        throw new WebhookVerificationError(code, message);
      }
      // A signature that matched a body that is not JSON.
      throw new WebhookVerificationError('body_invalid', 'The delivery’s body is not JSON.');
    }
  }
  const signal = parsed as { object?: unknown; type?: unknown } | undefined;
  if (signal?.object !== 'signal' || typeof signal.type !== 'string') {
    throw new WebhookVerificationError('body_invalid', 'The delivery’s body is not a signal.');
  }
  return parsed as components['schemas']['Signal'];
}
