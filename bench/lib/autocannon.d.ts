// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    /** Milliseconds between samples; a run ends at the first one after its duration. */
    sampleInt?: number;
    headers?: Record<string, string>;
    method?: string;
    timeout?: number;
  }

  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    requests: { total: number; average: number; sent: number };
    latency: { p50: number; p99: number; average: number };
    [key: string]: unknown;
  }

  interface Instance extends EventEmitter, PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
    stop(): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
