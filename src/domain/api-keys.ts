// API keys: `cd_live_` + 32 base62 characters. Only a SHA-256 hash is stored; a key has
// 190 bits of entropy, so a fast hash is enough (no password-style stretching needed).
import { createHash, randomInt } from 'node:crypto';

export const API_KEY_PREFIX = 'cd_live_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = /^cd_live_[0-9A-Za-z]{32}$/;

export function generateApiKey(): string {
  let body = '';
  for (let i = 0; i < 32; i++) body += ALPHABET[randomInt(ALPHABET.length)];
  return API_KEY_PREFIX + body;
}

export function isWellFormedApiKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}
