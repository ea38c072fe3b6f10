// Which URLs a webhook endpoint may be registered with (docs/webhooks.md "Create"): https,
// or plain http to a loopback host while the server runs in development mode, so a receiver on
// the developer's own machine can be tried without a certificate. checkEndpointUrl is pure.
// checkEndpointHost adds, outside development mode, the one check that needs DNS: the host must
// be public (docs/webhooks.md "Create"). DNS can change after registration, so the delivery
// worker checks the address again on every attempt (src/delivery/http-client.ts); this check
// only refuses early what could never be delivered.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { InvalidInput, TemporarilyUnavailable } from './errors.ts';
import { isPublicAddress } from './network-addresses.ts';

export const MAX_URL_LENGTH = 2048;

export type Environment = 'development' | 'production';

const invalid = (message: string) => new InvalidInput('url', `Invalid url: ${message}`);

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
 * Checks a webhook URL and returns it unchanged; throws InvalidInput on `url` with the reason
 * otherwise.
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
  // The parser takes any port up to 65535, 0 (`:0`, `:00`) included; nothing can be reached on 0.
  if (parsed.port === '0') throw invalid('port 0 cannot receive anything; give a port from 1 to 65535, or none for the default.');
  return value;
}

/** Resolves a host name to every address it has; rejects when it has none. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

/** The system resolver (dns.lookup, as the delivery worker resolves: /etc/hosts included). */
export const lookupHostAddresses: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, order: 'verbatim' })).map((entry) => entry.address);

/** How long registration waits for DNS; a lookup that slow counts as our resolver failing for now. */
export const HOST_LOOKUP_TIMEOUT_MS = 3000;

/** How long, in seconds, a registration our resolver could not answer should wait before trying again. */
export const HOST_LOOKUP_RETRY_AFTER_S = 5;

// The resolver's definite answers that a name has no address: the client's to fix. Any other
// failure (a timeout, EAI_AGAIN, ESERVFAIL, EREFUSED...) says nothing about the name: it is our
// side failing for now, so the same registration may succeed when retried.
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

const NOT_PUBLIC = 'only public addresses receive deliveries outside development mode (not loopback, private, link-local, CGNAT, multicast or reserved ones)';

const noSuchName = (hostname: string) =>
  invalid(`the host ${hostname} could not be resolved: it has no DNS address, so nothing could be delivered to it.`);

function lookupUnavailable(hostname: string, reason: string): TemporarilyUnavailable {
  return new TemporarilyUnavailable(
    'host_lookup',
    `Could not check the url: looking up the host ${hostname} failed on our side (${reason}). Nothing was changed; retry after the time in Retry-After.`,
    HOST_LOOKUP_RETRY_AFTER_S,
  );
}

/**
 * The addresses of `hostname`; InvalidInput on url when DNS says it has none,
 * TemporarilyUnavailable when our resolver gives no answer in time.
 */
async function resolveForCheck(hostname: string, resolve: ResolveHost, timeoutMs: number): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Error(`no answer within ${timeoutMs} ms`);
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late), timeoutMs);
  });
  let addresses: string[];
  try {
    addresses = await Promise.race([resolve(hostname), deadline]);
  } catch (error) {
    if (error === late) throw lookupUnavailable(hostname, late.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== undefined && NO_SUCH_NAME.has(code)) throw noSuchName(hostname);
    throw lookupUnavailable(hostname, code ?? 'resolver error');
  } finally {
    clearTimeout(timer);
  }
  if (addresses.length === 0) throw noSuchName(hostname);
  return addresses;
}

/**
 * Outside development mode, refuses (InvalidInput on `url`) a URL whose host is a
 * non-public literal address, localhost or a *.localhost name (loopback by definition, RFC
 * 6761, without asking DNS), a name that does not resolve, or a name with any non-public
 * address: the delivery worker refuses such a host on every attempt, so it could never
 * receive anything. A resolver that fails for now is TemporarilyUnavailable. `url` must have
 * passed checkEndpointUrl.
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
  // The addresses are never named: they would tell a client what names inside our network
  // resolve to. An address the client wrote itself (above) may be.
  if (!addresses.every(isPublicAddress)) throw invalid(`the host ${hostname} resolves to a non-public address; ${NOT_PUBLIC}.`);
}
