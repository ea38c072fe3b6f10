// Webhook signing secrets: `whsec_` + base64 of 24 random bytes (docs/webhooks.md "Create"), stored only as
// AES-256-GCM ciphertext under a key from configuration, never in the clear and never logged.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

export function generateSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
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
