// Delivery: one attempt of one (signal, endpoint), in named steps as in Svix's worker:
// claim -> prepare (endpoint and stored signal, read now, never from the job) -> sign and POST
// -> record the attempt and decide (done, retry later, give up, disable the endpoint).
// A retry goes back to BullMQ as a delayed job; the attempt count and the due time live in the
// deliveries table, so a job recreated after a queue loss continues the same schedule.
import { DelayedError, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '../src/config.ts';
import {
  cancelDelivery,
  claimDelivery,
  loadDeliveryTarget,
  recordAttempt,
  type DeliveryKey,
} from '../src/db/deliveries.ts';
import type { Pool } from '../src/db/pool.ts';
import { postDelivery, type AttemptOutcome } from '../src/delivery/http-client.ts';
import { attemptsAllowed, nextRetryDelay } from '../src/domain/retry-schedule.ts';
import type { SecretBox } from '../src/domain/secrets.ts';
import { signDelivery } from '../src/domain/signing.ts';
import type { DeliveryMetrics } from '../src/metrics.ts';
import type { DeliveryJob } from '../src/queue/queues.ts';

/** Thrown to make BullMQ retry the job after `delayMs` (see the worker's backoffStrategy). */
export class RetryLater extends Error {
  readonly delayMs: number;
  constructor(delayMs: number, reason: string) {
    super(reason);
    this.delayMs = delayMs;
  }
}

export interface DeliverOptions {
  pool: Pool;
  config: Config;
  secretBox: SecretBox;
  log: Logger;
  metrics: DeliveryMetrics;
}

export function createDeliveryProcessor(options: DeliverOptions) {
  const { pool, config, secretBox, metrics } = options;
  const schedule = config.delivery.retrySchedule;
  const maxAttempts = attemptsAllowed(schedule);
  // Longer than any attempt can take, so a lease only lapses when its worker died.
  const leaseMs = config.delivery.timeoutMs + 10_000;
  const guard = config.environment === 'development' ? 'allow-private' : 'public-only';
  // Per-endpoint concurrency in this process: a slow or hanging receiver occupies at most this
  // many of the worker's slots, so the other endpoints keep their latency.
  const inFlight = new Map<string, number>();

  return async function deliver(job: Job<DeliveryJob>, token?: string): Promise<string> {
    const key: DeliveryKey = { clubId: job.data.clubId, endpointId: job.data.endpointId, sequence: job.data.sequence };
    const log = options.log.child({ signal_id: job.data.signalId, endpoint_id: key.endpointId, club_id: key.clubId });
    const busy = inFlight.get(key.endpointId) ?? 0;
    if (busy >= config.delivery.perEndpointConcurrency) {
      // Not an attempt: step aside for a moment and let other endpoints' jobs run.
      await job.moveToDelayed(Date.now() + 200 + Math.floor(Math.random() * 300), token);
      throw new DelayedError();
    }
    const claim = await claimDelivery(pool, key, leaseMs);
    if (claim.state === 'done') return 'already done';
    // Leased by a worker that may have died, or not due: look again when the lease or due time passes.
    if (claim.state === 'later') throw new RetryLater(claim.inMs, 'leased by another worker or not due yet');
    inFlight.set(key.endpointId, busy + 1);
    try {
      return await attemptDelivery(key, claim.attempt, log);
    } finally {
      const left = (inFlight.get(key.endpointId) ?? 1) - 1;
      if (left <= 0) inFlight.delete(key.endpointId);
      else inFlight.set(key.endpointId, left);
    }
  };

  async function attemptDelivery(key: DeliveryKey, attempt: number, log: Logger): Promise<string> {
    const target = await loadDeliveryTarget(pool, key);
    if (!target || !target.active) {
      // Deleted or disabled since the job was made: never posted to again.
      await cancelDelivery(pool, key);
      log.info({ attempt }, 'delivery canceled: endpoint deleted or disabled');
      metrics.deliveries.inc({ outcome: 'canceled' });
      return 'canceled';
    }
    const secrets = [secretBox.open(target.secret), ...(target.previousSecret ? [secretBox.open(target.previousSecret)] : [])];
    const attemptedAt = new Date();
    const headers = signDelivery({
      signalId: target.signalId,
      timestampSeconds: Math.floor(attemptedAt.getTime() / 1000),
      body: target.body,
      secrets,
    });
    const outcome: AttemptOutcome = await postDelivery({
      url: target.url,
      headers,
      body: target.body,
      timeoutMs: config.delivery.timeoutMs,
      guard,
    });
    metrics.attemptDuration.observe({ kind: outcome.kind }, outcome.durationMs / 1000);
    const succeeded = outcome.kind === 'success';
    const retryDelayMs = succeeded
      ? null
      : nextRetryDelay(schedule, attempt, { retryAfterMs: outcome.retryAfterMs ?? undefined });
    const result = await recordAttempt(
      pool,
      key,
      target.signalId,
      {
        attemptNumber: attempt,
        attemptedAt,
        statusCode: outcome.statusCode,
        error: outcome.error,
        durationMs: Math.round(outcome.durationMs),
        responseExcerpt: outcome.responseExcerpt,
      },
      { succeeded, gone: outcome.gone, retryDelayMs, disableAfterMs: config.delivery.disableAfterMs },
    );
    const line = { attempt, of: maxAttempts, status_code: outcome.statusCode, duration_ms: Math.round(outcome.durationMs) };
    switch (result.outcome) {
      case 'succeeded':
        metrics.deliveries.inc({ outcome: 'succeeded' });
        metrics.lag.observe((Date.now() - target.signalCreatedAt.getTime()) / 1000);
        log.info(line, 'delivery succeeded');
        return 'succeeded';
      case 'retry':
        metrics.deliveries.inc({ outcome: 'retried' });
        log.info({ ...line, error: outcome.error, retry_in_ms: result.delayMs }, 'delivery attempt failed; will retry');
        throw new RetryLater(result.delayMs, outcome.error ?? `HTTP ${outcome.statusCode}`);
      case 'failed':
        metrics.deliveries.inc({ outcome: 'failed' });
        log.warn({ ...line, error: outcome.error }, 'delivery failed: retry schedule exhausted');
        return 'failed';
      case 'endpoint_disabled':
        metrics.deliveries.inc({ outcome: 'failed' });
        metrics.endpointsDisabled.inc({ reason: result.reason });
        log.warn({ ...line, error: outcome.error, reason: result.reason }, 'delivery failed; endpoint disabled');
        return 'failed';
    }
  }
}

