// The SDK's verifyWebhook with a v1a endpoint's public key (whpk_): what the worker signs with
// the signing key verifies, and each failing check has its own code, as for a whsec_ secret.
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../../sdk/src/index.ts';
import { generateSigningKey, generateSigningSecret } from '../../src/domain/secrets.ts';
import { signDelivery } from '../../src/domain/signing.ts';

const key = generateSigningKey();
const body = '{"id" : "sig_sdk", "object" : "signal", "type" : "customer.created", "data" : {"object" : {"first_name" : "Zoë"}}}';
const now = () => Math.floor(Date.now() / 1000);
const sign = (secrets: string[], timestampSeconds = now(), payload = body) => ({ ...signDelivery({ signalId: 'sig_sdk', timestampSeconds, body: payload, secrets }) });

/** The code of the WebhookVerificationError that verifying throws. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.code;
    throw error;
  }
  throw new Error('verified');
}

describe('verifyWebhook with a whpk_ public key', () => {
  it('returns the signal of a v1a delivery, from a string or the raw bytes, and during a rotation of either scheme', () => {
    expect(verifyWebhook(body, sign([key.signingKey]), key.publicKey)).toMatchObject({ id: 'sig_sdk', type: 'customer.created' });
    expect(verifyWebhook(Buffer.from(body), sign([key.signingKey]), key.publicKey)).toMatchObject({ id: 'sig_sdk' });
    const next = generateSigningKey();
    expect(verifyWebhook(body, sign([next.signingKey, key.signingKey]), key.publicKey)).toMatchObject({ id: 'sig_sdk' });
    const secret = generateSigningSecret();
    const switching = sign([key.signingKey, secret]);
    expect(verifyWebhook(body, switching, key.publicKey)).toMatchObject({ id: 'sig_sdk' });
    expect(verifyWebhook(body, switching, secret)).toMatchObject({ id: 'sig_sdk' });
  });

  it('refuses with the code of the check that failed', () => {
    expect(refusal(() => verifyWebhook(body, sign([key.signingKey]), generateSigningKey().publicKey))).toBe('signature_mismatch');
    expect(refusal(() => verifyWebhook(`${body} `, sign([key.signingKey]), key.publicKey))).toBe('signature_mismatch');
    // Only v1a entries count for a public key: a v1 signature is no ed25519 one.
    expect(refusal(() => verifyWebhook(body, sign([generateSigningSecret()]), key.publicKey))).toBe('signature_mismatch');
    expect(refusal(() => verifyWebhook(body, sign([key.signingKey], now() - 301), key.publicKey))).toBe('timestamp_too_old');
    expect(refusal(() => verifyWebhook(body, sign([key.signingKey], now() + 301), key.publicKey))).toBe('timestamp_too_new');
    expect(refusal(() => verifyWebhook(body, { ...sign([key.signingKey]), 'webhook-timestamp': '12x' }, key.publicKey))).toBe('timestamp_invalid');
    const { 'webhook-id': _id, ...noId } = sign([key.signingKey]);
    expect(refusal(() => verifyWebhook(body, noId, key.publicKey))).toBe('headers_missing');
    const notJson = 'not json';
    expect(refusal(() => verifyWebhook(notJson, sign([key.signingKey], now(), notJson), key.publicKey))).toBe('body_invalid');
  });

  it('refuses a whpk_ key that is not 32 bytes, as a programming error', () => {
    expect(() => verifyWebhook(body, sign([key.signingKey]), 'whpk_AAAA')).toThrow(TypeError);
  });
});
