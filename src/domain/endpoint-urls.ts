// Which URLs a webhook endpoint may be registered with (decisions.md "Webhook endpoints"): https,
// or plain http to a loopback host while the server runs in development mode, so a receiver on
// the developer's own machine can be tried without a certificate. checkEndpointUrl is pure.
// checkEndpointHost adds, outside development mode, the one check that needs DNS: the host must
// be public (docs/webhooks.md "Create"). DNS can change after registration, so the delivery
// worker checks the address again on every attempt (src/delivery/http-client.ts); this check
// only refuses early what could never be delivered.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ApiError } from '../errors.ts';
import { isPublicAddress } from './network-addresses.ts';

export const MAX_URL_LENGTH = 2048;

export type Environment = 'development' | 'production';

const invalid = (message: string) => ApiError.invalidParam('url', `Invalid url: ${message}`);

// The WHATWG parser forgives a lot (`https:example.com`, `https:///x`, surrounding spaces) and
// silently drops an empty `user:@` or `#`. The URL is stored as given and parsed again by the
// delivery worker, so the checks below are made on the text itself, not only on what parsing
// made of it: what is stored is exactly what was checked.
const SCHEME_AND_AUTHORITY = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)/;

/** localhost, 127.0.0.0/8 and [::1], as the parser normalises them (`127.1` is `127.0.0.1`). */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * Checks a webhook URL and returns it unchanged; throws 400 parameter_invalid on `url` with
 * the reason otherwise.
 */
export function checkEndpointUrl(value: string, environment: Environment): string {
  if (value.length > MAX_URL_LENGTH) throw invalid(`must be at most ${MAX_URL_LENGTH} characters.`);
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\s\x00-\x1f\x7f]/.test(value)) throw invalid('must not contain spaces or control characters; percent-encode them.');
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw invalid('must be an absolute URL such as https://example.com/webhooks.');
  }
  const loopbackHttp = environment === 'development' && parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname);
  if (parsed.protocol !== 'https:' && !loopbackHttp) {
    throw invalid(
      parsed.protocol === 'http:'
        ? environment === 'development'
          ? 'plain http is accepted only for loopback hosts (localhost, 127.0.0.0/8, [::1]) in development mode; use https.'
          : 'must use https; plain http is accepted only for loopback hosts when the server runs in development mode.'
        : `must use https (got ${parsed.protocol.slice(0, -1)}).`,
    );
  }
  const head = SCHEME_AND_AUTHORITY.exec(value);
  if (!head || head[2] === '') throw invalid('must be an absolute URL such as https://example.com/webhooks.');
  if (head[2]!.includes('@')) {
    throw invalid('must not contain credentials (user:password@); receivers authenticate deliveries by their signature.');
  }
  if (value.includes('#')) throw invalid('must not contain a fragment (#...); fragments are never sent to a server.');
  return value;
}

/** Resolves a host name to every address it has; rejects when it has none. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

/** The system resolver (dns.lookup, as the delivery worker resolves: /etc/hosts included). */
export const lookupHostAddresses: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, order: 'verbatim' })).map((entry) => entry.address);

/** How long registration waits for DNS; a receiver's name that slow to resolve is refused. */
export const HOST_LOOKUP_TIMEOUT_MS = 3000;

const NOT_PUBLIC = 'only public addresses receive deliveries outside development mode (not loopback, private, link-local, CGNAT, multicast or reserved ones)';

/** The addresses of `hostname`, or a 400 on url saying why there are none. */
async function resolveForCheck(hostname: string, resolve: ResolveHost, timeoutMs: number): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { code: 'ETIMEOUT' })), timeoutMs);
  });
  try {
    const addresses = await Promise.race([resolve(hostname), deadline]);
    if (addresses.length > 0) return addresses;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ETIMEOUT' || code === 'EAI_AGAIN') {
      throw invalid(`the host ${hostname} could not be resolved in time (${code}); check its DNS and try again.`);
    }
  } finally {
    clearTimeout(timer);
  }
  throw invalid(`the host ${hostname} could not be resolved: it has no DNS address, so nothing could be delivered to it.`);
}

/**
 * Outside development mode, refuses (400 parameter_invalid on `url`) a URL whose host is a
 * non-public literal address, localhost or a *.localhost name (loopback by definition, RFC
 * 6761, without asking DNS), a name that does not resolve, or a name with any non-public
 * address: the delivery worker refuses such a host on every attempt, so it could never
 * receive anything. `url` must have passed checkEndpointUrl.
 */
export async function checkEndpointHost(
  url: string,
  environment: Environment,
  resolve: ResolveHost,
  timeoutMs = HOST_LOOKUP_TIMEOUT_MS,
): Promise<void> {
  if (environment === 'development') return;
  const hostname = new URL(url).hostname;
  const literal = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (isIP(literal) !== 0) {
    if (!isPublicAddress(literal)) throw invalid(`${literal} is not a public address; ${NOT_PUBLIC}.`);
    return;
  }
  const name = literal.replace(/\.$/, '').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) throw invalid(`${hostname} is a loopback host; ${NOT_PUBLIC}.`);
  const addresses = await resolveForCheck(hostname, resolve, timeoutMs);
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused !== undefined) throw invalid(`the host ${hostname} resolves to ${refused}, which is not a public address; ${NOT_PUBLIC}.`);
}
