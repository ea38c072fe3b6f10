// Which URLs a webhook endpoint may be registered with (decisions.md "Webhook endpoints"): https,
// or plain http to a loopback host while the server runs in development mode, so a receiver on
// the developer's own machine can be tried without a certificate. Pure: no I/O, no DNS. Whether
// a public-looking host resolves to a private address is judged at delivery time, per attempt.
import { ApiError } from '../errors.ts';

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
