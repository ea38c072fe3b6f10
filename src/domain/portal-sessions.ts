// Portal sessions (docs/portal.md): the tokens of a single-use link and of the session it
// starts, each a prefix and 32 random bytes in base64url, stored only as SHA-256 hashes (as API
// keys are: with 256 bits of entropy, a fast hash is enough). The prefixes let the request log
// redact them wherever they appear.
import { createHash, randomBytes } from 'node:crypto';

export const PORTAL_LINK_PREFIX = 'cdpl_';
export const PORTAL_SESSION_PREFIX = 'cdps_';
/** How long a link may wait to be opened. */
export const PORTAL_LINK_TTL_MS = 10 * 60 * 1000;
/** How long a session lasts once its link is opened. */
export const PORTAL_SESSION_TTL_MS = 60 * 60 * 1000;
export const PORTAL_MODES = ['manage', 'read_only'] as const;
export type PortalMode = (typeof PORTAL_MODES)[number];

const TOKEN_PATTERN = /^cdp[ls]_[A-Za-z0-9_-]{43}$/;

export function generatePortalToken(prefix: typeof PORTAL_LINK_PREFIX | typeof PORTAL_SESSION_PREFIX): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** Whether a value has a portal token's shape (checked before any lookup). */
export function isWellFormedPortalToken(value: unknown, prefix: string): value is string {
  return typeof value === 'string' && value.startsWith(prefix) && TOKEN_PATTERN.test(value);
}

export function hashPortalToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
