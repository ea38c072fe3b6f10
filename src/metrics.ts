// Prometheus metrics of the pipeline and of the signal streams, served at /metrics behind the
// operator credentials.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface DeliveryMetrics {
  registry: Registry;
  deliveries: Counter<'outcome'>;
  attemptDuration: Histogram<'kind'>;
  lag: Histogram<string>;
  endpointsDisabled: Counter<'reason'>;
  laneRuns: Counter<string>;
  lanes: Gauge<'state'>;
  shardRuns: Counter<string>;
  queueDepth: Gauge<'queue' | 'state'>;
  endpoints: Gauge<'state'>;
  endpointState: Gauge<'club_id' | 'endpoint_id' | 'state'>;
  endpointGivenUp: Gauge<'club_id' | 'endpoint_id'>;
  signalStreamsOpened: Counter<string>;
  signalStreamsOpen: Gauge<string>;
  signalStreamEvents: Counter<'event'>;
}

/**
 * The most endpoints the per-endpoint gauges show: a series per endpoint of a platform would be
 * thousands, so only those that need someone (failing, then disabled) are shown, and only so
 * many; clubdata_endpoints counts them all.
 */
export const ENDPOINT_SERIES = 100;

export function createMetrics(): DeliveryMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'clubdata_process_' });
  return {
    registry,
    deliveries: new Counter({
      name: 'clubdata_deliveries_total',
      help: 'Delivery attempts by outcome: succeeded, retried (failed, will retry), throttled (429 or 503 with Retry-After: no attempt used), failed (given up), canceled',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    attemptDuration: new Histogram({
      name: 'clubdata_delivery_attempt_duration_seconds',
      help: 'Duration of each HTTP attempt, by result kind',
      labelNames: ['kind'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
      registers: [registry],
    }),
    lag: new Histogram({
      name: 'clubdata_delivery_lag_seconds',
      help: 'From the signal commit to its successful delivery',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600],
      registers: [registry],
    }),
    endpointsDisabled: new Counter({
      name: 'clubdata_endpoints_disabled_total',
      help: 'Endpoints disabled by the pipeline, by reason (failing, gone)',
      labelNames: ['reason'],
      registers: [registry],
    }),
    laneRuns: new Counter({
      name: 'clubdata_lane_runs_total',
      help: 'Lane runs in this process: a lane kept running by its relay counts once however many deliveries it makes',
      registers: [registry],
    }),
    lanes: new Gauge({
      name: 'clubdata_lanes',
      help: 'Lanes of this process by state: running, or waiting for one of its DELIVERY_CONCURRENCY slots',
      labelNames: ['state'],
      registers: [registry],
    }),
    shardRuns: new Counter({
      name: 'clubdata_shard_runs_total',
      help: 'Shard jobs this process started to serve: a shard kept busy counts once however many lanes it runs',
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: 'clubdata_queue_jobs',
      help: 'Jobs in each queue by state, read when scraped',
      labelNames: ['queue', 'state'],
      registers: [registry],
    }),
    endpoints: new Gauge({
      name: 'clubdata_endpoints',
      help: 'Webhook endpoints of every club by state: healthy, failing (active, its last attempts failed), disabled; read every 5 s',
      labelNames: ['state'],
      registers: [registry],
    }),
    endpointState: new Gauge({
      name: 'clubdata_endpoint_state',
      help: `1 for each endpoint failing or disabled, by state: at most ${ENDPOINT_SERIES} series, the longest failing first, then the latest disabled; read every 5 s`,
      labelNames: ['club_id', 'endpoint_id', 'state'],
      registers: [registry],
    }),
    endpointGivenUp: new Gauge({
      name: 'clubdata_endpoint_given_up_deliveries',
      help: `Given-up deliveries not sent again since (counted up to 10000, as the endpoint object counts them), of the endpoints clubdata_endpoint_state shows (at most ${ENDPOINT_SERIES} series)`,
      labelNames: ['club_id', 'endpoint_id'],
      registers: [registry],
    }),
    signalStreamsOpened: new Counter({
      name: 'clubdata_signal_streams_opened_total',
      help: 'Signal streams (GET /v1/signals/stream) opened by this process',
      registers: [registry],
    }),
    signalStreamsOpen: new Gauge({
      name: 'clubdata_signal_streams_open',
      help: 'Signal streams open now in this process',
      registers: [registry],
    }),
    signalStreamEvents: new Counter({
      name: 'clubdata_signal_stream_events_total',
      help: 'Events sent on signal streams, by event: signal, watermark',
      labelNames: ['event'],
      registers: [registry],
    }),
  };
}
