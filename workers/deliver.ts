// Delivery: one lane per endpoint. A lane job keeps up to DELIVERY_PER_ENDPOINT_CONCURRENCY of
// the endpoint's due deliveries in flight, claiming more as attempts end, until nothing is due;
// then it waits in the queue until the endpoint's next due time (a retry, a lease left by a dead
// worker), or ends when nothing is pending. So a slow or hanging endpoint holds only its own
// lane, and the deliveries table alone says what is due: a lost lane job is made again from it
// (workers/main.ts, the reconciler). workers/README.md follows a delivery.
// Each attempt goes in short named steps, as in Svix's worker:
//   prepare         the signed request
//   call            the POST
//   handle success  record the attempt (recordAttempt, one path for success and failure),
//   handle failure  count it, log it; a failure is retried later, given up, or disables the
//                   endpoint, as cd_record_attempts decides
import { DelayedError, type Job, type Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '../src/config.ts';
import {
  claimLane,
  laneNextDue,
  recordAttempt,
  type AttemptResult,
  type ClaimedDelivery,
  type DeliveryTarget,
} from '../src/db/deliveries.ts';
import type { Pool } from '../src/db/pool.ts';
import { postDelivery, type AttemptOutcome } from '../src/delivery/http-client.ts';
import { attemptsAllowed, nextRetryDelay } from '../src/domain/retry-schedule.ts';
import type { SecretBox } from '../src/domain/secrets.ts';
import { signDelivery, type DeliveryHeaders } from '../src/domain/signing.ts';
import type { DeliveryMetrics } from '../src/metrics.ts';
import { reportGivenUp, wakeLanes, type GivenUpJob, type LaneJob } from '../src/queue/queues.ts';

export interface DeliverOptions {
  pool: Pool;
  config: Config;
  secretBox: SecretBox;
  log: Logger;
  metrics: DeliveryMetrics;
  /** The lanes' own queue, where a lane wakes itself. */
  queue: Queue<LaneJob>;
  /** Where a given-up delivery is shown to operators. */
  givenUpQueue: Queue<GivenUpJob>;
}

/** A claimed attempt, as the steps after the claim see it. */
interface Attempt extends ClaimedDelivery {
  /** The attempt's logger, made only when there is something to say at the level in force. */
  log: () => Logger;
}

/** What prepare hands to call: the signed request. */
interface SignedRequest {
  url: string;
  headers: DeliveryHeaders;
  body: string;
  /** The signature's timestamp, and the attempt's in its record. */
  attemptedAt: Date;
}

/** The lane processor, and `stop`, which makes running lanes hand their work back after the batch in flight. */
export function createLaneProcessor(options: DeliverOptions) {
  const { pool, config, metrics } = options;
  const schedule = config.delivery.retrySchedule;
  const maxAttempts = attemptsAllowed(schedule);
  // Longer than any attempt can take, so a lease only lapses when its worker died; and a claimed
  // delivery is in flight at once, so a dead worker's deliveries are free again this soon.
  const leaseMs = config.delivery.timeoutMs + 10_000;
  const window = config.delivery.perEndpointConcurrency;
  const refillAt = Math.ceil(window / 2);
  const guard = config.environment === 'development' ? 'allow-private' : 'public-only';
  const openSecret = createSecretOpener(options.secretBox);
  let stopping = false;

  async function runLane(job: Job<LaneJob>, token?: string): Promise<string> {
    const { clubId, endpointId } = job.data;
    const log = () => options.log.child({ club_id: clubId, endpoint_id: endpointId });
    // The window: requests to the endpoint in flight. An answered attempt leaves it at once and
    // is recorded meanwhile (`recording`), so the endpoint's concurrency is spent on requests,
    // not on database round trips.
    const posting = new Set<Promise<unknown>>();
    const recording = new Set<Promise<unknown>>();
    // The first attempt that could not be recorded (the database is away): the lane job fails on
    // it at its next step; the deliveries' leases bring them back (docs/webhooks.md, "What
    // survives what").
    let recordFailure: { error: unknown } | undefined;
    const track = (set: Set<Promise<unknown>>, promise: Promise<unknown>) => {
      const tracked: Promise<unknown> = promise
        .catch((error: unknown) => void (recordFailure ??= { error }))
        .finally(() => set.delete(tracked));
      set.add(tracked);
    };
    const failIfUnrecorded = () => {
      if (recordFailure) throw recordFailure.error;
    };
    let attempts = 0;
    // Whether the last claim may have left due deliveries behind (it filled every free slot), or
    // an attempt has been answered since: a look at the table could find work.
    let mayBeDue = true;
    for (;;) {
      failIfUnrecorded();
      const free = window - posting.size;
      // A sliding window: a slot freed is filled again without waiting for the rest (a slow
      // request holds only its own slot), and under load claims wait until half the window is
      // free, so that one statement claims several deliveries.
      if (!stopping && mayBeDue && free > 0 && (posting.size === 0 || free >= refillAt)) {
        const claim = await claimLane(pool, clubId, endpointId, free, leaseMs);
        if (claim.canceled > 0) {
          log().info({ deliveries: claim.canceled }, 'deliveries canceled: endpoint deleted or disabled');
          metrics.deliveries.inc({ outcome: 'canceled' }, claim.canceled);
        }
        for (const delivery of claim.claimed) {
          const attempt: Attempt = { ...delivery, log: attemptLog(delivery) };
          const request = prepare(attempt.target);
          track(posting, call(request).then((outcome) => track(recording, settle(attempt, request, outcome))));
        }
        attempts += claim.claimed.length;
        mayBeDue = claim.claimed.length === free;
        continue;
      }
      if (posting.size > 0) {
        // A slot freed: claim again. Records are not waited for here (a claim per record would
        // be a statement for nothing).
        await Promise.race(posting);
        mayBeDue = true;
        continue;
      }
      // Every answer recorded before the lane looks at what is due next (a retry's due time is
      // set by its record) or leaves.
      await Promise.all(recording);
      failIfUnrecorded();
      if (stopping) return handBack(job, token, 0, false);
      const nextMs = await laneNextDue(pool, clubId, endpointId);
      if (nextMs === null) return `${attempts} attempts`;
      // Due now but not claimable (held by another transaction a moment): look again in 100 ms,
      // not at once, so as not to spin while the other transaction holds it.
      if (nextMs === 0) return handBack(job, token, 100, false);
      return handBack(job, token, nextMs, true);
    }
  }

  /**
   * Puts the lane back in the queue until `inMs` from now. A wake that arrived while it ran is
   * kept by BullMQ only until the lane finishes, which this is not: so, with `recheck`, look once
   * more after the move, and wake the lane now if a delivery became due meanwhile.
   */
  async function handBack(job: Job<LaneJob>, token: string | undefined, inMs: number, recheck: boolean): Promise<never> {
    await job.moveToDelayed(Date.now() + inMs, token);
    if (recheck && !stopping) {
      const nextMs = await laneNextDue(pool, job.data.clubId, job.data.endpointId);
      if (nextMs !== null && nextMs === 0) await wakeLanes(options.queue, [job.data]);
    }
    throw new DelayedError();
  }

  function attemptLog(delivery: ClaimedDelivery): () => Logger {
    return () =>
      options.log.child({ signal_id: delivery.target.signalId, endpoint_id: delivery.key.endpointId, club_id: delivery.key.clubId });
  }

  /** What follows an answered attempt: handle success or handle failure, each recording it. */
  function settle(attempt: Attempt, request: SignedRequest, outcome: AttemptOutcome): Promise<string> {
    return outcome.kind === 'success' ? handleSuccess(attempt, request, outcome) : handleFailure(attempt, request, outcome);
  }


/** Signs the stored signal with the endpoint's secrets: the current one, and the previous during a rotation. */
  function prepare(target: DeliveryTarget): SignedRequest {
    const secrets = [openSecret(target.secret), ...(target.previousSecret ? [openSecret(target.previousSecret)] : [])];
    const attemptedAt = new Date();
    const headers = signDelivery({
      signalId: target.signalId,
      timestampSeconds: Math.floor(attemptedAt.getTime() / 1000),
      body: target.body,
      secrets,
    });
    return { url: target.url, headers, body: target.body, attemptedAt };
  }

  /** Posts the request; whatever the receiver or the network does comes back as an outcome, never thrown. */
  async function call(request: SignedRequest): Promise<AttemptOutcome> {
    const outcome = await postDelivery({ url: request.url, headers: request.headers, body: request.body, timeoutMs: config.delivery.timeoutMs, guard });
    metrics.attemptDuration.observe({ kind: outcome.kind }, outcome.durationMs / 1000);
    return outcome;
  }

  async function handleSuccess(attempt: Attempt, request: SignedRequest, outcome: AttemptOutcome): Promise<string> {
    await record(attempt, request, outcome, null);
    metrics.deliveries.inc({ outcome: 'succeeded' });
    metrics.lag.observe((Date.now() - attempt.target.signalCreatedAt.getTime()) / 1000);
    // Debug, not info: at a thousand deliveries a second, a line each is a cost of its own;
    // the attempt row and the metrics record every success.
    if (options.log.isLevelEnabled('debug')) attempt.log().debug(summary(attempt, outcome), 'delivery succeeded');
    return 'succeeded';
  }

  async function handleFailure(attempt: Attempt, request: SignedRequest, outcome: AttemptOutcome): Promise<string> {
    // Null when the schedule is exhausted: the record then gives up.
    const retryDelayMs = nextRetryDelay(schedule, attempt.attempt, { retryAfterMs: outcome.retryAfterMs ?? undefined });
    const result = await record(attempt, request, outcome, retryDelayMs);
    const line = { ...summary(attempt, outcome), error: outcome.error };
    switch (result.outcome) {
      case 'retry':
        metrics.deliveries.inc({ outcome: 'retried' });
        attempt.log().info({ ...line, retry_in_ms: result.delayMs }, 'delivery attempt failed; will retry');
        return 'retry';
      case 'failed':
        metrics.deliveries.inc({ outcome: 'failed' });
        attempt.log().warn(line, 'delivery failed: retry schedule exhausted');
        await showGivenUp(attempt, outcome);
        return 'failed';
      case 'endpoint_disabled':
        metrics.deliveries.inc({ outcome: 'failed' });
        metrics.endpointsDisabled.inc({ reason: result.reason });
        attempt.log().warn({ ...line, reason: result.reason }, 'delivery failed; endpoint disabled');
        await showGivenUp(attempt, outcome);
        return 'failed';
      case 'succeeded':
        throw new Error('a failed attempt was recorded as a success');
    }
  }

  /** A failed job in Bull Board's given-up queue, with the last error; never fails the lane. */
  async function showGivenUp(attempt: Attempt, outcome: AttemptOutcome): Promise<void> {
    const job: GivenUpJob = {
      ...attempt.key,
      signalId: attempt.target.signalId,
      attempts: attempt.attempt,
      error: outcome.error ?? `HTTP ${outcome.statusCode}`,
    };
    await reportGivenUp(options.givenUpQueue, job).catch((error: unknown) =>
      attempt.log().error({ err: error }, 'could not show the given-up delivery in the queue dashboard'),
    );
  }

  /** The one way an attempt is recorded, success or failure; the database settles what follows. */
  function record(attempt: Attempt, request: SignedRequest, outcome: AttemptOutcome, retryDelayMs: number | null): Promise<AttemptResult> {
    return recordAttempt(
      pool,
      attempt.key,
      attempt.target.signalId,
      {
        attemptNumber: attempt.attempt,
        attemptedAt: request.attemptedAt,
        statusCode: outcome.statusCode,
        error: outcome.error,
        durationMs: Math.round(outcome.durationMs),
        responseExcerpt: outcome.responseExcerpt,
      },
      { succeeded: outcome.kind === 'success', gone: outcome.gone, retryDelayMs, disableAfterMs: config.delivery.disableAfterMs },
    );
  }

  function summary(attempt: Attempt, outcome: AttemptOutcome) {
    return { attempt: attempt.attempt, of: maxAttempts, status_code: outcome.statusCode, duration_ms: Math.round(outcome.durationMs) };
  }

  return {
    runLane,
    /** Running lanes finish the attempts in flight and go back to the queue for another worker. */
    stop() {
      stopping = true;
    },
  };
}

/**
 * Opens sealed secrets, keeping them by their sealed bytes: AES-GCM setup at every attempt was a
 * tenth of the worker's own CPU. A rotated secret has new sealed bytes, so an entry is never
 * stale; the map is emptied when it grows past any realistic number of endpoints.
 */
function createSecretOpener(secretBox: SecretBox): (sealed: Buffer) => string {
  const opened = new Map<string, string>();
  return (sealed) => {
    const key = sealed.toString('base64');
    let secret = opened.get(key);
    if (secret === undefined) {
      if (opened.size >= 10_000) opened.clear();
      secret = secretBox.open(sealed);
      opened.set(key, secret);
    }
    return secret;
  };
}
