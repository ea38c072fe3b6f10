// One request to the API, with what every call needs: the key, a timeout per attempt, the
// caller's AbortSignal, an Idempotency-Key on every POST, and retries with backoff and jitter
// for what is safe to retry (docs/sdk.md, "Retries").
import { ClubDataError, ConnectionError, errorFromResponse, TimeoutError } from './errors.ts';

export interface ClientOptions {
  /** The API key (`cd_live_...`). */
  apiKey: string;
  /** Where the service is, e.g. `https://clubdata.example.com`; `http://localhost:3000` (a service run locally) by default. */
  baseUrl?: string | undefined;
  /** Retries after the first attempt (429, 5xx, no answer); 2 by default, 0 turns them off. */
  maxRetries?: number | undefined;
  /** Milliseconds one attempt may take before it is abandoned (and retried); 30,000 by default. */
  timeout?: number | undefined;
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch | undefined;
}

/** What one call may add to the client's settings. */
export interface RequestOptions {
  /** Aborts the call, including its retries and waits. */
  signal?: AbortSignal | undefined;
  /** Overrides the client's `timeout` for this call. */
  timeout?: number | undefined;
  /** Overrides the client's `maxRetries` for this call. */
  maxRetries?: number | undefined;
  /** For POST: the key that makes retries safe; one is made for each call by default. */
  idempotencyKey?: string | undefined;
}

/** What a response said besides its body. */
export interface ResponseMeta {
  status: number;
  /** X-Request-Id. */
  requestId: string | undefined;
  /**
   * The watermark (Signal-Sequence): the club's last signal sequence visible in the snapshot the
   * body came from. Undefined on responses that carry none (writes, public routes).
   */
  signalSequence: number | undefined;
  headers: Headers;
}

/** A result with what its response said, as `lastResponse` (not enumerable: JSON.stringify leaves it out). */
export type WithResponse<T> = T & { readonly lastResponse: ResponseMeta };

export type QueryValue = string | number | boolean | readonly string[] | undefined;

/** One attempt about to be sent: what the client's 'request' hook is given. */
export interface RequestEvent {
  /** The operation of the API's OpenAPI document (`listCustomers`, `createWebhookEndpoint`...). */
  operationId: string;
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  /** 0 for the first attempt, then 1, 2... for the retries of the same call. */
  attempt: number;
  /** The POST's Idempotency-Key, the same on each of its attempts. */
  idempotencyKey: string | undefined;
}

/** How one attempt ended: what the client's 'response' hook is given. */
export interface ResponseEvent extends RequestEvent {
  /** The HTTP status; undefined when no answer came (the connection failed, or the timeout passed). */
  status: number | undefined;
  /** X-Request-Id, to quote when asking about a request. */
  requestId: string | undefined;
  /** Milliseconds from sending to the response's headers, or to giving up. */
  elapsedMs: number;
  /** The typed error the attempt ended with; undefined when it succeeded. It may still be retried. */
  error: ClubDataError | undefined;
}

/** The client's hooks, by name (`club.on('request', ...)`). */
export interface ClubDataHooks {
  request: (event: RequestEvent) => void;
  response: (event: ResponseEvent) => void;
}

interface Call {
  /** The operation's id in the OpenAPI document, for the hooks. */
  operationId: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, QueryValue> | undefined;
  body?: unknown;
  headers?: Record<string, string> | undefined;
}

// The newest part of Node the client uses is AbortSignal.any (Node 20.3), for a call's timeout
// and its caller's signal together: on an older Node, say so at import rather than mid-call.
if (typeof AbortSignal.any !== 'function') {
  throw new Error(`@clubdata/sdk needs Node 20.3 or later (AbortSignal.any); this is Node ${process.versions.node}.`);
}

const DEFAULT_BASE_URL = 'http://localhost:3000';
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RETRIES = 2;
const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;
/** A Retry-After longer than this is not waited for: the error surfaces instead. */
const MAX_RETRY_AFTER_MS = 60_000;
const VERSION = '0.1.0';

export function encodeQuery(query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    params.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The delay before retry `retry` (1-based): exponential, capped, with jitter between half and all of it. */
export function backoffDelay(retry: number, random = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, INITIAL_DELAY_MS * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Retry-After (seconds or an HTTP date) in ms; undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Whether a failed attempt may be made again: the answer (or its absence) and the method decide. */
function retryable(method: Call['method'], failure: ClubDataError): boolean {
  if (failure instanceof ConnectionError) {
    // GET changes nothing and a POST carries its Idempotency-Key. A DELETE that got no answer
    // may have been done, and doing it again would answer 404: only a refused connection, where
    // nothing was sent, is retried.
    return method !== 'DELETE' || failure.code === 'connection_refused';
  }
  if (failure.status === 429) return true;
  if (failure.code === 'idempotency_key_in_use') return true;
  return method !== 'DELETE' && failure.status !== undefined && failure.status >= 500;
}

function connectionError(error: unknown, timedOut: boolean): ConnectionError {
  if (timedOut) return new TimeoutError({ type: 'connection_error', code: 'timeout', message: 'The request timed out.' }, undefined, undefined, { cause: error });
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code === 'ECONNREFUSED' ? 'connection_refused' : 'connection_failed';
  const message = `Could not reach the service: ${cause?.message ?? (error as Error).message}`;
  return new ConnectionError({ type: 'connection_error', code, message }, undefined, undefined, { cause: error });
}

export class Transport {
  readonly baseUrl: string;
  readonly #apiKey: string;
  readonly #maxRetries: number;
  readonly #timeout: number;
  readonly #fetch: typeof fetch;
  readonly hooks: { [Name in keyof ClubDataHooks]: Set<ClubDataHooks[Name]> } = { request: new Set(), response: new Set() };

  constructor(options: ClientOptions) {
    if (typeof options.apiKey !== 'string' || options.apiKey === '') throw new TypeError('ClubData: apiKey is required');
    this.#apiKey = options.apiKey;
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.#maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.#timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** The JSON body of a successful call, with its response's metadata. */
  async request<T>(call: Call, options: RequestOptions = {}): Promise<{ body: T; meta: ResponseMeta }> {
    const { response, text } = await this.#call(call, options, false);
    return { body: JSON.parse(text!) as T, meta: metaOf(response) };
  }

  /**
   * A successful response with its body unread, for a stream: the timeout covers the wait for
   * the headers only. Errors are thrown typed; what may be retried is retried first.
   */
  async open(call: Call, options: RequestOptions = {}): Promise<Response> {
    return (await this.#call(call, options, true)).response;
  }

  async #call(call: Call, options: RequestOptions, streaming: boolean): Promise<Answer> {
    const maxRetries = options.maxRetries ?? this.#maxRetries;
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#apiKey}`,
      accept: streaming ? 'text/event-stream' : 'application/json',
      'user-agent': `clubdata-sdk/${VERSION} node/${process.versions.node}`,
      ...call.headers,
    };
    if (call.method === 'POST') headers['idempotency-key'] = options.idempotencyKey ?? crypto.randomUUID();
    let payload: string | undefined;
    if (call.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(call.body);
    }
    const url = `${this.baseUrl}${call.path}${encodeQuery(call.query)}`;
    for (let attempt = 0; ; attempt++) {
      const sent: RequestEvent = { operationId: call.operationId, method: call.method, url, attempt, idempotencyKey: headers['idempotency-key'] };
      for (const hook of this.hooks.request) hook({ ...sent });
      const started = performance.now();
      const outcome = await this.#attempt(url, call.method, headers, payload, options, streaming);
      const failure = outcome instanceof ClubDataError ? outcome : undefined;
      const response = outcome instanceof ClubDataError ? undefined : outcome.response;
      const ended: ResponseEvent = {
        ...sent,
        status: response ? response.status : failure?.status,
        requestId: response ? (response.headers.get('x-request-id') ?? undefined) : failure?.requestId,
        elapsedMs: performance.now() - started,
        error: failure,
      };
      for (const hook of this.hooks.response) hook({ ...ended });
      if (!(outcome instanceof ClubDataError)) return outcome;
      if (attempt >= maxRetries || !retryable(call.method, outcome)) throw outcome;
      let delay = backoffDelay(attempt + 1);
      const asked = outcome.headers && retryAfterMs(outcome.headers);
      if (asked !== undefined) {
        if (asked > MAX_RETRY_AFTER_MS) throw outcome;
        delay = Math.max(delay, asked);
      }
      await sleep(delay, options.signal);
    }
  }

  /**
   * One attempt: the response (and its text unless streaming) when it succeeded, the typed error
   * when not. The caller's signal aborting throws its reason as it is, never as a ClubDataError.
   */
  async #attempt(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    options: RequestOptions,
    streaming: boolean,
  ): Promise<Answer | ClubDataError> {
    options.signal?.throwIfAborted();
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), options.timeout ?? this.#timeout);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
    try {
      const response = await this.#fetch(url, { method, headers, body, signal, redirect: 'error' });
      if (response.ok && streaming) return { response };
      const text = await response.text();
      if (response.ok) return { response, text };
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      return errorFromResponse(response.status, response.headers, parsed);
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      return connectionError(error, timeout.signal.aborted);
    } finally {
      clearTimeout(timer);
    }
  }
}

interface Answer {
  response: Response;
  text?: string;
}

export function metaOf(response: Response): ResponseMeta {
  const sequence = response.headers.get('signal-sequence');
  return {
    status: response.status,
    requestId: response.headers.get('x-request-id') ?? undefined,
    signalSequence: sequence === null ? undefined : Number(sequence),
    headers: response.headers,
  };
}

/** The body with its metadata as a non-enumerable `lastResponse`. */
export function withResponse<T extends object>(body: T, meta: ResponseMeta): WithResponse<T> {
  Object.defineProperty(body, 'lastResponse', { value: meta, enumerable: false });
  return body as WithResponse<T>;
}
