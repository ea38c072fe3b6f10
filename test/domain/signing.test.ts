// Delivery signing on its own: what we sign must verify with the official Standard Webhooks
// library and with Svix's verifier, for one secret and during a rotation, and must stop
// verifying when the body or the time is off.
import { createHmac, createPublicKey, verify as verifySignature } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { describe, expect, it } from 'vitest';
import { ed25519PrivateKey, generateSigningKey, generateSigningSecret, publicKeyOf } from '../../src/domain/secrets.ts';
import { signDelivery } from '../../src/domain/signing.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const body = JSON.stringify({
  id: 'sig_0001',
  object: 'signal',
  type: 'booking.created',
  data: { note: 'Café ☕ – 予約 🎾' },
});
const current = generateSigningSecret();
const previous = generateSigningSecret();

type Verifier = { name: string; verify: (secret: string, payload: string, headers: Record<string, string>) => unknown };
const verifiers: Verifier[] = [
  { name: 'standardwebhooks', verify: (secret, payload, headers) => new StandardWebhook(secret).verify(payload, headers) },
  { name: 'svix', verify: (secret, payload, headers) => new SvixWebhook(secret).verify(payload, headers) },
];

/** Our own HMAC, from the Standard Webhooks text, to check the library's output independently. */
function expectedSignature(secret: string, id: string, timestamp: number, payload: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return 'v1,' + createHmac('sha256', key).update(`${id}.${timestamp}.${payload}`, 'utf8').digest('base64');
}

describe('signDelivery', () => {
  it('sets webhook-id to the signal id and webhook-timestamp to the given seconds', () => {
    const headers = signDelivery({ signalId: 'sig_abc', timestampSeconds: 1_750_000_000, body, secrets: [current] });
    expect(Object.keys(headers).sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
    expect(headers['webhook-id']).toBe('sig_abc');
    expect(headers['webhook-timestamp']).toBe('1750000000');
  });

  it('signs HMAC-SHA256 of id.timestamp.body with the base64 key after whsec_', () => {
    const headers = signDelivery({ signalId: 'sig_abc', timestampSeconds: 1_750_000_000, body, secrets: [current] });
    expect(headers['webhook-signature']).toBe(expectedSignature(current, 'sig_abc', 1_750_000_000, body));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });

  it('writes one signature per secret, space-separated, current first', () => {
    const headers = signDelivery({ signalId: 'sig_abc', timestampSeconds: 1_750_000_000, body, secrets: [current, previous] });
    expect(headers['webhook-signature'].split(' ')).toEqual([
      expectedSignature(current, 'sig_abc', 1_750_000_000, body),
      expectedSignature(previous, 'sig_abc', 1_750_000_000, body),
    ]);
  });

  it('refuses to sign without a secret or with a timestamp that is not whole seconds', () => {
    expect(() => signDelivery({ signalId: 'sig_abc', timestampSeconds: nowSeconds(), body, secrets: [] })).toThrow();
    expect(() => signDelivery({ signalId: 'sig_abc', timestampSeconds: 1.5, body, secrets: [current] })).toThrow(RangeError);
  });

  for (const { name, verify } of verifiers) {
    describe(`verified by ${name}`, () => {
      it('verifies a delivery signed with one secret and returns the parsed body', () => {
        const headers = signDelivery({ signalId: 'sig_1', timestampSeconds: nowSeconds(), body, secrets: [current] });
        expect(verify(current, body, { ...headers })).toEqual(JSON.parse(body));
      });

      it('verifies a two-signature header with either secret alone', () => {
        const headers = signDelivery({ signalId: 'sig_2', timestampSeconds: nowSeconds(), body, secrets: [current, previous] });
        expect(verify(current, body, { ...headers })).toEqual(JSON.parse(body));
        expect(verify(previous, body, { ...headers })).toEqual(JSON.parse(body));
      });

      it('refuses a secret that signed nothing', () => {
        const headers = signDelivery({ signalId: 'sig_3', timestampSeconds: nowSeconds(), body, secrets: [current, previous] });
        expect(() => verify(generateSigningSecret(), body, { ...headers })).toThrow(/signature/i);
      });

      it('refuses a tampered body, even by one character', () => {
        const headers = signDelivery({ signalId: 'sig_4', timestampSeconds: nowSeconds(), body, secrets: [current] });
        expect(() => verify(current, body.replace('booking.created', 'booking.createe'), { ...headers })).toThrow(/signature/i);
        expect(() => verify(current, body + ' ', { ...headers })).toThrow(/signature/i);
      });

      it('refuses a changed webhook-id or webhook-timestamp', () => {
        const ts = nowSeconds();
        const headers = signDelivery({ signalId: 'sig_5', timestampSeconds: ts, body, secrets: [current] });
        expect(() => verify(current, body, { ...headers, 'webhook-id': 'sig_6' })).toThrow(/signature/i);
        expect(() => verify(current, body, { ...headers, 'webhook-timestamp': String(ts - 1) })).toThrow(/signature/i);
      });

      it('refuses a timestamp outside the five-minute tolerance, either way', () => {
        const old = signDelivery({ signalId: 'sig_7', timestampSeconds: nowSeconds() - 10 * 60, body, secrets: [current] });
        expect(() => verify(current, body, { ...old })).toThrow(/too old/i);
        const future = signDelivery({ signalId: 'sig_8', timestampSeconds: nowSeconds() + 10 * 60, body, secrets: [current] });
        expect(() => verify(current, body, { ...future })).toThrow(/too new/i);
      });
    });
  }
});

/** Whether an ed25519 signature verifies with node:crypto, from the whpk_ key's raw 32 bytes (RFC 8410's DER wrapping). */
function ed25519Verifies(publicKey: string, content: string, signature: string): boolean {
  const raw = Buffer.from(publicKey.replace(/^whpk_/, ''), 'base64');
  const key = createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]), format: 'der', type: 'spki' });
  return verifySignature(null, Buffer.from(content, 'utf8'), key, Buffer.from(signature, 'base64'));
}

describe('signDelivery with a v1a signing key', () => {
  const key = generateSigningKey();

  it('makes keys of 32 bytes each, the public one derived from the seed', () => {
    expect(key.signingKey).toMatch(/^whsk_[A-Za-z0-9+/]{43}=$/);
    expect(key.publicKey).toMatch(/^whpk_[A-Za-z0-9+/]{43}=$/);
    expect(publicKeyOf(key.signingKey)).toBe(key.publicKey);
    expect(generateSigningKey().signingKey).not.toBe(key.signingKey);
    expect(() => ed25519PrivateKey('whsk_' + Buffer.alloc(64).toString('base64'))).toThrow(/32 bytes/);
    expect(() => ed25519PrivateKey(generateSigningSecret())).toThrow(/whsk_/);
  });

  it('signs id.timestamp.body with ed25519, as v1a, verified by node:crypto with the public key alone', () => {
    const ts = nowSeconds();
    const headers = signDelivery({ signalId: 'sig_9', timestampSeconds: ts, body, secrets: [key.signingKey] });
    const [version, signature] = headers['webhook-signature'].split(',');
    expect(version).toBe('v1a');
    expect(Buffer.from(signature!, 'base64')).toHaveLength(64);
    expect(ed25519Verifies(key.publicKey, `sig_9.${ts}.${body}`, signature!)).toBe(true);
    expect(ed25519Verifies(key.publicKey, `sig_9.${ts}.${body} `, signature!)).toBe(false);
    expect(ed25519Verifies(generateSigningKey().publicKey, `sig_9.${ts}.${body}`, signature!)).toBe(false);
  });

  it('signs by each secret\'s own scheme during a switch: the new v1a key first, then the old v1 secret', () => {
    const ts = nowSeconds();
    const headers = signDelivery({ signalId: 'sig_10', timestampSeconds: ts, body, secrets: [key.signingKey, current] });
    const [ed25519, hmac] = headers['webhook-signature'].split(' ');
    expect(ed25519Verifies(key.publicKey, `sig_10.${ts}.${body}`, ed25519!.replace(/^v1a,/, ''))).toBe(true);
    expect(hmac).toBe(expectedSignature(current, 'sig_10', ts, body));
    // A v1 receiver still verifies with its secret: the library skips the entry it cannot use.
    expect(() => new StandardWebhook(current).verify(body, { ...headers })).not.toThrow();
  });
});
