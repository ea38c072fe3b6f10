// A collector the worker cannot reach: startTracing says so through its warn callback, once per
// 30 s, rather than silently (the SDK's default) or once per batch of spans.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { contextOf, endSpan, startSpan, startTracing } from '../../src/tracing.ts';
import { freePort } from './processes.ts';

describe('exporting traces to a collector that is not there', () => {
  it('says so once, naming the cause, and stopping still resolves', async () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await freePort()}` };
    const settings = loadConfig(env).traces!;
    const warnings: { fields: Record<string, unknown>; message: string }[] = [];
    const previous = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = env.OTEL_EXPORTER_OTLP_ENDPOINT;
    try {
      const stop = await startTracing(settings, env, 'clubdata-test', (fields, message) => warnings.push({ fields, message }));
      for (let i = 0; i < 3; i++) endSpan(startSpan('relay', contextOf(null), { 'clubdata.club.id': 'club_x' }));
      await stop();
    } finally {
      if (previous === undefined) delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
      else process.env.OTEL_EXPORTER_OTLP_ENDPOINT = previous;
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toBe('traces could not be exported (not logged again for 30 s)');
    expect(String(warnings[0]!.fields.cause)).not.toBe('');
  }, 60_000);
});
