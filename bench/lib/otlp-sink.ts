// A stand-in OpenTelemetry collector for `bench/pipeline.ts --traces`: an OTLP/HTTP endpoint on
// loopback that takes the worker's span exports (JSON, as @opentelemetry/exporter-trace-otlp-http
// sends them), answers each at once as a collector does, and counts requests and spans. It runs
// in the benchmark's own process: what the worker pays for tracing is what is measured.
import { createServer, type Server } from 'node:http';

export class OtlpSink {
  requests = 0;
  spans = 0;
  bytes = 0;
  url = '';
  #server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      this.requests++;
      this.bytes += body.length;
      try {
        const spans = (JSON.parse(body.toString('utf8')) as { resourceSpans?: { scopeSpans?: { spans?: unknown[] }[] }[] }).resourceSpans ?? [];
        for (const resource of spans) for (const scope of resource.scopeSpans ?? []) this.spans += scope.spans?.length ?? 0;
      } catch {
        // Not JSON (a protobuf exporter): counted as a request only.
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    const address = this.#server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  stop(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
