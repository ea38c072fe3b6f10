// docs/webhooks.md must not drift from the code: its retry table is describeSchedule of the
// default schedule, its defaults are what loadConfig reads, and its dependency-free verifier
// accepts exactly what the delivery worker signs.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { describeSchedule } from '../../src/domain/retry-schedule.ts';
import { generateSigningKey, generateSigningSecret, publicKeyOf } from '../../src/domain/secrets.ts';
import { signDelivery } from '../../src/domain/signing.ts';

const docPath = fileURLToPath(new URL('../../docs/webhooks.md', import.meta.url));
let doc: string;

beforeAll(async () => {
  doc = await readFile(docPath, 'utf8');
});

describe('docs/webhooks.md', () => {
  it('contains the retry table of the default schedule, exactly as describeSchedule renders it', () => {
    const table = describeSchedule(loadConfig({}).delivery.retrySchedule);
    expect(table.split('\n').length).toBeGreaterThan(8);
    expect(doc).toContain(table);
  });

  it('states the defaults loadConfig applies for the delivery settings', () => {
    const names = [
      'DELIVERY_RETRY_SCHEDULE',
      'DELIVERY_TIMEOUT',
      'ENDPOINT_DISABLE_AFTER',
      'DELIVERY_CONCURRENCY',
      'DELIVERY_PER_ENDPOINT_CONCURRENCY',
      'QUEUE_PREFIX',
      'SIGNAL_RETENTION_DAYS',
    ];
    const defaults = loadConfig({});
    for (const name of names) {
      // A row of the configuration table: | `NAME` | `default` ... |
      const row = new RegExp(`^\\| \`${name}\` \\| \`([^\`]+)\``, 'm').exec(doc);
      expect(row, `a configuration row for ${name}`).not.toBeNull();
      // Setting the documented default explicitly must change nothing.
      expect(loadConfig({ [name]: row![1] }), name).toEqual(defaults);
    }
  });
});

type Verify = (secret: string, headers: Record<string, string>, rawBody: string | Buffer, nowSeconds?: number) => boolean;

describe('the node:crypto verifier of docs/webhooks.md', () => {
  let dir: string;
  let verifyWebhook: Verify;

  beforeAll(async () => {
    // The fenced block that defines verifyWebhook, run as the module a reader would copy.
    const block = [...doc.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!).find((code) => code.includes('export function verifyWebhook('));
    expect(block, 'a js block exporting verifyWebhook').toBeDefined();
    dir = await mkdtemp(join(tmpdir(), 'clubdata-doc-'));
    const file = join(dir, 'verify.mjs');
    await writeFile(file, block!);
    ({ verifyWebhook } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verifyWebhook: Verify });
  });
  afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

  const secret = generateSigningSecret();
  const body = '{"id" : "sig_doc", "object" : "signal", "data" : {"object" : {"id" : "cus_1", "first_name" : "Zoë"}}}';
  const now = Math.floor(Date.now() / 1000);
  const sign = (secrets: string[], timestampSeconds = now, payload = body) =>
    signDelivery({ signalId: 'sig_doc', timestampSeconds, body: payload, secrets });

  it('accepts a delivery signed by the worker, as a string or as the raw bytes', () => {
    expect(verifyWebhook(secret, sign([secret]), body)).toBe(true);
    expect(verifyWebhook(secret, sign([secret]), Buffer.from(body, 'utf8'))).toBe(true);
  });

  it('accepts either secret during a rotation', () => {
    const next = generateSigningSecret();
    const headers = sign([next, secret]);
    expect(verifyWebhook(secret, headers, body)).toBe(true);
    expect(verifyWebhook(next, headers, body)).toBe(true);
  });

  it('refuses a changed body, id or signature, another secret, and missing headers', () => {
    expect(verifyWebhook(secret, sign([secret]), body.replace('Zoë', 'Zoe'))).toBe(false);
    expect(verifyWebhook(secret, { ...sign([secret]), 'webhook-id': 'sig_other' }, body)).toBe(false);
    expect(verifyWebhook(generateSigningSecret(), sign([secret]), body)).toBe(false);
    expect(verifyWebhook(secret, { ...sign([secret]), 'webhook-signature': `v1,${randomBytes(32).toString('base64')}` }, body)).toBe(false);
    expect(verifyWebhook(secret, { ...sign([secret]), 'webhook-signature': sign([secret])['webhook-signature'].replace('v1,', 'v2,') }, body)).toBe(false);
    const unsigned: Record<string, string> = { ...sign([secret]) };
    delete unsigned['webhook-signature'];
    expect(verifyWebhook(secret, unsigned, body)).toBe(false);
  });

  it('refuses a timestamp more than 5 minutes away, and accepts one just within', () => {
    expect(verifyWebhook(secret, sign([secret], now - 301), body, now)).toBe(false);
    expect(verifyWebhook(secret, sign([secret], now + 301), body, now)).toBe(false);
    expect(verifyWebhook(secret, sign([secret], now - 299), body, now)).toBe(true);
  });
});

/** The fenced js block of the doc that exports `name`, written to a module and imported, as a reader would copy it. */
async function docModule<T>(name: string, dir: string): Promise<T> {
  const block = [...doc.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!).find((code) => code.includes(`export function ${name}(`));
  expect(block, `a js block exporting ${name}`).toBeDefined();
  const file = join(dir, `${name}.mjs`);
  await writeFile(file, block!);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as T;
}

interface Vector {
  'signing key': string;
  'public key': string;
  'webhook-id': string;
  'webhook-timestamp': string;
  body: string;
  'webhook-signature': string;
}

/** The v1a test vectors the doc publishes: `name  value` lines, a blank line between vectors. */
function publishedVectors(): Vector[] {
  const block = [...doc.matchAll(/```text\n([\s\S]*?)```/g)].map((m) => m[1]!).find((text) => text.startsWith('signing key'));
  expect(block, 'the v1a test vectors').toBeDefined();
  return block!
    .trim()
    .split(/\n\n/)
    .map((vector) => Object.fromEntries(vector.split('\n').map((line) => [line.slice(0, 19).trim(), line.slice(19)])) as unknown as Vector);
}

describe('v1a (ed25519) in docs/webhooks.md', () => {
  let dir: string;
  let verifyWebhookV1a: Verify;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clubdata-doc-'));
    ({ verifyWebhookV1a } = await docModule<{ verifyWebhookV1a: Verify }>('verifyWebhookV1a', dir));
  });
  afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

  it('publishes vectors that the worker\'s signing reproduces exactly, whose keys are RFC 8032\'s', () => {
    const vectors = publishedVectors();
    expect(vectors).toHaveLength(2);
    // RFC 8032 section 7.1, tests 1 and 2: the public keys of those seeds.
    const rfcPublicKeys = ['d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a', '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c'];
    vectors.forEach((vector, i) => {
      expect(publicKeyOf(vector['signing key'])).toBe(vector['public key']);
      expect(Buffer.from(vector['public key'].slice('whpk_'.length), 'base64').toString('hex')).toBe(rfcPublicKeys[i]);
      const headers = signDelivery({
        signalId: vector['webhook-id'],
        timestampSeconds: Number(vector['webhook-timestamp']),
        body: vector.body,
        secrets: [vector['signing key']],
      });
      expect(headers['webhook-signature']).toBe(vector['webhook-signature']);
    });
    expect(vectors[1]!.body).toContain('Zoë');
  });

  it('its node:crypto verifier accepts each vector at its timestamp and refuses a changed body, key, id or time', () => {
    for (const vector of publishedVectors()) {
      const headers = { 'webhook-id': vector['webhook-id'], 'webhook-timestamp': vector['webhook-timestamp'], 'webhook-signature': vector['webhook-signature'] };
      const at = Number(vector['webhook-timestamp']);
      expect(verifyWebhookV1a(vector['public key'], headers, vector.body, at)).toBe(true);
      expect(verifyWebhookV1a(vector['public key'], headers, Buffer.from(vector.body, 'utf8'), at)).toBe(true);
      expect(verifyWebhookV1a(vector['public key'], headers, `${vector.body} `, at)).toBe(false);
      expect(verifyWebhookV1a(generateSigningKey().publicKey, headers, vector.body, at)).toBe(false);
      expect(verifyWebhookV1a(vector['public key'], { ...headers, 'webhook-id': 'sig_other' }, vector.body, at)).toBe(false);
      expect(verifyWebhookV1a(vector['public key'], headers, vector.body, at + 301)).toBe(false);
    }
  });

  it('its verifier accepts either key during a rotation, and a delivery signed by the worker now', () => {
    const next = generateSigningKey();
    const before = generateSigningKey();
    const body = '{"id" : "sig_doc", "object" : "signal"}';
    const headers = signDelivery({ signalId: 'sig_doc', timestampSeconds: Math.floor(Date.now() / 1000), body, secrets: [next.signingKey, before.signingKey] });
    expect(headers['webhook-signature']).toMatch(/^v1a,\S+ v1a,\S+$/);
    expect(verifyWebhookV1a(next.publicKey, headers, body)).toBe(true);
    expect(verifyWebhookV1a(before.publicKey, headers, body)).toBe(true);
  });
});
