// `clubdata receive` as a developer runs it: a real child process on a loopback port, sent
// deliveries signed exactly as the delivery worker signs them (signDelivery). It must accept
// what verifies, refuse what does not, answer --status, bound bodies, and stop cleanly on Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generateSigningKey, generateSigningSecret } from '../../src/domain/secrets.ts';
import { signDelivery } from '../../src/domain/signing.ts';
import { freePort } from '../workers/processes.ts';
import { setupClubApi } from '../helper.ts';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const secret = generateSigningSecret();

interface RunningReceiver {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Waits for a stdout line containing `text` and returns it. */
  line: (text: string) => Promise<string>;
  /** Sends SIGINT and resolves with the exit code. */
  interrupt: () => Promise<number | null>;
}

const running = new Set<ChildProcess>();
afterAll(() => {
  // A receiver a failed test left behind must not outlive the file.
  for (const child of running) child.kill('SIGKILL');
});


async function waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Starts `clubdata receive --port <free port> ...args` and waits until it listens. */
async function startReceive(...args: string[]): Promise<RunningReceiver> {
  const port = await freePort();
  const child = spawn(process.execPath, [`${root}src/cli.ts`, 'receive', '--port', String(port), ...args], {
    cwd: root,
    // Only what the command needs: nothing from the surrounding environment changes its behaviour.
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  await waitFor(() => (err.includes('listening on') ? true : child.exitCode !== null ? false : undefined), 'the receiver to listen').then(
    (listening) => {
      if (!listening) throw new Error(`clubdata receive exited early: ${err}`);
    },
  );
  expect(err).toContain(`listening on http://127.0.0.1:${port}`);
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    stdout: () => out,
    stderr: () => err,
    line: (text) => waitFor(() => out.split('\n').find((l) => l.includes(text)), `a line with ${text}`),
    interrupt: async () => {
      child.kill('SIGINT');
      const [code] = await exited;
      running.delete(child);
      return code;
    },
  };
}

let counter = 0;
/** A body shaped like a signal, with ids unique to this call. */
function signalBody(type = 'customer.updated'): { id: string; objectId: string; sequence: number; body: string } {
  counter += 1;
  const id = `sig_receive_test_${counter}`;
  const objectId = `cus_receive_test_${counter}`;
  const sequence = 4000 + counter;
  const body = JSON.stringify({
    id,
    object: 'signal',
    type,
    created: new Date().toISOString(),
    sequence,
    api_version: 'v1',
    data: { object: { id: objectId, object: 'customer', first_name: 'Zoë' } },
  });
  return { id, objectId, sequence, body };
}

function signed(id: string, body: string, secrets = [secret]) {
  return signDelivery({ signalId: id, timestampSeconds: Math.floor(Date.now() / 1000), body, secrets });
}

async function post(url: string, body: string, headers: Record<string, string>) {
  const response = await fetch(`${url}/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, text: await response.text() };
}

describe('clubdata receive --secret', () => {
  it('answers 200 to a correctly signed delivery and prints it as verified, then exits 0 on SIGINT', async () => {
    const receiver = await startReceive('--secret', secret);
    const { id, objectId, sequence, body } = signalBody();
    const answer = await post(receiver.url, body, signed(id, body));
    expect(answer.status).toBe(200);
    const line = await receiver.line(id);
    expect(line).toContain('customer.updated');
    expect(line).toContain(`seq ${sequence}`);
    expect(line).toContain(objectId);
    expect(line).toContain('  verified  ');
    expect(line).not.toContain('INVALID');
    expect(line).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z /);

    // A secret rotation signs with two secrets; the receiver holding the old one still verifies.
    const rotated = signalBody('booking.created');
    const both = signed(rotated.id, rotated.body, [generateSigningSecret(), secret]);
    expect(both['webhook-signature'].split(' ')).toHaveLength(2);
    expect((await post(receiver.url, rotated.body, both)).status).toBe(200);
    expect(await receiver.line(rotated.id)).toMatch(/booking\.created .* {2}verified {2}/);

    expect(await receiver.interrupt()).toBe(0);
    expect(receiver.stderr()).toContain('stopped');
  });

  it('verifies a v1a endpoint\'s deliveries with its whpk_ public key, and refuses one signed by another key', async () => {
    const key = generateSigningKey();
    const receiver = await startReceive('--secret', key.publicKey);
    expect(receiver.stderr()).toContain("checking signatures with the endpoint's public key");
    const good = signalBody();
    expect((await post(receiver.url, good.body, signed(good.id, good.body, [key.signingKey]))).status).toBe(200);
    expect(await receiver.line(good.id)).toContain('  verified  ');
    const forged = signalBody();
    expect((await post(receiver.url, forged.body, signed(forged.id, forged.body, [generateSigningKey().signingKey]))).status).toBe(400);
    expect(await receiver.line(forged.id)).toContain('signature INVALID');
    expect(await receiver.interrupt()).toBe(0);
  });

  it('answers 400 and prints "signature INVALID" for a tampered body, a wrong secret or no signature', async () => {
    const receiver = await startReceive('--secret', secret);
    const original = signalBody();
    const tampered = original.body.replace('Zoë', 'Mallory');
    expect(tampered).not.toBe(original.body);
    const answer = await post(receiver.url, tampered, signed(original.id, original.body));
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/signature invalid/i);
    expect(await receiver.line(original.id)).toContain('signature INVALID');

    const wrongSecret = signalBody();
    const other = await post(receiver.url, wrongSecret.body, signed(wrongSecret.id, wrongSecret.body, [generateSigningSecret()]));
    expect(other.status).toBe(400);
    expect(await receiver.line(wrongSecret.id)).toContain('signature INVALID');

    const unsigned = signalBody();
    expect((await post(receiver.url, unsigned.body, { 'webhook-id': unsigned.id })).status).toBe(400);
    expect(await receiver.line(unsigned.id)).toContain('signature INVALID');

    // An old timestamp fails too (the 5-minute tolerance), even with a correct signature.
    const stale = signalBody();
    const staleHeaders = signDelivery({
      signalId: stale.id,
      timestampSeconds: Math.floor(Date.now() / 1000) - 600,
      body: stale.body,
      secrets: [secret],
    });
    expect((await post(receiver.url, stale.body, staleHeaders)).status).toBe(400);
    expect(await receiver.line(stale.id)).toContain('signature INVALID');

    const lines = receiver.stdout().trim().split('\n');
    expect(lines).toHaveLength(4);
    for (const printed of lines) expect(printed).toContain('signature INVALID');
    expect(await receiver.interrupt()).toBe(0);
  });

  it('--status 503 answers a verified delivery with 503 and counts the retry of the same webhook-id', async () => {
    const receiver = await startReceive('--secret', secret, '--status', '503');
    const { id, body } = signalBody();
    const first = await post(receiver.url, body, signed(id, body));
    expect(first.status).toBe(503);
    const line = await receiver.line(id);
    expect(line).toContain('  verified  -> 503');

    // A retry carries the same webhook-id, signed afresh.
    const retry = await post(receiver.url, body, signed(id, body));
    expect(retry.status).toBe(503);
    expect(await receiver.line('(seen 2 times)')).toContain(id);

    // A bad signature is still 400, whatever --status says.
    expect((await post(receiver.url, body.replace('Zoë', 'Eve'), signed(id, body))).status).toBe(400);
    expect(await receiver.interrupt()).toBe(0);
  });
});

describe('clubdata receive without --secret', () => {
  it('answers 200, marks deliveries "not verified (no --secret)", prints JSON lines with --json, and refuses bodies over 1 MiB', async () => {
    const receiver = await startReceive('--json');
    const { id, objectId, sequence, body } = signalBody('booking.canceled');
    expect((await post(receiver.url, body, signed(id, body))).status).toBe(200);
    const record = JSON.parse(await receiver.line(id));
    expect(record).toMatchObject({
      status: 200,
      path: '/webhooks',
      webhook_id: id,
      type: 'booking.canceled',
      sequence,
      object_id: objectId,
      verification: 'not_verified',
      error: null,
      seen: 1,
    });
    expect(record.signal).toEqual(JSON.parse(body));
    expect(receiver.stderr()).toContain('NOT checking signatures');

    const big = ' '.repeat(1024 * 1024 + 1);
    expect((await post(receiver.url, big, { 'webhook-id': 'sig_too_big' })).status).toBe(413);
    expect(JSON.parse(await receiver.line('sig_too_big'))).toMatchObject({ status: 413, verification: 'not_verified' });

    // Without a Content-Length (chunked), the limit holds while reading.
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 2 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const chunked = await fetch(`${receiver.url}/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': 'sig_too_big_chunked' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(JSON.parse(await receiver.line('sig_too_big_chunked'))).toMatchObject({ status: 413, error: expect.stringContaining('larger') });
    expect(await receiver.interrupt()).toBe(0);
  });

  it('prints "not verified (no --secret)" in text mode', async () => {
    const receiver = await startReceive();
    const { id, body } = signalBody();
    expect((await post(receiver.url, body, signed(id, body))).status).toBe(200);
    expect(await receiver.line(id)).toContain('not verified (no --secret)');
    expect(await receiver.interrupt()).toBe(0);
  });
});

describe('clubdata receive usage', () => {
  it('refuses a malformed --secret and --status with exit code 2 and a clear message', async () => {
    const cases = [
      [['--secret', '"whsec_abc",'], '--secret'],
      [['--status', '99'], '--status'],
      [['--port', 'http'], '--port'],
    ] as const;
    // At once: each is a Node start, seconds apiece on a loaded machine.
    await Promise.all(
      cases.map(async ([args, message]) => {
        const child = spawn(process.execPath, [`${root}src/cli.ts`, 'receive', ...args], {
          cwd: root,
          env: { PATH: process.env.PATH, HOME: process.env.HOME },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let err = '';
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
        const [code] = await once(child, 'exit');
        expect(code, err).toBe(2);
        expect(err).toContain(message);
        expect(err).not.toMatch(/\n\s+at /);
      }),
    );
  }, 60_000);
});

// For --key: the real API on a loopback port; development mode lets an endpoint be plain http to 127.0.0.1.
const api = await setupClubApi({ config: { environment: 'development' }, scopes: ALL_SCOPES });
const apiUrl = await api.app.listen({ host: '127.0.0.1', port: 0 });
const key = api.auth.replace('Bearer ', '');

describe('clubdata receive --key: registers its own endpoint', () => {

  it('registers an endpoint for itself, verifies with its secret at once, and deletes it at Ctrl-C', async () => {
    const receiver = await startReceive('--key', key, '--api', apiUrl);
    const [, id, endpointSecret] = /registered endpoint (we_\w+) for .*its signing secret: (whsec_\S+)\./.exec(receiver.stderr()) ?? [];
    expect(id, receiver.stderr()).toBeDefined();
    const endpoint = await api.get(`/v1/webhook_endpoints/${id}`);
    expect(endpoint.json()).toMatchObject({ url: `${receiver.url}/webhooks`, signal_types: ['*'], status: 'active' });

    const good = signalBody();
    expect((await post(receiver.url, good.body, signed(good.id, good.body, [endpointSecret!]))).status).toBe(200);
    expect(await receiver.line(good.id)).toContain('  verified  ');
    const bad = signalBody();
    expect((await post(receiver.url, bad.body, signed(bad.id, bad.body, [generateSigningSecret()]))).status).toBe(400);
    expect(await receiver.line(bad.id)).toContain('signature INVALID');

    expect(await receiver.interrupt()).toBe(0);
    expect(receiver.stderr()).toContain(`deleted endpoint ${id}`);
    expect((await api.get(`/v1/webhook_endpoints/${id}`)).statusCode).toBe(404);
  });

  it('says in one line, and exits 1, when the API refuses the key or does not answer', async () => {
    const refused = await runReceive('--key', `cd_live_${'0'.repeat(32)}`, '--api', apiUrl);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n').at(-1)).toMatch(/^clubdata: the API refused POST \/v1\/webhook_endpoints: 401 /);

    const closed = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await runReceive('--key', key, '--api', closed);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr.trim().split('\n').at(-1)).toBe(
      `clubdata: no service answers at ${closed} (ECONNREFUSED); that address is given with --api. Start the service (npm start), or say where it runs with --api URL`,
    );
  });
});

/** Runs `clubdata receive --port 0 ...args` to its end (a refusal). */
async function runReceive(...args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [`${root}src/cli.ts`, 'receive', '--port', '0', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}
