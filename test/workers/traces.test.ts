// Traces (docs/webhooks.md, "Traces"): one signal's spans end to end, exported to the SDK's
// in-memory exporter by the real pipeline posting to a real receiver. The relay's span is the
// root; the signal's fan-out is under it; each attempt's lane, attempt and POST spans continue
// the fan-out's trace through the traceparent its delivery keeps, a retry's too; the receiver
// gets the POST span's context as its traceparent header.
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { Pool } from '../../src/db/pool.ts';
import { useTracerProvider } from '../../src/tracing.ts';
import { cleanUp, createTestDatabase, insertClub } from '../helper.ts';
import { eventually, insertCustomer, insertEndpoint, runPipeline, type RunningPipeline } from './pipeline-helper.ts';
import { TestReceiver } from './receiver.ts';

const exporter = new InMemorySpanExporter();

describe('the spans of one signal', () => {
  let pool: Pool;
  let running: RunningPipeline;
  let receiver: TestReceiver;

  // Test files share a process (vitest.config.ts, isolate: false): tracing stops with this file.
  let stopTracing: () => void = () => {};
  afterAll(() => stopTracing());

  beforeAll(async () => {
    stopTracing = useTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
    let url: string;
    ({ pool, url } = await createTestDatabase());
    // A retry 100 ms after a failure, so that the signal's second attempt is in the test too.
    running = await runPipeline(pool, url, { backend: 'redis', delivery: { retrySchedule: [100, 100] } });
    receiver = await new TestReceiver().start();
    cleanUp(() => receiver.stop());
  });

  it('relay → fan-out → lane → attempt → POST, one trace, with the ids, numbers and statuses as attributes, continued by the receiver', async () => {
    const club = await insertClub(pool);
    const endpoint = await insertEndpoint(pool, running.secretBox, club.id, receiver.url);
    let answers = 0;
    receiver.respond = () => ({ status: ++answers === 1 ? 503 : 200 });
    await insertCustomer(pool, club.id);
    const { rows } = await pool.query<{ id: string; sequence: string }>('SELECT id, sequence FROM signals WHERE club_id = $1', [club.id]);
    const signal = rows[0]!;
    await receiver.waitFor(() => receiver.deliveredIds(endpoint.path).size === 1, 30_000, 'the delivery');
    const spans = () => exporter.getFinishedSpans().filter((s) => [s.attributes['clubdata.club.id']].includes(club.id) || s.name === 'POST');
    const named = (name: string) => spans().filter((s) => s.name === name && s.attributes['clubdata.club.id'] === club.id);
    // Both attempts recorded: their lane spans end with the record.
    await eventually('both attempts traced', async () => named('lane').length === 2);

    const [relay] = named('relay').filter((s) => Number(s.attributes['clubdata.signal.sequence.from']) <= Number(signal.sequence));
    expect(relay, 'the relay span').toBeDefined();
    expect(relay!.parentSpanContext).toBeUndefined();
    const traceId = relay!.spanContext().traceId;
    const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

    const fanOuts = named('fan-out');
    expect(fanOuts).toHaveLength(1);
    const fanOut = fanOuts[0]!;
    expect(fanOut.spanContext().traceId).toBe(traceId);
    expect(parentOf(fanOut)).toBe(relay!.spanContext().spanId);
    expect(fanOut.attributes).toMatchObject({ 'clubdata.signal.id': signal.id, 'clubdata.signal.sequence': Number(signal.sequence), 'clubdata.deliveries': 1 });

    const attempts = named('attempt').sort((a, b) => Number(a.attributes['clubdata.attempt.number']) - Number(b.attributes['clubdata.attempt.number']));
    expect(attempts.map((a) => [a.attributes['clubdata.attempt.number'], a.attributes['clubdata.attempt.outcome']])).toEqual([
      [1, 'retry'],
      [2, 'succeeded'],
    ]);
    const posts = exporter.getFinishedSpans().filter((s) => s.name === 'POST' && s.spanContext().traceId === traceId);
    expect(posts).toHaveLength(2);
    for (const attempt of attempts) {
      expect(attempt.spanContext().traceId).toBe(traceId);
      expect(attempt.attributes).toMatchObject({ 'clubdata.signal.id': signal.id, 'clubdata.endpoint.id': endpoint.id });
      // attempt under its lane, the lane under the signal's fan-out, wherever the attempt ran.
      const lane = named('lane').find((l) => l.spanContext().spanId === parentOf(attempt))!;
      expect(lane, 'the attempt\'s lane span').toBeDefined();
      expect(parentOf(lane)).toBe(fanOut.spanContext().spanId);
      const post = posts.find((p) => parentOf(p) === attempt.spanContext().spanId)!;
      expect(post.kind).toBe(SpanKind.CLIENT);
      expect(post.attributes).toMatchObject({ 'http.request.method': 'POST', 'server.address': '127.0.0.1' });
    }
    const [failedPost, succeededPost] = attempts.map((a) => posts.find((p) => parentOf(p) === a.spanContext().spanId)!);
    expect(failedPost!.attributes['http.response.status_code']).toBe(503);
    expect(failedPost!.status.code).toBe(SpanStatusCode.ERROR);
    expect(succeededPost!.attributes['http.response.status_code']).toBe(200);
    expect(succeededPost!.status.code).not.toBe(SpanStatusCode.ERROR);

    // The receiver's own trace continues the POST's: its traceparent names that span.
    const traceparents = receiver.at(endpoint.path).map((r) => r.headers.traceparent);
    expect(traceparents).toEqual(
      [failedPost!, succeededPost!].map((p) => `00-${traceId}-${p.spanContext().spanId}-01`),
    );
  }, 60_000);
});

describe('the trace settings a worker reads (loadConfig)', () => {
  const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };

  it('traces nothing without an OTLP endpoint, or with OTEL_TRACES_EXPORTER=none; keeps every trace by default', () => {
    expect(loadConfig({}).traces).toBeNull();
    expect(loadConfig({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' }).traces).toBeNull();
    expect(loadConfig(endpoint).traces).toEqual({ sampler: 'parentbased_always_on', ratio: 1 });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' }).traces).not.toBeNull();
    expect(loadConfig({ ...endpoint, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' }).traces).toEqual({
      sampler: 'parentbased_traceidratio',
      ratio: 0.1,
    });
  });

  it('refuses a sampler, a share or an exporter it would not honour, naming the variable', () => {
    expect(() => loadConfig({ ...endpoint, OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toThrow(/OTEL_TRACES_SAMPLER must be one of/);
    for (const arg of ['1.5', '-0.1', '1e-1', 'NaN', 'half']) {
      expect(() => loadConfig({ ...endpoint, OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: arg }), arg).toThrow(/OTEL_TRACES_SAMPLER_ARG must be a share from 0 to 1/);
    }
    expect(() => loadConfig({ ...endpoint, OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(/OTEL_TRACES_EXPORTER must be otlp or none/);
  });
});
