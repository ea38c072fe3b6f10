// Verifying a delivery: the Standard Webhooks scheme the service signs with (docs/webhooks.md),
// checked by the `standardwebhooks` library, with its failures turned into one typed error whose
// `code` says which check failed.
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
  'No matching signature found': ['signature_mismatch', 'No signature matches the body with this secret (a wrong secret, or a body changed after it was received).'],
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

/**
 * The signal a delivery carries, once its signature (webhook-id, webhook-timestamp,
 * webhook-signature over the raw body) checks out with the endpoint's `whsec_` secret; throws
 * WebhookVerificationError otherwise. Needs the secret alone, no client and no API key. Pass the
 * body exactly as received, not re-serialized.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string): components['schemas']['Signal'] {
  let webhook: Webhook;
  try {
    webhook = new Webhook(secret);
  } catch {
    throw new TypeError('ClubData: the secret must be the endpoint’s whsec_ secret');
  }
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  let parsed: unknown;
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
  const signal = parsed as { object?: unknown; type?: unknown } | undefined;
  if (signal?.object !== 'signal' || typeof signal.type !== 'string') {
    throw new WebhookVerificationError('body_invalid', 'The delivery’s body is not a signal.');
  }
  return parsed as components['schemas']['Signal'];
}
