// One log line per request, written when the response has gone, as Stripe's "canonical log
// lines": method, path, status, duration, request id and club in one record. Fastify's own
// request logging (a line when the request comes in and another when it ends) is off
// (app.ts, logController): two serialised, redacted lines per request were a quarter of
// the API's CPU under load (docs/benchmarks.md). Requests answered before routing (router
// and HTTP parser errors) write the same line through writeRequestLine.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '../domain/api-keys.ts';
import { PORTAL_LINK_PREFIX, PORTAL_SESSION_PREFIX } from '../domain/portal-sessions.ts';
import { SECRET_PREFIX, SIGNING_KEY_PREFIX } from '../domain/secrets.ts';

// An API key (cd_live_...), a webhook secret (whsec_...) or signing key (whsk_...), a portal link
// or session token (cdpl_..., cdps_...): what no log line may ever hold,
// wherever a client put it. The match runs to the end of the path or value, past any '/' (base64
// secrets contain them).
const SHAPED_SECRET = `(?:${API_KEY_PREFIX}|${SECRET_PREFIX}|${SIGNING_KEY_PREFIX}|${PORTAL_LINK_PREFIX}|${PORTAL_SESSION_PREFIX})[^?&#\\s'"]*`;
// Secrets of the configuration, which have no shape to look for (the operator password): each
// is looked for as itself, and as the Latin-1 reading of its UTF-8 bytes, which is what
// percent-decoding (decodeOnce) makes of them.
const configuredSecrets = new Set<string>();
let secretPattern = new RegExp(SHAPED_SECRET, 'gi');
const REDACTED = '[redacted]';

/**
 * Adds a secret of the configuration to what redactSecrets removes, in this process, wherever a
 * client puts it (a password pasted into a path).
 */
export function redactAlso(secret: string): void {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const form of [secret, Buffer.from(secret, 'utf8').toString('latin1')]) configuredSecrets.add(escape(form));
  // Longest first: one configured secret may contain another.
  const alternatives = [...configuredSecrets].sort((a, b) => b.length - a.length);
  secretPattern = new RegExp([SHAPED_SECRET, ...alternatives].join('|'), 'gi');
}

const ESCAPE = /%[0-9a-f]{2}/i;
// Readings decoded beyond the text itself: a key encoded up to three times is caught. A cap, as
// each reading costs a pass over the text and %252525... would need one per pair of characters.
const MAX_DECODES = 3;

/** A text as read after some decoding, each character with the index in the original text it was decoded from. */
interface Reading {
  text: string;
  /** One per character of text, and one more: the original text's length. */
  origins: number[];
}

/**
 * One percent-decoding pass: each valid %XX sequence becomes the character of that code, anything
 * else (an invalid sequence included) stays, so it never throws. Bytes of UTF-8 characters become
 * one character each: only the ASCII of keys and secrets is looked for.
 */
function decodeOnce({ text, origins }: Reading): Reading {
  let decoded = '';
  const next: number[] = [];
  for (let i = 0; i < text.length; i++) {
    next.push(origins[i]!);
    const escape = text[i] === '%' && ESCAPE.test(text.slice(i, i + 3));
    decoded += escape ? String.fromCharCode(parseInt(text.slice(i + 1, i + 3), 16)) : text[i];
    if (escape) i += 2;
  }
  next.push(origins[text.length]!);
  return { text: decoded, origins: next };
}

/**
 * The text with anything shaped like an API key or a webhook secret, and any secret of the
 * configuration (redactAlso), replaced by [redacted], however it is percent-encoded (`%63d_live_...`, `cd%5Flive_...`, twice over): the secret is
 * looked for in the text and in each successive decoding of it, and cut from the text as sent,
 * whose other characters stay as they were.
 */
export function redactSecrets(text: string): string {
  if (!text.includes('%')) return text.replace(secretPattern, REDACTED);
  const spans: [from: number, to: number][] = [];
  let reading: Reading = { text, origins: Array.from({ length: text.length + 1 }, (_, i) => i) };
  for (let decodes = 0; ; decodes++) {
    for (const match of reading.text.matchAll(secretPattern)) {
      spans.push([reading.origins[match.index]!, reading.origins[match.index + match[0].length]!]);
    }
    if (decodes === MAX_DECODES || !ESCAPE.test(reading.text)) break;
    reading = decodeOnce(reading);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let redacted = '';
  let end = 0;
  for (const [from, to] of spans) {
    if (from >= end) redacted += text.slice(end, from) + REDACTED;
    end = Math.max(end, to);
  }
  return redacted + text.slice(end);
}

/**
 * What the log records of a request URL: the path alone, like Stripe's logs, as sent (not
 * decoded) but for any secret in it. A query string can carry a key pasted by mistake
 * (`?api_key=`, refused by auth.ts) or personal data (`?email=`). Error messages that name the
 * path (404, 405) name it this way too.
 */
export function loggablePath(url: string): string {
  const query = url.indexOf('?');
  return redactSecrets(query === -1 ? url : url.slice(0, query));
}

interface RequestLine {
  reqId?: string;
  method?: string;
  path?: string;
  status: number;
  duration_ms?: number;
  club_id?: string | undefined;
  /** On a signal stream: the events it sent. */
  events?: number | undefined;
  /** Only on requests refused before routing, which leave no other line saying why: our code, */
  code?: string;
  /** and Node's (HPE_INVALID_METHOD, ERR_HTTP_REQUEST_TIMEOUT...). */
  cause?: string | undefined;
}

/**
 * The one request line: info; for a 5xx, error (the error handler logs its error), except a 503,
 * which we answer on purpose (a dependency is down, a DNS lookup may pass): a warning.
 */
export function writeRequestLine(log: FastifyBaseLogger, line: RequestLine): void {
  if (line.status === 503) log.warn(line, 'request');
  else if (line.status >= 500) log.error(line, 'request');
  else log.info(line, 'request');
}

/** The line of a request that went through Fastify, by the time its response has gone. */
export function describeRequest(request: FastifyRequest, reply: FastifyReply, durationMs: number): RequestLine {
  return {
    method: request.method,
    path: loggablePath(request.url),
    status: reply.statusCode,
    duration_ms: Math.round(durationMs * 10) / 10,
    club_id: request.principal?.clubId,
    events: lineNotes.get(request)?.events,
  };
}

const lineNotes = new WeakMap<FastifyRequest, Pick<RequestLine, 'events'>>();

/** Adds to the request's line what only its route knows (a stream's event count). */
export function noteOnRequestLine(request: FastifyRequest, notes: Pick<RequestLine, 'events'>): void {
  lineNotes.set(request, { ...lineNotes.get(request), ...notes });
}

export default fp(
  async function requestLog(app: FastifyInstance) {
    app.addHook('onResponse', (request, reply, done) => {
      writeRequestLine(request.log, describeRequest(request, reply, reply.elapsedTime));
      done();
    });
  },
  { name: 'request-log' },
);

// Request ids: `req_` and 16 base64url characters (12 random bytes), as unpredictable as one
// randomBytes(12) per request, taken from a pool filled 512 ids at a time (a system call per
// request was 3 to 4% of the API's CPU under load).
const ID_BYTES = 12;
const POOL_IDS = 512;
let pool = Buffer.alloc(0);
let offset = 0;

export function newRequestId(): string {
  if (offset + ID_BYTES > pool.length) {
    pool = randomBytes(ID_BYTES * POOL_IDS);
    offset = 0;
  }
  const id = `req_${pool.toString('base64url', offset, offset + ID_BYTES)}`;
  offset += ID_BYTES;
  return id;
}
