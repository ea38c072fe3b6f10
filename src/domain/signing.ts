// Signs a delivery the Standard Webhooks way (docs/webhooks.md, "Verifying a delivery"): HMAC-SHA256 over
// `id.timestamp.body` with each of the endpoint's secrets, written `v1,<base64>` and joined by
// spaces. During a rotation the endpoint has two secrets (the new one first, then the old one
// for 24 hours), so a receiver holding either secret verifies the delivery.
//
// The signature comes from the official `standardwebhooks` library itself, so what we send is
// by construction what its verifier (and Svix's, which wraps it) checks. Pure: no clock, the
// caller passes the attempt's timestamp.
import { Webhook } from 'standardwebhooks';

export interface SignDeliveryInput {
  /** The signal id: the same `webhook-id` on every retry, so receivers can deduplicate. */
  signalId: string;
  /** Unix seconds of this attempt (a retry is signed afresh with its own time). */
  timestampSeconds: number;
  /** The exact bytes that are sent, as a string (UTF-8 on the wire). */
  body: string;
  /** `whsec_` secrets, current first, then the previous one during a rotation. */
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
  // The library strips `whsec_` and base64-decodes the rest into the HMAC key.
  const signatures = secrets.map((secret) => new Webhook(secret).sign(signalId, timestamp, body));
  return {
    'webhook-id': signalId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signatures.join(' '),
  };
}
