// checkEndpointUrl, the pure check of a webhook URL's text, and checkEndpointHost: the
// registration-time check that a webhook's host is public, with the system resolver where it
// stays on this machine (localhost, the .invalid TLD) and a given resolver for the rest.
import { describe, expect, it } from 'vitest';
import { checkEndpointHost, checkEndpointUrl, HOST_LOOKUP_RETRY_AFTER_S, lookupHostAddresses, type ResolveHost } from '../../src/domain/endpoint-urls.ts';
import { InvalidInput, TemporarilyUnavailable } from '../../src/domain/errors.ts';
import type { ApiError } from '../../src/errors.ts';
import { fromDomainError } from '../../src/plugins/error-handler.ts';

/** The answer a client gets for the domain error (never an HTTP one) the check throws. */
async function failure(url: string, resolve: ResolveHost, timeoutMs: number | undefined, kind: typeof InvalidInput | typeof TemporarilyUnavailable): Promise<ApiError> {
  const error = await checkEndpointHost(url, 'production', resolve, timeoutMs).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, url).toBeInstanceOf(kind);
  return fromDomainError(error)!;
}

/** The 400 on url of a host the client must fix. */
async function refusal(url: string, resolve: ResolveHost = lookupHostAddresses, timeoutMs?: number): Promise<ApiError> {
  const error = await failure(url, resolve, timeoutMs, InvalidInput);
  expect(error).toMatchObject({ statusCode: 400, code: 'parameter_invalid', param: 'url' });
  return error;
}

/** The 503 of a lookup our resolver could not answer: the client's request was fine. */
async function unavailable(url: string, resolve: ResolveHost, timeoutMs?: number): Promise<ApiError> {
  const error = await failure(url, resolve, timeoutMs, TemporarilyUnavailable);
  expect(error, url).toMatchObject({ statusCode: 503, type: 'api_error', code: 'host_lookup_unavailable', param: undefined });
  expect(error.headers).toEqual({ 'retry-after': String(HOST_LOOKUP_RETRY_AFTER_S) });
  return error;
}

const failingWith = (code: string): ResolveHost => async () => {
  throw Object.assign(new Error(code), { code });
};

describe('checkEndpointUrl', () => {
  it('refuses port 0, however written, in both environments: nothing can receive on it', () => {
    for (const [url, environment] of [
      ['https://1.2.3.4:0/', 'production'],
      ['https://hooks.example.com:00/in', 'production'],
      ['https://hooks.example.com:0/in', 'development'],
      ['http://localhost:0/in', 'development'],
    ] as const) {
      const error = (() => {
        try {
          checkEndpointUrl(url, environment);
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error, url).toBeInstanceOf(InvalidInput);
      expect(fromDomainError(error), url).toMatchObject({ statusCode: 400, code: 'parameter_invalid', param: 'url' });
      expect((error as InvalidInput).message, url).toMatch(/^Invalid url: port 0 cannot receive anything/);
    }
  });

  it('accepts any other port, and a leading zero before one', () => {
    for (const url of ['https://1.2.3.4:1/', 'https://hooks.example.com:8443/in', 'https://hooks.example.com:0443/in', 'https://hooks.example.com:65535/in']) {
      expect(checkEndpointUrl(url, 'production'), url).toBe(url);
    }
  });
});

describe('checkEndpointHost', () => {
  it('refuses localhost and *.localhost as loopback without asking DNS', async () => {
    let asked = 0;
    const counting: ResolveHost = async () => {
      asked += 1;
      return ['93.184.215.14'];
    };
    for (const url of ['https://localhost/in', 'https://localhost.:8443/in', 'https://a.b.localhost/in']) {
      expect((await refusal(url, counting)).message).toMatch(/is a loopback host/);
    }
    expect(asked).toBe(0);
  });

  it('refuses a name the system resolver cannot resolve', async () => {
    // .invalid never resolves (RFC 6761), so this lookup fails without reaching a receiver.
    const error = await refusal('https://nonexistent.invalid/in');
    expect(error.message).toMatch(/nonexistent\.invalid could not be resolved/);
  });

  it('refuses a name DNS definitely says has no address', async () => {
    for (const code of ['ENOTFOUND', 'ENODATA']) {
      expect((await refusal('https://gone.example.com/in', failingWith(code))).message, code).toMatch(/gone\.example\.com could not be resolved/);
    }
    expect((await refusal('https://empty.example.com/in', async () => [])).message).toMatch(/could not be resolved/);
  });

  it('answers 503 with Retry-After, not a 400, when our resolver answers too late or fails for now', async () => {
    const never: ResolveHost = () => new Promise(() => {});
    expect((await unavailable('https://slow.example.com/in', never, 20)).message).toMatch(/slow\.example\.com failed on our side \(no answer within 20 ms\)/);
    for (const code of ['EAI_AGAIN', 'ESERVFAIL', 'EREFUSED', 'ETIMEOUT']) {
      expect((await unavailable('https://flaky.example.com/in', failingWith(code))).message, code).toContain(`(${code})`);
    }
  });

  it('refuses a name with any non-public address without telling the address, and accepts one with only public ones', async () => {
    const error = await refusal('https://mixed.example.com/in', async () => ['93.184.215.14', '::ffff:10.0.0.1']);
    expect(error.message).toBe(
      'Invalid url: the host mixed.example.com resolves to a non-public address; only public addresses receive deliveries outside ' +
        'development mode (not loopback, private, link-local, CGNAT, multicast or reserved ones).',
    );
    await expect(checkEndpointHost('https://ok.example.com/in', 'production', async () => ['93.184.215.14', '2606:4700::1'])).resolves.toBeUndefined();
  });

  it('judges literal addresses without DNS', async () => {
    const unused: ResolveHost = async () => {
      throw new Error('DNS was asked about a literal address');
    };
    for (const url of ['https://10.0.0.1/', 'https://[::1]/', 'https://169.254.169.254/', 'https://[::ffff:127.0.0.1]/', 'https://0.0.0.0/']) {
      expect((await refusal(url, unused)).message, url).toMatch(/is not a public address/);
    }
    await expect(checkEndpointHost('https://93.184.215.14/', 'production', unused)).resolves.toBeUndefined();
  });

  it('checks nothing in development mode', async () => {
    await expect(checkEndpointHost('https://localhost/in', 'development', failingWith('ENOTFOUND'))).resolves.toBeUndefined();
    await expect(checkEndpointHost('https://10.0.0.1/in', 'development', failingWith('ENOTFOUND'))).resolves.toBeUndefined();
  });
});
