// Following a club's signals as they commit: GET /v1/signals/stream read as server-sent events
// (streamSignals, one connection), and a follower that reconnects and resumes after the last
// sequence it reached, watermarks included, so nothing is lost or repeated (followSignals).
import { ClubDataError, ConnectionError, RateLimitError } from './errors.ts';
import { backoffDelay, retryAfterMs, sleep, type RequestOptions, type Transport } from './http.ts';
import type { components } from './openapi.ts';

type Signal = components['schemas']['Signal'];
export type SignalType = Signal['type'];

export interface StreamOptions {
  /** Start after this sequence (a Signal-Sequence header, a watermark); the club's current one by default. */
  afterSequence?: number | undefined;
  /** Only signals of this type (the cursor still moves past the others, through watermarks). */
  type?: SignalType | undefined;
}

/** One event of the stream: a signal, or the sequence the stream has reached without one. */
export type StreamEvent = { kind: 'signal'; sequence: number; signal: Signal } | { kind: 'watermark'; sequence: number };

export interface FollowOptions {
  /** Resume after this sequence; the club's current sequence by default (only what commits from now on). */
  afterSequence?: number | undefined;
  /** Only these types; all the key's scopes allow by default. */
  types?: readonly SignalType[] | undefined;
  /** Stops following: the iteration ends by throwing the signal's reason. */
  signal?: AbortSignal | undefined;
  /** The longest wait between reconnections, in ms (30,000 by default). */
  maxReconnectDelay?: number | undefined;
}

const MAX_RECONNECT_DELAY_MS = 30_000;

/** Reads one stream until the service ends it; a dropped connection throws a ConnectionError. */
export async function* streamSignals(http: Transport, params: StreamOptions = {}, options: RequestOptions = {}): AsyncGenerator<StreamEvent, void, undefined> {
  const response = await http.open(
    { operationId: 'streamSignals', method: 'GET', path: '/v1/signals/stream', query: { after_sequence: params.afterSequence, type: params.type } },
    options,
  );
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let id: string | undefined;
  let name = 'message';
  let data: string[] = [];
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason;
        throw new ConnectionError({ type: 'connection_error', code: 'stream_dropped', message: 'The signal stream was cut off.' }, undefined, undefined, { cause: error });
      }
      if (chunk.done) return;
      buffer += chunk.value;
      let end: number;
      while ((end = buffer.search(/\r\n|\r|\n/)) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(buffer[end] === '\r' && buffer[end + 1] === '\n' ? end + 2 : end + 1);
        if (line === '') {
          const event = dispatch(id, name, data);
          if (event) yield event;
          name = 'message';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'event') name = value;
        else if (field === 'data') data.push(value);
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function dispatch(id: string | undefined, name: string, data: string[]): StreamEvent | undefined {
  const sequence = Number(id);
  if (id === undefined || !Number.isSafeInteger(sequence)) return undefined;
  if (name === 'signal') return { kind: 'signal', sequence, signal: JSON.parse(data.join('\n')) as Signal };
  if (name === 'watermark') return { kind: 'watermark', sequence };
  return undefined;
}

/** An endless iteration over the club's signals, resuming after `sequence` whenever it reconnects. */
export class SignalFollower implements AsyncIterable<Signal> {
  readonly #http: Transport;
  readonly #options: FollowOptions;
  #sequence: number | undefined;

  constructor(http: Transport, options: FollowOptions) {
    this.#http = http;
    this.#options = options;
    this.#sequence = options.afterSequence;
  }

  /** The last sequence reached, by a signal or a watermark: resuming after it loses nothing. */
  get sequence(): number | undefined {
    return this.#sequence;
  }

  /** Signals and watermarks, so that a caller saving its place can save it on either. */
  async *events(): AsyncGenerator<StreamEvent, void, undefined> {
    const { signal, types } = this.#options;
    const only = types && types.length > 0 ? new Set<string>(types) : undefined;
    const maxDelay = this.#options.maxReconnectDelay ?? MAX_RECONNECT_DELAY_MS;
    let failures = 0;
    for (;;) {
      let wait: number | undefined;
      try {
        const stream = streamSignals(
          this.#http,
          { afterSequence: this.#sequence, type: only?.size === 1 ? types![0] : undefined },
          { signal, maxRetries: 0 },
        );
        for await (const event of stream) {
          failures = 0;
          this.#sequence = event.sequence;
          if (event.kind === 'signal' && only && !only.has(event.signal.type)) continue;
          yield event;
        }
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (!reconnectable(error)) throw error;
        wait = error instanceof ClubDataError && error.headers ? retryAfterMs(error.headers) : undefined;
      }
      // The stream ended (the server shut down or dropped it): resume after what was reached,
      // at once after a stream that worked, then backing off while reconnecting keeps failing.
      failures++;
      const ms = Math.min(maxDelay, Math.max(wait ?? 0, failures === 1 ? 0 : backoffDelay(failures - 1)));
      if (ms > 0) await sleep(ms, signal);
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Signal, void, undefined> {
    for await (const event of this.events()) if (event.kind === 'signal') yield event.signal;
  }
}

/** No answer, an answer from a server in trouble, or too many requests: worth reconnecting. */
function reconnectable(error: unknown): boolean {
  if (error instanceof ConnectionError || error instanceof RateLimitError) return true;
  return error instanceof ClubDataError && error.status !== undefined && error.status >= 500;
}

export function followSignals(http: Transport, options: FollowOptions = {}): SignalFollower {
  return new SignalFollower(http, options);
}
