// Delivery: one attempt of one (signal, endpoint), in named steps as in Svix's worker:
// claim and prepare (the endpoint and stored signal, read with the claim, never from the job)
// -> sign and POST -> record the attempt and decide (done, retry later, give up, disable the
// endpoint).
// A retry goes back to BullMQ as a delayed job; the attempt count and the due time live in the
// deliveries table, so a job recreated after a queue loss continues the same schedule.
import { DelayedError, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '../src/config.ts';
import {
  cancelDelivery,
  claimDelivery,
  recordAttempt,
  type DeliveryKey,
  type DeliveryTarget,
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
  const slots = new EndpointSlots(config.delivery.perEndpointConcurrency, config.delivery.concurrency);
  // Opened secrets by their sealed bytes: AES-GCM setup at every attempt was a tenth of the
  // worker's own CPU. A rotated secret has new sealed bytes, so an entry is never stale; the map
  // is emptied when it grows past any realistic number of endpoints.
  const opened = new Map<string, string>();
  const openSecret = (sealed: Buffer): string => {
    const key = sealed.toString('base64');
    let secret = opened.get(key);
    if (secret === undefined) {
      if (opened.size >= 10_000) opened.clear();
      secret = secretBox.open(sealed);
      opened.set(key, secret);
    }
    return secret;
  };

  return async function deliver(job: Job<DeliveryJob>, token?: string): Promise<string> {
    const key: DeliveryKey = { clubId: job.data.clubId, endpointId: job.data.endpointId, sequence: job.data.sequence };
    const slot = slots.acquire(key.endpointId);
    if (!slot) {
      // Not an attempt: step aside for a moment and let other endpoints' jobs run.
      await job.moveToDelayed(Date.now() + 200 + Math.floor(Math.random() * 300), token);
      throw new DelayedError();
    }
    try {
      const claim = await claimDelivery(pool, key, leaseMs);
      if (claim.state === 'done') return 'already done';
      // Leased by a worker that may have died, or not due: look again when the lease or due time passes.
      if (claim.state === 'later') throw new RetryLater(claim.inMs, 'leased by another worker or not due yet');
      return await attemptDelivery(key, claim.attempt, claim.target, job.data.signalId, slot);
    } finally {
      slots.release(slot); // a no-op when the attempt released it already
    }
  };

  async function attemptDelivery(
    key: DeliveryKey,
    attempt: number,
    target: DeliveryTarget | null,
    signalId: string,
    slot: Slot,
  ): Promise<string> {
    // A child logger per attempt only costs when there is something to say at the level in force.
    const log = () => options.log.child({ signal_id: signalId, endpoint_id: key.endpointId, club_id: key.clubId });
    if (!target || !target.active) {
      // Deleted or disabled since the job was made: never posted to again.
      await cancelDelivery(pool, key);
      log().info({ attempt }, 'delivery canceled: endpoint deleted or disabled');
      metrics.deliveries.inc({ outcome: 'canceled' });
      return 'canceled';
    }
    const secrets = [openSecret(target.secret), ...(target.previousSecret ? [openSecret(target.previousSecret)] : [])];
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
    // The endpoint's slot counts requests in flight to it: free once it has answered, not after
    // the record (which waits for a database batch and would halve what one endpoint can take).
    slots.release(slot);
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
        // Debug, not info: at a thousand deliveries a second, a line each is a cost of its own;
        // the attempt row and the metrics record every success.
        if (options.log.isLevelEnabled('debug')) log().debug(line, 'delivery succeeded');
        return 'succeeded';
      case 'retry':
        metrics.deliveries.inc({ outcome: 'retried' });
        log().info({ ...line, error: outcome.error, retry_in_ms: result.delayMs }, 'delivery attempt failed; will retry');
        throw new RetryLater(result.delayMs, outcome.error ?? `HTTP ${outcome.statusCode}`);
      case 'failed':
        metrics.deliveries.inc({ outcome: 'failed' });
        log().warn({ ...line, error: outcome.error }, 'delivery failed: retry schedule exhausted');
        return 'failed';
      case 'endpoint_disabled':
        metrics.deliveries.inc({ outcome: 'failed' });
        metrics.endpointsDisabled.inc({ reason: result.reason });
        log().warn({ ...line, error: outcome.error, reason: result.reason }, 'delivery failed; endpoint disabled');
        return 'failed';
    }
  }
}

/**
 * Per-endpoint concurrency in this process, so that a slow or hanging receiver cannot hold back
 * the other endpoints. An endpoint gets `limit` requests in flight; one that answers quickly
 * gets more, up to half of the worker's slots: a fast receiver taking hundreds of signals a
 * second needs more than a handful of slots, as each job also holds its slot while the claim
 * goes to the database. An endpoint counts as slow, and is held to `limit`, while any of its
 * requests in flight began FAST_MS ago or more, and for SLOW_MEMORY_MS after one took that long
 * (so a receiver that hangs is not granted a new burst each time its requests time out).
 * A job that gets no slot is moved back to the queue for a moment.
 */
export class EndpointSlots {
  static readonly FAST_MS = 1000;
  static readonly SLOW_MEMORY_MS = 60_000;
  readonly #limit: number;
  readonly #burst: number;
  readonly #inFlight = new Map<string, Set<Slot>>();
  /** Endpoints seen slow, until when they are treated so. */
  readonly #slowUntil = new Map<string, number>();

  /** `limit` requests in flight per endpoint, of a worker running `concurrency` jobs at once. */
  constructor(limit: number, concurrency: number) {
    this.#limit = limit;
    this.#burst = Math.max(limit, Math.floor(concurrency / 2));
  }

  /** A slot of the endpoint, to be released; null when the job should step aside. */
  acquire(endpointId: string): Slot | null {
    const now = Date.now();
    let inFlight = this.#inFlight.get(endpointId);
    const busy = inFlight?.size ?? 0;
    if (busy >= this.#burst) return null;
    if (busy >= this.#limit && this.#isSlow(endpointId, inFlight!, now)) return null;
    if (!inFlight) {
      inFlight = new Set();
      this.#inFlight.set(endpointId, inFlight);
    }
    const slot = { endpointId, startedAt: now };
    inFlight.add(slot);
    return slot;
  }

  /** Frees the slot; releasing it again does nothing. */
  release(slot: Slot): void {
    const inFlight = this.#inFlight.get(slot.endpointId);
    if (!inFlight || !inFlight.delete(slot)) return;
    const now = Date.now();
    if (now - slot.startedAt >= EndpointSlots.FAST_MS) this.#markSlow(slot.endpointId, now);
    if (inFlight.size === 0) this.#inFlight.delete(slot.endpointId);
  }

  #isSlow(endpointId: string, inFlight: Set<Slot>, now: number): boolean {
    const until = this.#slowUntil.get(endpointId);
    if (until !== undefined) {
      if (until > now) return true;
      this.#slowUntil.delete(endpointId);
    }
    for (const slot of inFlight) {
      if (now - slot.startedAt >= EndpointSlots.FAST_MS) {
        this.#markSlow(endpointId, now);
        return true;
      }
    }
    return false;
  }

  #markSlow(endpointId: string, now: number): void {
    // Bounded: past any realistic number of slow endpoints, forget them all (they become slow again quickly).
    if (this.#slowUntil.size >= 10_000) this.#slowUntil.clear();
    this.#slowUntil.set(endpointId, now + EndpointSlots.SLOW_MEMORY_MS);
  }
}

interface Slot {
  endpointId: string;
  startedAt: number;
}
