// The outbound POST of one delivery attempt (docs/webhooks.md, "What a delivery is"). It never throws for
// anything the receiver, the network or DNS does: every attempt ends in an AttemptOutcome the
// worker records and turns into success, a retry or a disabled endpoint.
//
// Rules this file enforces:
// - The body goes out byte for byte as given, with `content-type: application/json`.
// - Redirects are never followed: a 3xx is a failure of kind `redirect`.
// - One deadline (`timeoutMs`) covers DNS, connect, headers and the body read. The status line
//   decides the outcome; the body is read only for the 1 KiB excerpt, at most 64 KiB of it, and
//   a body still arriving at the deadline is cut off, so a huge or slow body cannot hold the
//   worker.
// - With guard `public-only` (outside development mode) a socket only ever opens to an address
//   that was checked: the Agent's own DNS lookup resolves the host, refuses it when ANY address
//   is not public, and hands exactly the checked addresses to the socket. There is no second
//   lookup between check and connect, so a DNS rebind cannot slip in. Literal IP hosts skip
//   DNS and are checked before connecting.
// - One keep-alive Agent per guard, shared by all attempts of the process. A reused connection
//   goes to the address checked when it was opened.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { STATUS_CODES } from 'node:http';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import { isPublicAddress } from '../domain/network-addresses.ts';

/** `public-only` refuses non-public addresses (production); `allow-private` lets a developer deliver to localhost. */
export type AddressGuard = 'public-only' | 'allow-private';

export type AttemptKind = 'success' | 'http_error' | 'timeout' | 'network_error' | 'refused_address' | 'redirect';

export interface AttemptOutcome {
  kind: AttemptKind;
  /** The receiver's status code, or null when no response arrived. */
  statusCode: number | null;
  /** From the start of the attempt (DNS included) to the end of the excerpt read. */
  durationMs: number;
  /** The first 1 KiB of the response body as UTF-8 (invalid bytes replaced, NUL removed); '' when none. */
  responseExcerpt: string;
  /** Why the attempt failed, for people; null on success. */
  error: string | null;
  /** What a 429 or 503 asked for in Retry-After, in ms from now; null otherwise. */
  retryAfterMs: number | null;
  /** The receiver answered 410 Gone: the endpoint is to be disabled at once. */
  gone: boolean;
}

/** The guard for the environment: private addresses are refused outside development (docs/webhooks.md). */
export function addressGuardOf(environment: 'development' | 'production'): AddressGuard {
  return environment === 'development' ? 'allow-private' : 'public-only';
}

export interface PostDeliveryInput {
  url: string;
  /** Extra headers (the webhook-* signature headers); names are matched case-insensitively. */
  headers: Readonly<Record<string, string>>;
  /** The exact body, sent as its UTF-8 bytes. */
  body: string;
  timeoutMs: number;
  guard: AddressGuard;
}

export const USER_AGENT = 'ClubDataService-Webhooks/1.0';
/** How much of a response body is kept for the attempt record. */
export const EXCERPT_BYTES = 1024;
/** How much of a response body is read at most; past this the connection is dropped. */
export const MAX_BODY_READ_BYTES = 64 * 1024;
// A backstop only: the attempt's own deadline aborts sooner in every normal configuration.
const CONNECT_TIMEOUT_MS = 60_000;

const REFUSED_ADDRESS = 'ERR_ADDRESS_NOT_PUBLIC';

/** A host resolved to, or is, an address the guard refuses; raised before any socket opens. */
class RefusedAddressError extends Error {
  readonly code = REFUSED_ADDRESS;
  readonly address: string;
  readonly hostname: string | null;

  constructor(address: string, hostname: string | null) {
    super(
      hostname === null || hostname === address
        ? `address ${address} is not public`
        : `address ${address} of host ${hostname} is not public`,
    );
    this.name = 'RefusedAddressError';
    this.address = address;
    this.hostname = hostname;
  }
}

export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

const resolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, order: 'verbatim' }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

function wantedFamily(family: number | 'IPv4' | 'IPv6' | undefined): 0 | 4 | 6 {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}

/**
 * A `lookup` for sockets that resolves the host, refuses it when any address is not public,
 * and answers with exactly the addresses it checked. Exported so the pinning rule can be
 * tested with a fake resolver; `resolve` defaults to dns.lookup.
 */
export function createGuardedLookup(resolve: ResolveAll = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((entry) => !isPublicAddress(entry.address));
        if (refused) return callback(new RefusedAddressError(refused.address, hostname), '', 0);
        const family = wantedFamily(options.family);
        const usable = addresses.filter((entry) => family === 0 || entry.family === family);
        const first = usable[0];
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`host ${hostname} has no address`);
          error.code = 'ENOTFOUND';
          return callback(error, '', 0);
        }
        if (options.all) return callback(null, usable);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

function unbracket(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function createConnector(guard: AddressGuard): buildConnector.connector {
  // HTTP/1.1 only: what receivers expect from a webhook sender, and one code path to reason about.
  const connect = buildConnector({
    timeout: CONNECT_TIMEOUT_MS,
    allowH2: false,
    ...(guard === 'public-only' ? { lookup: createGuardedLookup() } : {}),
  });
  if (guard === 'allow-private') return connect;
  return (options, callback) => {
    // net.connect never calls `lookup` for a literal IP, so those are checked here.
    const host = unbracket(options.hostname);
    if (isIP(host) !== 0 && !isPublicAddress(host)) {
      callback(new RefusedAddressError(host, null), null);
      return;
    }
    connect(options, callback);
  };
}

const agents = new Map<AddressGuard, Agent>();

function agentFor(guard: AddressGuard): Agent {
  let agent = agents.get(guard);
  if (!agent) {
    agent = new Agent({ connect: createConnector(guard), keepAliveTimeout: 4_000, keepAliveMaxTimeout: 60_000 });
    agents.set(guard, agent);
  }
  return agent;
}

/** Closes the shared connections (graceful shutdown of a worker, end of a test file). */
export async function closeDeliveryAgents(): Promise<void> {
  const open = [...agents.values()];
  agents.clear();
  await Promise.all(open.map((agent) => agent.close()));
}

/** Retry-After as seconds or an HTTP-date, in ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | null {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return null;
  if (/^\d+$/.test(raw)) return Number(raw) * 1000;
  // An HTTP-date has a weekday and a zone; a bare number like "1.5" is neither form.
  if (!/[a-z]/i.test(raw)) return null;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The first EXCERPT_BYTES of the body, reading at most MAX_BODY_READ_BYTES; never throws. */
async function readExcerpt(body: Dispatcher.ResponseData['body']): Promise<{ bytes: Buffer; truncated: boolean }> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let readBytes = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      readBytes += chunk.length;
      if (keptBytes < EXCERPT_BYTES) {
        const part = chunk.subarray(0, EXCERPT_BYTES - keptBytes);
        kept.push(part);
        keptBytes += part.length;
      }
      // Leaving the loop destroys the stream and with it the connection.
      if (readBytes >= MAX_BODY_READ_BYTES) break;
    }
  } catch {
    // The deadline or the receiver cut the body short: the excerpt is what arrived.
  }
  return { bytes: Buffer.concat(kept), truncated: readBytes > keptBytes };
}

/** Bytes for a text column: UTF-8 with invalid bytes replaced, no NUL (PostgreSQL text refuses it). */
function decodeExcerpt(bytes: Buffer, truncated: boolean): string {
  // `stream: true` holds back a character cut in half at the excerpt's end instead of mangling it.
  const text = new TextDecoder('utf-8').decode(bytes, { stream: truncated });
  return text.replaceAll('\u0000', '');
}

function statusText(statusCode: number): string {
  const reason = STATUS_CODES[statusCode];
  return reason ? `HTTP ${statusCode} ${reason}` : `HTTP ${statusCode}`;
}

/** Walks an error, its causes and an AggregateError's members. */
function* errorChain(error: unknown, depth = 0): Generator<NodeJS.ErrnoException> {
  if (!(error instanceof Error) || depth > 5) return;
  yield error;
  if (error instanceof AggregateError) for (const inner of error.errors) yield* errorChain(inner, depth + 1);
  if (error.cause) yield* errorChain(error.cause, depth + 1);
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the receiver',
  EPIPE: 'connection closed by the receiver while sending',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'DNS lookup failed (temporary)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'connection closed by the receiver',
};

type Failure = Pick<AttemptOutcome, 'kind' | 'error'>;

function classifyError(error: unknown, url: URL): Failure {
  const chain = [...errorChain(error)];
  const refused = chain.find((e) => e.code === REFUSED_ADDRESS);
  if (refused) return { kind: 'refused_address', error: refused.message };
  const timeout = chain.find((e) => e.code === 'UND_ERR_CONNECT_TIMEOUT' || e.code === 'ETIMEDOUT');
  if (timeout) return { kind: 'timeout', error: `could not connect to ${url.host} in time` };
  const known = chain.find((e) => e.code !== undefined && NETWORK_ERRORS[e.code] !== undefined);
  if (known) return { kind: 'network_error', error: `${NETWORK_ERRORS[known.code!]} (${known.code})` };
  const tls = chain.find((e) => e.code?.startsWith('ERR_TLS') || /certificate|ssl|tls/i.test(e.message));
  if (tls) return { kind: 'network_error', error: `TLS error: ${tls.message}` };
  const first = chain[0];
  return { kind: 'network_error', error: first ? `${first.message}${first.code ? ` (${first.code})` : ''}` : String(error) };
}

/** POSTs one delivery and reports how it went; never throws for the receiver's behaviour. */
export async function postDelivery(input: PostDeliveryInput): Promise<AttemptOutcome> {
  const started = performance.now();
  const finish = (fields: Partial<AttemptOutcome> & Pick<AttemptOutcome, 'kind'>): AttemptOutcome => ({
    statusCode: null,
    responseExcerpt: '',
    error: null,
    retryAfterMs: null,
    gone: false,
    ...fields,
    durationMs: Math.round(performance.now() - started),
  });

  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return finish({ kind: 'network_error', error: 'the endpoint URL is not a valid URL' });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return finish({ kind: 'network_error', error: `the endpoint URL uses ${url.protocol}, not http or https` });
  }
  // A literal IP is refused here without touching the network (the connector checks it again).
  const literal = unbracket(url.hostname);
  if (input.guard === 'public-only' && isIP(literal) !== 0 && !isPublicAddress(literal)) {
    return finish({ kind: 'refused_address', error: new RefusedAddressError(literal, null).message });
  }

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) headers[name.toLowerCase()] = value;
  headers['content-type'] = 'application/json';
  headers['user-agent'] = USER_AGENT;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`timed out after ${input.timeoutMs} ms`));
  }, input.timeoutMs);
  try {
    const response = await request(url, {
      dispatcher: agentFor(input.guard),
      method: 'POST',
      headers,
      body: Buffer.from(input.body, 'utf8'),
      signal: controller.signal,
    });
    const { bytes, truncated } = await readExcerpt(response.body);
    const statusCode = response.statusCode;
    const responseExcerpt = decodeExcerpt(bytes, truncated);
    if (statusCode >= 200 && statusCode < 300) return finish({ kind: 'success', statusCode, responseExcerpt });
    if (statusCode >= 300 && statusCode < 400) {
      return finish({ kind: 'redirect', statusCode, responseExcerpt, error: `redirect (${statusCode}) not followed` });
    }
    // Only these two statuses mean "come back later" (docs/webhooks.md, "Answering, retries and disabling"); elsewhere the header is ignored.
    const retryAfterMs = statusCode === 429 || statusCode === 503 ? parseRetryAfter(response.headers['retry-after']) : null;
    return finish({
      kind: 'http_error',
      statusCode,
      responseExcerpt,
      error: statusText(statusCode),
      retryAfterMs,
      gone: statusCode === 410,
    });
  } catch (error) {
    if (timedOut) return finish({ kind: 'timeout', error: `timed out after ${input.timeoutMs} ms` });
    return finish(classifyError(error, url));
  } finally {
    clearTimeout(timer);
  }
}
