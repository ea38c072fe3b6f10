// Signs a delivery the Standard Webhooks way (docs/webhooks.md, "Verifying a delivery"): the
// content `id.timestamp.body`, signed with each of the endpoint's secrets and joined by spaces.
// During a rotation the endpoint has two secrets (the new one first, then the old one for 24
// hours), so a receiver holding either verifies the delivery. Each secret signs by its own
// scheme, which its prefix names:
// - `whsec_` (v1): HMAC-SHA256, written `v1,<base64>`. The signature comes from the official
//   `standardwebhooks` library itself, so what we send is by construction what its verifier
//   (and Svix's, which wraps it) checks;
// - `whsk_` (v1a): ed25519 (RFC 8032) with node:crypto, written `v1a,<base64 of 64 bytes>`. No
//   reference library signs v1a; docs/webhooks.md publishes test vectors that this reproduces.
// Pure: no clock, the caller passes the attempt's timestamp.
import { sign } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { memoize } from './memo.ts';
import { ed25519PrivateKey, SIGNING_KEY_PREFIX } from './secrets.ts';

export interface SignDeliveryInput {
  /** The signal id: the same `webhook-id` on every retry, so receivers can deduplicate. */
  signalId: string;
  /** Unix seconds of this attempt (a retry is signed afresh with its own time). */
  timestampSeconds: number;
  /** The exact bytes that are sent, as a string (UTF-8 on the wire). */
  body: string;
  /** `whsec_` secrets or `whsk_` signing keys, current first, then the previous one during a rotation. */
  secrets: readonly string[];
}

// A type alias, not an interface, so it can be passed wherever a header record is taken.
export type DeliveryHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** The three Standard Webhooks headers of one delivery attempt. */
export function signDelivery({ signalId, timestampSeconds, body, secrets }: SignDeliveryInput): DeliveryHeaders {
  if (secrets.length === 0) throw new Error('a delivery needs at least one signing secret');
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new RangeError(`timestampSeconds must be whole Unix seconds (got ${timestampSeconds})`);
  }
  const timestamp = new Date(timestampSeconds * 1000);
  const signatures = secrets.map((secret) =>
    secret.startsWith(SIGNING_KEY_PREFIX)
      ? `v1a,${sign(null, Buffer.from(`${signalId}.${timestampSeconds}.${body}`), privateKeyOf(secret)).toString('base64')}`
      : // The library strips `whsec_` and base64-decodes the rest into the HMAC key.
        new Webhook(secret).sign(signalId, timestamp, body),
  );
  return {
    'webhook-id': signalId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signatures.join(' '),
  };
}

/** The private key of a signing key, parsed once per process (a DER import at every attempt would cost as much as the signature). */
const privateKeyOf = memoize(ed25519PrivateKey);
