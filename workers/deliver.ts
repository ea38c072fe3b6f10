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
  releaseDeliveries,
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

/**
 * How long a lane claims from the floor of its last claim (cd_claim_lane) before it looks at the
 * endpoint's whole range again: the bound on how late it finds a delivery made pending below
 * that floor by something it was not told about (another process's fan-out racing its own, a
 * fan-out run again after a crash). Recoveries and operators' retries wake it from the start.
 */
const FLOOR_FOR_MS = 1000;

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
  // Claimed ahead of the window: two windows more, claimed again once a window of room is free.
  // A claim costs about the same for one delivery as for ten (a statement and its round trip),
  // so fewer, larger claims: at half a window ahead and refills of half a window, flat out on
  // Redis ran at 0.58 of plain BullMQ; at these, 0.66-0.68 (before claims started at a floor).
  const ahead = 2 * window;
  const refillAt = window;
  // A delivery claimed ahead is still posted while its attempt can end inside its lease, with a
  // second to spare: it waited at most this long in its lane (9 s with the default lease).
  const postableForMs = leaseMs - config.delivery.timeoutMs - 1000;
  // How long a lane with nothing due stays for a wake from the relay of its own process before it
  // ends (config.delivery.laneLingerMs, 250 ms): longer than the relay's passes are apart under
  // load (tens of ms), short beside a lane's other waits. A lingering lane holds one of the
  // process's DELIVERY_CONCURRENCY lane slots, so lanes linger only while at most half the slots
  // are taken: with many endpoints each getting a trickle, lingering lanes would otherwise keep
  // others waiting for a slot.
  const lingerMs = config.delivery.laneLingerMs;
  const lingerWhileRunning = Math.floor(config.delivery.concurrency / 2);
  const guard = config.environment === 'development' ? 'allow-private' : 'public-only';
  const openSecret = createSecretOpener(options.secretBox);
  let stopping = false;
  // Lanes running in this process, by endpoint, each with its waker: the relay of this process
  // wakes them directly (wakeHere) rather than through the queue. A lane with nothing due
  // lingers a moment for such a wake before it ends, so that under a steady flow it is not
  // ended and started again through the queue at every relay pass.
  const running = new Map<string, (fromStart: boolean) => void>();
  // Every lane run under way in this process, whether or not the queue still knows its job.
  const runs = new Set<Promise<unknown>>();
  const laneKey = (lane: LaneJob) => `${lane.clubId} ${lane.endpointId}`;

  async function runLane(job: Job<LaneJob>, token?: string): Promise<string> {
    const { clubId, endpointId } = job.data;
    const log = () => options.log.child({ club_id: clubId, endpoint_id: endpointId });
    metrics.laneRuns.inc();
    // The window: requests to the endpoint in flight. An answered attempt leaves it at once and
    // is recorded meanwhile (`recording`), so the endpoint's concurrency is spent on requests,
    // not on database round trips.
    const posting = new Set<Promise<unknown>>();
    const recording = new Set<Promise<unknown>>();
    // Claimed ahead of the window, so that a freed slot is filled at once and a claim's round
    // trip overlaps the requests in flight instead of idling part of the window.
    const ready: { attempt: Attempt; claimedAt: number }[] = [];
    let claiming: Promise<void> | undefined;
    // The first statement that failed (the database is away): the lane job fails on it at its
    // next step; the deliveries' leases bring them back (docs/webhooks.md, "What survives what").
    let failure: { error: unknown } | undefined;
    const track = (set: Set<Promise<unknown>>, promise: Promise<unknown>) => {
      const tracked: Promise<unknown> = promise
        .catch((error: unknown) => void (failure ??= { error }))
        .finally(() => set.delete(tracked));
      set.add(tracked);
    };
    const failIfFailed = () => {
      if (failure) throw failure.error;
    };
    let attempts = 0;
    let answered = 0;
    // Whether a look at the table could find work: the last claim filled all the room it had, or
    // an attempt has been answered since it began.
    let mayBeDue = true;
    // A delivery found due right after a claim came back short is claimed again once at once,
    // not after the 100 ms wait below: it was most often committed between the two statements.
    let lookedAgain = false;
    // Set by this process's relay (wakeHere): deliveries were fanned out to the endpoint since.
    let woken = false;
    let onWake: (() => void) | undefined;
    // Where claims start (cd_claim_lane): the last claim's floor, until FLOOR_FOR_MS after the last
    // claim that looked at the whole range.
    let floor = 0;
    let wholeRangeAt = 0;
    // Counts wakes from the start: a claim under way when one comes does not set the floor.
    let fromStartWakes = 0;
    const waker = (fromStart: boolean) => {
      woken = true;
      mayBeDue = true;
      if (fromStart) {
        floor = 0;
        fromStartWakes++;
      }
      onWake?.();
    };
    const key = laneKey(job.data);
    running.set(key, waker);
    // Leaves the registry, synchronously after the last look at `woken`: a wake that comes later
    // goes through the queue.
    const leave = () => {
      if (running.get(key) === waker) running.delete(key);
    };
    const claim = (room: number) => {
      const answeredBefore = answered;
      const now = Date.now();
      if (now - wholeRangeAt > FLOOR_FOR_MS) floor = 0;
      if (floor === 0) wholeRangeAt = now;
      const wakesBefore = fromStartWakes;
      claiming = claimLane(pool, clubId, endpointId, room, leaseMs, floor)
        .then((result) => {
          if (fromStartWakes === wakesBefore) floor = result.floor;
          if (result.canceled > 0) {
            log().info({ deliveries: result.canceled }, 'deliveries canceled: endpoint deleted or disabled');
            metrics.deliveries.inc({ outcome: 'canceled' }, result.canceled);
          }
          const claimedAt = Date.now();
          for (const delivery of result.claimed) ready.push({ attempt: { ...delivery, log: attemptLog(delivery) }, claimedAt });
          attempts += result.claimed.length;
          mayBeDue = result.claimed.length === room || answered !== answeredBefore;
          if (result.claimed.length > 0) lookedAgain = false;
        })
        .catch((error: unknown) => void (failure ??= { error }))
        .finally(() => (claiming = undefined));
    };
    try {
      for (;;) {
        failIfFailed();
        // Slots freed are filled from what was claimed ahead. One that waited so long that its
        // attempt could outlast its lease goes back to the table instead (only behind a window of
        // requests that hang), as does all of it when the lane stops.
        const giveBack: Attempt[] = [];
        while (ready.length > 0 && (stopping || posting.size < window)) {
          const next = ready.shift()!;
          if (stopping || Date.now() - next.claimedAt > postableForMs) {
            giveBack.push(next.attempt);
            continue;
          }
          const attempt = next.attempt;
          const request = prepare(attempt.target);
          track(
            posting,
            call(request).then((outcome) => {
              answered++;
              track(recording, settle(attempt, request, outcome));
            }),
          );
        }
        if (giveBack.length > 0) {
          await releaseDeliveries(pool, clubId, endpointId, giveBack.map((a) => ({ sequence: a.key.sequence, attempt: a.attempt })));
          attempts -= giveBack.length;
        }
        // Claim ahead once a window of room is free (at once when the lane is empty), so that
        // one statement claims several deliveries under load.
        const room = window + ahead - posting.size - ready.length;
        if (!claiming && !stopping && mayBeDue && room > 0 && (posting.size + ready.length === 0 || room >= refillAt)) claim(room);
        if (claiming || posting.size > 0) {
          // A claim came back or a slot freed. Records are not waited for here.
          await Promise.race([...posting, ...(claiming ? [claiming] : [])]);
          continue;
        }
        // Every answer recorded before the lane looks at what is due next (a retry's due time is
        // set by its record) or leaves.
        await Promise.all(recording);
        failIfFailed();
        if (stopping) {
          leave();
          return handBack(job, token, 0, false);
        }
        if (woken) {
          woken = false;
          continue;
        }
        const nextMs = await laneNextDue(pool, clubId, endpointId);
        if (nextMs === 0 && !lookedAgain) {
          lookedAgain = true;
          mayBeDue = true;
          floor = 0; // it may be below the floor
          continue;
        }
        let lingered = 0;
        if (nextMs !== 0 && !woken && !stopping && running.size <= lingerWhileRunning) {
          const from = Date.now();
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.min(lingerMs, nextMs ?? lingerMs));
            onWake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          onWake = undefined;
          lingered = Date.now() - from;
        }
        if (woken && !stopping) {
          woken = false;
          continue;
        }
        leave();
        if (stopping) return handBack(job, token, 0, false);
        if (nextMs === null) return `${attempts} attempts`;
        // Due now but still not claimable (held by another transaction a moment): look again in
        // 100 ms, not at once, so as not to spin while the other transaction holds it.
        if (nextMs === 0) return handBack(job, token, 100, false);
        return handBack(job, token, Math.max(nextMs - lingered, 0), true);
      }
    } finally {
      leave();
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
    runLane(job: Job<LaneJob>, token?: string): Promise<string> {
      const run = runLane(job, token);
      const tracked = run.catch(() => {}).finally(() => runs.delete(tracked));
      runs.add(tracked);
      return run;
    },
    /**
     * Resolves once every lane run of this process has returned. After a queue restart BullMQ
     * may never settle a job it lost (its "Missing key" on finishing it), so shutdown waits for
     * the lanes themselves rather than for BullMQ's count of active jobs.
     */
    async idle(): Promise<void> {
      while (runs.size > 0) await Promise.all([...runs]);
    },
    /**
     * Wakes the lanes among `lanes` that run in this process (their endpoints got deliveries) and
     * returns the others, to be woken through the queue.
     */
    wakeHere(lanes: LaneJob[], { fromStart }: { fromStart: boolean }): LaneJob[] {
      const elsewhere: LaneJob[] = [];
      for (const lane of lanes) {
        const waker = running.get(laneKey(lane));
        if (waker) waker(fromStart);
        else elsewhere.push(lane);
      }
      return elsewhere;
    },
    /** Running lanes finish the attempts in flight and go back to the queue for another worker. */
    stop() {
      stopping = true;
      for (const waker of running.values()) waker(false);
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
