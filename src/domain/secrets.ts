// Webhook signing secrets, stored only as AES-256-GCM ciphertext under a key from configuration,
// never in the clear and never logged (docs/webhooks.md "Create", "Verifying a delivery"):
// - scheme v1 (HMAC-SHA256): `whsec_` + base64 of 24 random bytes, shown to the owner once;
// - scheme v1a (ed25519): a signing key `whsk_` + base64 of the 32-byte RFC 8032 seed, which
//   never leaves the service, and its public key `whpk_` + base64 of the 32-byte RFC 8032 public
//   key, which the endpoint shows to anyone who may read it.
// A sealed secret's prefix says its scheme, as Standard Webhooks intends: a previous secret
// kept through a rotation signs by its own scheme, whatever the endpoint's is now.
import { createCipheriv, createDecipheriv, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
export const SIGNING_KEY_PREFIX = 'whsk_';
export const PUBLIC_KEY_PREFIX = 'whpk_';

export const SIGNATURE_SCHEMES = ['v1', 'v1a'] as const;
export type SignatureScheme = (typeof SIGNATURE_SCHEMES)[number];

export function generateSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

// An ed25519 private key in PKCS #8 is this DER prefix and the 32-byte seed (RFC 8410); its
// public key in SubjectPublicKeyInfo, this prefix and the 32-byte key.
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const ED25519_KEY_BYTES = 32;

/** The private key a `whsk_` signing key names; throws on anything else. */
export function ed25519PrivateKey(signingKey: string): KeyObject {
  const seed = decodeKey(signingKey, SIGNING_KEY_PREFIX);
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/** The `whpk_` public key of a `whsk_` signing key. */
export function publicKeyOf(signingKey: string): string {
  const spki = createPublicKey(ed25519PrivateKey(signingKey)).export({ format: 'der', type: 'spki' });
  return PUBLIC_KEY_PREFIX + spki.subarray(ED25519_SPKI_PREFIX.length).toString('base64');
}

function decodeKey(value: string, prefix: string): Buffer {
  const raw = value.startsWith(prefix) ? Buffer.from(value.slice(prefix.length), 'base64') : Buffer.alloc(0);
  if (raw.length !== ED25519_KEY_BYTES || raw.toString('base64') !== value.slice(prefix.length)) {
    throw new TypeError(`not a ${prefix} key: ${prefix} followed by the base64 of ${ED25519_KEY_BYTES} bytes`);
  }
  return raw;
}

/** A new v1a signing key and its public key. */
export function generateSigningKey(): { signingKey: string; publicKey: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' });
  const signingKey = SIGNING_KEY_PREFIX + pkcs8.subarray(ED25519_PKCS8_PREFIX.length).toString('base64');
  return { signingKey, publicKey: publicKeyOf(signingKey) };
}

/**
 * A new secret of the scheme: what is sealed and signs, what the owner is shown once (the v1
 * secret; nothing for v1a, whose key stays here), and the public key the endpoint shows (v1a).
 */
export function generateEndpointSecret(scheme: SignatureScheme): { secret: string; shown: string | null; publicKey: string | null } {
  if (scheme === 'v1') {
    const secret = generateSigningSecret();
    return { secret, shown: secret, publicKey: null };
  }
  const { signingKey, publicKey } = generateSigningKey();
  return { secret: signingKey, shown: null, publicKey };
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Seals and opens secrets with one 32-byte key. Ciphertext layout: iv | tag | encrypted. */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('the webhook secret key must be 32 bytes');
    this.#key = key;
  }

  seal(secret: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const encrypted = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), encrypted]);
  }

  open(sealed: Buffer): string {
    const decipher = createDecipheriv('aes-256-gcm', this.#key, sealed.subarray(0, IV_BYTES));
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  // Never print the key, whatever logs the box.
  toJSON(): string {
    return '[SecretBox]';
  }
}
