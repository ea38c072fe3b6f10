// `clubdata receive`: a small webhook receiver on 127.0.0.1 for trying the service by hand. It
// checks each delivery's signature with the SDK's verifyWebhook (the official `standardwebhooks`
// library for a v1 endpoint's whsec_ secret, ed25519 for a v1a endpoint's whpk_ public key: the
// checks docs/webhooks.md asks of real receivers), answers like a receiver would, and prints one
// line per delivery, so a developer can watch signals, retries and redeliveries arrive.
//
// Rules it keeps:
// - Loopback only: it is a tool for the developer's own machine, never a public listener.
// - A bad signature is answered 400 whatever --status says: a receiver must refuse what it
//   cannot verify, and the service's attempts log then shows the failure.
// - --status makes it answer every good delivery with that status (503 to watch retries, 410 to
//   see the endpoint disabled at once).
// - Bodies are bounded (1 MiB, else 413): a signal is a few KiB.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// By path, not by the package's name: its source, whether or not the launcher's condition
// (bin/clubdata.mjs) resolves @clubdata/sdk to it, and without loading the rest of the SDK.
import { verifyWebhook } from '../../sdk/src/webhooks.ts';
import { connectionCause, describeUnreachable, type ApiAddress } from '../api-address.ts';
import { isWellFormedApiKey } from '../domain/api-keys.ts';
import { interruption } from '../lifecycle.ts';

export const RECEIVER_HOST = '127.0.0.1';
export const DEFAULT_RECEIVER_PORT = 4000;
export const MAX_BODY_BYTES = 1024 * 1024;

export interface ReceiverSettings {
  /** 0 lets the system pick a free port (the one taken is printed). */
  port: number;
  /** The endpoint's `whsec_` secret, or a v1a endpoint's `whpk_` public key; without it deliveries are shown unverified. */
  secret: string | undefined;
  /** What a delivery that was verified (or not checked) is answered with. */
  status: number;
  /**
   * Register an endpoint for this receiver through the API with this key (webhook_endpoints:write),
   * check signatures with its secret, and delete it at the end.
   */
  register: Registration | undefined;
}

/** The key an endpoint is registered with, and the API it is registered through. */
interface Registration {
  key: string;
  api: ApiAddress;
}

/** `verified` and `invalid` need --secret; `not_verified`: no secret given, or the body was refused unread. */
export type Verification = 'verified' | 'not_verified' | 'invalid';

export interface ReceivedDelivery {
  receivedAt: Date;
  path: string;
  /** The status this receiver answered. */
  status: number;
  webhookId: string | null;
  webhookTimestamp: string | null;
  type: string | null;
  sequence: number | null;
  objectId: string | null;
  verification: Verification;
  /** Why the signature check failed, or why the body was refused; null otherwise. */
  error: string | null;
  /** How many times this webhook-id has arrived here, this one included (retries, recoveries). */
  seen: number;
  /** The body parsed as JSON; null when it is not JSON or was not read. */
  signal: unknown;
}

export interface Receiver {
  url: string;
  port: number;
  /** Checks every later delivery with this secret (the endpoint registered after listening). */
  useSecret(secret: string): void;
  close(): Promise<void>;
}

const SECRET_PATTERN = /^(?:whsec_[A-Za-z0-9+/]+={0,2}|whpk_[A-Za-z0-9+/]{43}=)$/;

/**
 * Checks the command's options; throws RangeError with a message for people. `api` is where --key
 * registers the endpoint (api-address.ts finds it), undefined without --key.
 */
export function readReceiverSettings(
  values: { port?: string | boolean; secret?: string | boolean; status?: string | boolean; key?: string | boolean; api?: string | boolean },
  api: ApiAddress | undefined,
): ReceiverSettings {
  const port = values.port === undefined ? DEFAULT_RECEIVER_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || values.port === '') {
    throw new RangeError('--port must be a port number from 0 to 65535 (0: any free port)');
  }
  const status = values.status === undefined ? 200 : Number(values.status);
  if (!Number.isInteger(status) || status < 200 || status > 599 || values.status === '') {
    throw new RangeError('--status must be an HTTP status from 200 to 599');
  }
  let secret: string | undefined;
  if (values.secret !== undefined) {
    secret = String(values.secret).trim();
    // A copy-paste that took the JSON quotes or a comma along would otherwise fail every delivery.
    if (!SECRET_PATTERN.test(secret)) {
      throw new RangeError(
        "--secret must be the endpoint's signing secret as shown when it was created (whsec_ followed by base64), or a v1a endpoint's public_key (whpk_ followed by base64)",
      );
    }
  }
  let register: ReceiverSettings['register'];
  if (values.key !== undefined) {
    const key = String(values.key).trim();
    if (!isWellFormedApiKey(key)) throw new RangeError('--key must be an API key: cd_live_ followed by 32 letters and digits');
    if (secret !== undefined) throw new RangeError('--key registers an endpoint and checks with its secret: leave out --secret');
    if (api === undefined) throw new RangeError('--key needs the address of the API');
    register = { key, api };
  } else if (values.api !== undefined) {
    throw new RangeError('--api goes with --key');
  }
  return { port, secret, status, register };
}

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The signal's fields worth a glance; anything missing is null (a body need not be a signal). */
function describeBody(signal: unknown): Pick<ReceivedDelivery, 'type' | 'sequence' | 'objectId'> {
  const record = typeof signal === 'object' && signal !== null ? (signal as Record<string, unknown>) : {};
  const data = typeof record.data === 'object' && record.data !== null ? (record.data as Record<string, unknown>) : {};
  const object = typeof data.object === 'object' && data.object !== null ? (data.object as Record<string, unknown>) : {};
  return {
    type: typeof record.type === 'string' ? record.type : null,
    sequence: typeof record.sequence === 'number' ? record.sequence : null,
    objectId: typeof object.id === 'string' ? object.id : null,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function answer(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(`${text}\n`);
}

/** Starts the receiver; `onDelivery` is called once per POST, after it was answered. */
export async function startReceiver(
  settings: ReceiverSettings,
  onDelivery: (delivery: ReceivedDelivery) => void,
): Promise<Receiver> {
  let secret = settings.secret;
  const seen = new Map<string, number>();

  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    if (request.method !== 'POST') {
      response.setHeader('allow', 'POST');
      answer(response, 405, 'clubdata receive: POST webhook deliveries here.');
      return;
    }
    const receivedAt = new Date();
    const webhookId = header(request, 'webhook-id');
    const report = (fields: Partial<ReceivedDelivery> & Pick<ReceivedDelivery, 'status' | 'verification'>): void => {
      let count = 0;
      if (webhookId !== null) {
        count = (seen.get(webhookId) ?? 0) + 1;
        seen.set(webhookId, count);
      }
      onDelivery({
        receivedAt,
        path: request.url ?? '/',
        webhookId,
        webhookTimestamp: header(request, 'webhook-timestamp'),
        type: null,
        sequence: null,
        objectId: null,
        error: null,
        seen: count,
        signal: null,
        ...fields,
      });
    };
    const tooLarge = (): void => {
      const error = `body larger than ${MAX_BODY_BYTES} bytes`;
      // The rest of the body is read and dropped (node:http drains it once the answer is sent,
      // within requestTimeout): closing on a sender still writing would cost it the answer.
      answer(response, 413, `clubdata receive: ${error}.`);
      report({ status: 413, verification: 'not_verified', error });
    };

    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
      tooLarge();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    request.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        refused = true;
        chunks.length = 0;
        tooLarge();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      if (refused) return;
      // The signature covers the exact bytes; the service sends UTF-8 JSON, so the text is them.
      const body = Buffer.concat(chunks).toString('utf8');
      const signal = parseJson(body);
      const fields = describeBody(signal);
      if (secret) {
        const headers: Record<string, string> = {};
        for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
          const value = header(request, name);
          if (value !== null) headers[name] = value;
        }
        try {
          verifyWebhook(body, headers, secret);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          answer(response, 400, `clubdata receive: signature invalid: ${reason}.`);
          report({ ...fields, signal, status: 400, verification: 'invalid', error: reason });
          return;
        }
      }
      const status = settings.status;
      answer(response, status, status < 300 ? 'ok' : `clubdata receive: answering ${status} as --status asks.`);
      report({ ...fields, signal, status, verification: secret ? 'verified' : 'not_verified' });
    });
    request.on('error', () => {
      // The sender gave up mid-body (its deadline, or a dropped connection): nothing to answer.
    });
  };

  const server: Server = createServer(handle);
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, RECEIVER_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${RECEIVER_HOST}:${port}`,
    port,
    useSecret: (registered) => (secret = registered),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const dash = (value: string | number | null): string => (value === null ? '-' : String(value));

/** One line for people: time, webhook-id, type, sequence, object id, verification, answer. */
export function formatDelivery(delivery: ReceivedDelivery): string {
  const verification =
    delivery.status === 413
      ? 'body too large'
      : delivery.verification === 'verified'
        ? 'verified'
        : delivery.verification === 'invalid'
          ? `signature INVALID (${delivery.error})`
          : 'not verified (no --secret)';
  const parts = [
    delivery.receivedAt.toISOString(),
    dash(delivery.webhookId),
    dash(delivery.type),
    `seq ${dash(delivery.sequence)}`,
    dash(delivery.objectId),
    verification,
    `-> ${delivery.status}`,
  ];
  if (delivery.seen > 1) parts.push(`(seen ${delivery.seen} times)`);
  return parts.join('  ');
}

/** One JSON object per delivery, for --json (one per line). */
export function deliveryRecord(delivery: ReceivedDelivery): Record<string, unknown> {
  return {
    received_at: delivery.receivedAt.toISOString(),
    path: delivery.path,
    status: delivery.status,
    webhook_id: delivery.webhookId,
    webhook_timestamp: delivery.webhookTimestamp,
    type: delivery.type,
    sequence: delivery.sequence,
    object_id: delivery.objectId,
    verification: delivery.verification,
    error: delivery.error,
    seen: delivery.seen,
    signal: delivery.signal,
  };
}

/**
 * Runs the receiver until SIGINT or SIGTERM: what `clubdata receive` does. Deliveries go to
 * stdout (a line each), everything else to stderr, so stdout can be piped.
 */
export async function runReceiver(settings: ReceiverSettings & { json: boolean }): Promise<number> {
  const write = (delivery: ReceivedDelivery) =>
    process.stdout.write(`${settings.json ? JSON.stringify(deliveryRecord(delivery)) : formatDelivery(delivery)}\n`);
  let receiver: Receiver;
  try {
    receiver = await startReceiver(settings, write);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(`clubdata: port ${settings.port} on ${RECEIVER_HOST} is in use; pick another with --port\n`);
      return 1;
    }
    throw error;
  }
  let endpoint: RegisteredEndpoint | undefined;
  if (settings.register) {
    try {
      endpoint = await registerEndpoint(settings.register, `${receiver.url}/webhooks`);
    } catch (error) {
      await receiver.close();
      process.stderr.write(`clubdata: ${(error as Error).message}\n`);
      return 1;
    }
    receiver.useSecret(endpoint.secret);
    process.stderr.write(
      `clubdata receive: registered endpoint ${endpoint.id} for ${receiver.url}/webhooks (every signal type); ` +
        `its signing secret: ${endpoint.secret}. It is deleted when the receiver stops.\n`,
    );
  }
  const checking = settings.secret?.startsWith('whpk_')
    ? "checking signatures with the endpoint's public key"
    : settings.secret || endpoint
      ? "checking signatures with the endpoint's secret"
      : 'NOT checking signatures (no --secret or --key)';
  process.stderr.write(
    `clubdata receive: listening on ${receiver.url} (any path, e.g. ${receiver.url}/webhooks); ${checking}; ` +
      `answering ${settings.status}. Ctrl-C stops.\n`,
  );
  const stop = interruption();
  if (!stop.aborted) await new Promise((resolve) => stop.addEventListener('abort', resolve, { once: true }));
  await receiver.close();
  if (endpoint && settings.register) {
    const deleted = await deleteEndpoint(settings.register, endpoint.id).then(
      () => `deleted endpoint ${endpoint.id}`,
      (error: unknown) => `could not delete endpoint ${endpoint.id} (${(error as Error).message}); delete it with DELETE /v1/webhook_endpoints/${endpoint.id}`,
    );
    process.stderr.write(`clubdata receive: ${deleted}\n`);
  }
  process.stderr.write('clubdata receive: stopped\n');
  return 0;
}

interface RegisteredEndpoint {
  id: string;
  secret: string;
}

/** Calls the service's API; a refusal or an unreachable service becomes one line for people. */
async function callApi(register: Registration, method: string, path: string, body?: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${register.api.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${register.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new Error(describeUnreachable(register.api, connectionCause(error)), { cause: error });
  }
  const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok) throw new Error(`the API refused ${method} ${path}: ${response.status} ${answer?.error?.message ?? ''}`.trim());
  return answer;
}

async function registerEndpoint(register: Registration, url: string): Promise<RegisteredEndpoint> {
  const created = (await callApi(register, 'POST', '/v1/webhook_endpoints', {
    url,
    signal_types: ['*'],
    description: 'clubdata receive',
  })) as { id: string; secret: string };
  return { id: created.id, secret: created.secret };
}

async function deleteEndpoint(register: Registration, id: string): Promise<void> {
  await callApi(register, 'DELETE', `/v1/webhook_endpoints/${id}`);
}
