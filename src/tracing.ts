// Traces of the path a signal takes through the pipeline (docs/webhooks.md, "Traces"), with the
// OpenTelemetry API and SDK: a relay pass of a club, the fan-out of each of its signals, and for
// each delivery its lane (from the claim to the record), each attempt, and the POST, whose W3C
// `traceparent` header lets the receiver's own trace continue ours.
//
// A signal's deliveries are attempted later, by whichever worker process claims them: the
// fan-out span's traceparent is kept on each delivery row (migration 0030), and the attempt
// continues it. Contexts are passed explicitly, not through async context, so no context manager
// is needed and nothing is traced by accident.
//
// Off unless OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set
// (config.traces): then no span is made at all (`tracing.enabled` is false; not even the API's
// no-op spans), and the SDK's tracer and exporter are not even loaded (only the API and the W3C
// propagator are), which is the "nothing measurable" the benchmarks check. On, spans are exported in batches over OTLP/HTTP by the SDK's exporter, which reads the
// standard OTEL_EXPORTER_OTLP_* settings itself.
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';
import { setGlobalErrorHandler, W3CTraceContextPropagator } from '@opentelemetry/core';
import type { TraceSettings } from './config.ts';

/** Whether spans are made; set once, by startTracing or by a test's own provider (useTracerProvider). */
export const tracing = { enabled: false };

/** Ours, from the provider in use; the API's no-op one until then. */
let tracer: Tracer = trace.getTracer('clubdata');
const w3c = new W3CTraceContextPropagator();
type Carrier = Record<string, string>;
const setter: TextMapSetter<Carrier> = { set: (carrier, key, value) => (carrier[key] = value) };
const getter: TextMapGetter<Carrier> = { get: (carrier, key) => carrier[key], keys: (carrier) => Object.keys(carrier) };

/** How long after saying that spans could not be exported it stays quiet (the database's own rule, src/lifecycle.ts). */
const EXPORT_FAILURE_QUIET_MS = 30_000;

/**
 * Starts exporting spans over OTLP (config.traces says whether to, and which share of traces to
 * keep); returns what flushes and stops the exporter at shutdown. A collector that cannot be
 * reached, or refuses the spans, is said through `warn`, once per 30 s with how many more
 * failures followed, rather than silently (the SDK's default) or at every batch.
 */
export async function startTracing(
  settings: TraceSettings,
  env: NodeJS.ProcessEnv,
  serviceName: string,
  warn: (fields: Record<string, unknown>, message: string) => void,
): Promise<() => Promise<void>> {
  let quietUntil = 0;
  let suppressed = 0;
  const report = (error: unknown) => {
    const now = Date.now();
    if (now < quietUntil) {
      suppressed++;
      return;
    }
    quietUntil = now + EXPORT_FAILURE_QUIET_MS;
    const cause = error instanceof Error ? error.message : String(error);
    warn({ cause, ...(suppressed ? { suppressed_since_last: suppressed } : {}) }, `traces could not be exported (not logged again for ${EXPORT_FAILURE_QUIET_MS / 1000} s)`);
    suppressed = 0;
  };
  setGlobalErrorHandler(report);
  const [{ OTLPTraceExporter }, { resourceFromAttributes }, sdk] = await Promise.all([
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace'),
  ]);
  const { BatchSpanProcessor, TracerProvider: SdkTracerProvider, AlwaysOnSampler, AlwaysOffSampler, TraceIdRatioBasedSampler, ParentBasedSampler } = sdk;
  const root = settings.sampler.endsWith('always_off')
    ? new AlwaysOffSampler()
    : settings.sampler.endsWith('traceidratio')
      ? new TraceIdRatioBasedSampler(settings.ratio)
      : new AlwaysOnSampler();
  const provider = new SdkTracerProvider({
    // parentbased_*: a kept relay span keeps its signal's whole trace, whatever process attempts it.
    sampler: settings.sampler.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root,
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || serviceName }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  const stopUsing = useTracerProvider(provider);
  return async () => {
    stopUsing();
    // The last spans, flushed: a collector that is gone is said as any failed export is.
    await provider.shutdown().catch(report);
  };
}

/**
 * Makes spans with this provider from now on (startTracing's, or a test's in-memory one),
 * without registering it as the process's global one: contexts are passed explicitly, so
 * nothing else needs it, and an agent's own provider stays as it was. Returns what stops: after
 * it, no span is made at all, as before.
 */
export function useTracerProvider(provider: TracerProvider): () => void {
  tracer = provider.getTracer('clubdata');
  tracing.enabled = true;
  return () => {
    tracing.enabled = false;
    tracer = trace.getTracer('clubdata');
  };
}

/** A span of ours, a child of `parent` (a context, or none: a root); only call when tracing.enabled. */
export function startSpan(name: string, parent: Context, attributes: Attributes, options: { kind?: SpanKind; startTime?: number } = {}): Span {
  return tracer.startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes, ...(options.startTime ? { startTime: options.startTime } : {}) }, parent);
}

/** The context whose active span is `span`: the parent of its children. */
export function within(span: Span): Context {
  return trace.setSpan(ROOT_CONTEXT, span);
}

/** A span's W3C traceparent, as kept on a delivery and sent to a receiver. */
export function traceparentOf(span: Span): string | null {
  const carrier: Carrier = {};
  w3c.inject(within(span), carrier, setter);
  return carrier.traceparent ?? null;
}

/** The context a kept traceparent names (the root when there is none, or it is malformed). */
export function contextOf(traceparent: string | null): Context {
  if (!traceparent) return ROOT_CONTEXT;
  return w3c.extract(ROOT_CONTEXT, { traceparent }, getter);
}

/** Ends a span, marked as an error when `error` says what went wrong. */
export function endSpan(span: Span, error?: string | null): void {
  if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: error });
  span.end();
}

export { SpanKind };
