// Delivery signing on its own: what we sign must verify with the official Standard Webhooks
// library and with Svix's verifier, for one secret and during a rotation, and must stop
// verifying when the body or the time is off.
import { createHmac } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { describe, expect, it } from 'vitest';
import { generateSigningSecret } from '../../src/domain/secrets.ts';
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
