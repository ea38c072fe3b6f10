// checkEndpointHost: the registration-time check that a webhook's host is public, with the
// system resolver where it stays on this machine (localhost, the .invalid TLD) and a given
// resolver for the rest.
import { describe, expect, it } from 'vitest';
import { checkEndpointHost, lookupHostAddresses, type ResolveHost } from '../../src/domain/endpoint-urls.ts';
import { ApiError } from '../../src/errors.ts';

async function refusal(url: string, resolve: ResolveHost = lookupHostAddresses, timeoutMs?: number): Promise<ApiError> {
  const error = await checkEndpointHost(url, 'production', resolve, timeoutMs).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, url).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ statusCode: 400, code: 'parameter_invalid', param: 'url' });
  return error as ApiError;
}

const failingWith = (code: string): ResolveHost => async () => {
  throw Object.assign(new Error(code), { code });
};

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

  it('refuses a resolver that answers too late or fails for now, saying so', async () => {
    const never: ResolveHost = () => new Promise(() => {});
    expect((await refusal('https://slow.example.com/in', never, 20)).message).toMatch(/could not be resolved in time/);
    expect((await refusal('https://flaky.example.com/in', failingWith('EAI_AGAIN'))).message).toMatch(/in time \(EAI_AGAIN\)/);
    expect((await refusal('https://empty.example.com/in', async () => [])).message).toMatch(/could not be resolved/);
  });

  it('refuses a name with any non-public address, and accepts one with only public ones', async () => {
    const error = await refusal('https://mixed.example.com/in', async () => ['93.184.215.14', '::ffff:10.0.0.1']);
    expect(error.message).toContain('resolves to ::ffff:10.0.0.1');
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
