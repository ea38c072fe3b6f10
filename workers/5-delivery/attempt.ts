// One attempt of one claimed delivery, in short named steps over an explicit context, as in
// Svix's worker:
//   prepare         the signed request
//   call            the POST; whatever the receiver or the network does comes back as an outcome
//   handle success  record the attempt (record, one path for success and failure)
//   handle failure  record it, count it, log it; a failure is retried later, given up, or
//                   disables the endpoint, as cd_record_attempts decides
// With tracing on (src/tracing.ts), each attempt is traced: see traceAttempt.
// workers/README.md follows a delivery; docs/webhooks.md states the rules receivers see.
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '../../src/config.ts';
import { recordAttempt, type AttemptResult, type ClaimedDelivery, type DeliveryTarget } from '../../src/db/deliveries.ts';
import type { Pool } from '../../src/db/pool.ts';
import { addressGuardOf, postDelivery, type AttemptOutcome } from '../../src/delivery/http-client.ts';
import { attemptsAllowed, nextRetryDelay } from '../../src/domain/retry-schedule.ts';
import { memoize } from '../../src/domain/memo.ts';
import type { SecretBox } from '../../src/domain/secrets.ts';
import { signDelivery, type DeliveryHeaders } from '../../src/domain/signing.ts';
import type { DeliveryMetrics } from '../../src/metrics.ts';
import { reportGivenUp, type GivenUpJob } from '../../src/queue/queues.ts';
import { contextOf, endSpan, SpanKind, startSpan, traceparentOf, tracing, within } from '../../src/tracing.ts';
import type { AnswerPace } from './lane-state.ts';

/** What every attempt of a process shares. */
export interface AttemptContext {
  pool: Pool;
  log: Logger;
  metrics: DeliveryMetrics;
  /** Where a given-up delivery is shown to operators. */
  givenUpQueue: Queue<GivenUpJob>;
  schedule: readonly number[];
  maxAttempts: number;
  timeoutMs: number;
  disableAfterMs: number;
  /** Private addresses are refused outside development (src/delivery/http-client.ts). */
  guard: 'allow-private' | 'public-only';
  openSecret: (sealed: Buffer) => string;
}

export function createAttemptContext(options: {
  pool: Pool;
  config: Config;
  secretBox: SecretBox;
  log: Logger;
  metrics: DeliveryMetrics;
  givenUpQueue: Queue<GivenUpJob>;
}): AttemptContext {
  const { config } = options;
  return {
    pool: options.pool,
    log: options.log,
    metrics: options.metrics,
    givenUpQueue: options.givenUpQueue,
    schedule: config.delivery.retrySchedule,
    maxAttempts: attemptsAllowed(config.delivery.retrySchedule),
    timeoutMs: config.delivery.timeoutMs,
    disableAfterMs: config.delivery.disableAfterMs,
    guard: addressGuardOf(config.environment),
    openSecret: createSecretOpener(options.secretBox),
  };
}

/** A claimed delivery as the steps see it. */
export interface Attempt extends ClaimedDelivery {
  /** The attempt's logger, made only when there is something to say at the level in force. */
  log: () => Logger;
}

export function toAttempt(context: AttemptContext, delivery: ClaimedDelivery): Attempt {
  return {
    ...delivery,
    log: () => context.log.child({ signal_id: delivery.target.signalId, endpoint_id: delivery.key.endpointId, club_id: delivery.key.clubId }),
  };
}

/** What prepare hands to call: the signed request. */
interface SignedRequest {
  url: string;
  headers: DeliveryHeaders & { traceparent?: string };
  body: string;
  /** The signature's timestamp, and the attempt's in its record. */
  attemptedAt: Date;
}

/** The longest a receiver's Retry-After pauses its whole endpoint (docs/webhooks.md, "Order and pace"). */
export const MAX_PAUSE_MS = 60 * 60 * 1000;


/** A 429, or a 503 with Retry-After: the receiver asks for time, and no attempt is used (cd_record_attempts). */
function isThrottle(outcome: AttemptOutcome): boolean {
  return outcome.statusCode === 429 || (outcome.statusCode === 503 && outcome.retryAfterMs !== null);
}

/**
 * What an answer tells the lane about the receiver's pace: it took the delivery (`success`), it
 * asked for a pause of the whole endpoint (a 429 or 503 with Retry-After), to slow down (a 429
 * or 503 without), or nothing about pace (any other failure).
 */
export function paceSignal(outcome: AttemptOutcome): AnswerPace {
  if (outcome.kind === 'success') return { kind: 'success' };
  if (outcome.statusCode !== 429 && outcome.statusCode !== 503) return { kind: 'none' };
  if (outcome.retryAfterMs !== null && outcome.retryAfterMs > 0) return { kind: 'paused', forMs: Math.min(outcome.retryAfterMs, MAX_PAUSE_MS) };
  return { kind: 'slow-down' };
}

/**
 * Makes the attempt: prepare, call, then the handling of its outcome. Resolves once the request
 * is answered, with the record under way (the lane's window is for requests, not for database
 * round trips) and what the answer says of the receiver's pace.
 */
export async function makeAttempt(context: AttemptContext, attempt: Attempt): Promise<{ recorded: Promise<string>; pace: AnswerPace }> {
  const request = prepare(context, attempt.target);
  // After signing, which may throw (a secret that cannot be opened): no span is left open.
  const traced = tracing.enabled ? traceAttempt(attempt) : null;
  if (traced?.traceparent) request.headers.traceparent = traced.traceparent;
  const outcome = await call(context, request);
  traced?.answered(outcome);
  const recorded = outcome.kind === 'success' ? handleSuccess(context, attempt, request, outcome) : handleFailure(context, attempt, request, outcome);
  traced?.recorded(recorded);
  return { recorded, pace: paceSignal(outcome) };
}

/**
 * The spans of one attempt, under its signal's fan-out span (the traceparent its delivery
 * keeps; a root when it has none): `lane`, from the lane's claim of the delivery to its record;
 * `attempt`, from signing to the record, with its number and what it led to; `POST`, the request,
 * whose context the receiver gets as its `traceparent` header.
 */
function traceAttempt(attempt: Attempt) {
  const { key, target } = attempt;
  const ids = { 'clubdata.club.id': key.clubId, 'clubdata.endpoint.id': key.endpointId, 'clubdata.signal.id': target.signalId };
  const lane = startSpan('lane', contextOf(target.traceparent), { ...ids, 'clubdata.signal.sequence': key.sequence }, { startTime: attempt.claimedAt });
  // A trace the sampler left out (its relay span was not kept): the receiver still gets its
  // context, unsampled as it is, and nothing more is made.
  if (!lane.isRecording()) return { traceparent: traceparentOf(lane), answered() {}, recorded() {} };
  const span = startSpan('attempt', within(lane), { ...ids, 'clubdata.attempt.number': attempt.attempt });
  let host: URL | null = null;
  try {
    host = new URL(target.url);
  } catch {
    // An unusable URL fails in the call, which says so.
  }
  // The receiver's address, not its URL: a path or query may carry a token of the receiver's.
  const post = startSpan(
    'POST',
    within(span),
    { 'http.request.method': 'POST', ...(host ? { 'server.address': host.hostname, 'server.port': Number(host.port) || (host.protocol === 'https:' ? 443 : 80) } : {}) },
    { kind: SpanKind.CLIENT },
  );
  return {
    traceparent: traceparentOf(post),
    answered(outcome: AttemptOutcome) {
      if (outcome.statusCode !== null) post.setAttribute('http.response.status_code', outcome.statusCode);
      if (outcome.kind !== 'success') post.setAttribute('error.type', outcome.statusCode !== null ? String(outcome.statusCode) : outcome.kind);
      endSpan(post, outcome.kind === 'success' ? null : (outcome.error ?? outcome.kind));
    },
    recorded(recorded: Promise<string>) {
      recorded.then(
        (result) => {
          span.setAttribute('clubdata.attempt.outcome', result);
          endSpan(span);
          endSpan(lane);
        },
        (error: unknown) => {
          endSpan(span, `the attempt could not be recorded: ${error instanceof Error ? error.message : String(error)}`);
          endSpan(lane);
        },
      );
    },
  };
}

/** Signs the stored signal with the endpoint's secrets: the current one, and the previous during a rotation. */
function prepare(context: AttemptContext, target: DeliveryTarget): SignedRequest {
  const secrets = [context.openSecret(target.secret), ...(target.previousSecret ? [context.openSecret(target.previousSecret)] : [])];
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
async function call(context: AttemptContext, request: SignedRequest): Promise<AttemptOutcome> {
  const outcome = await postDelivery({
    url: request.url,
    headers: request.headers,
    body: request.body,
    timeoutMs: context.timeoutMs,
    guard: context.guard,
  });
  context.metrics.attemptDuration.observe({ kind: outcome.kind }, outcome.durationMs / 1000);
  return outcome;
}

async function handleSuccess(context: AttemptContext, attempt: Attempt, request: SignedRequest, outcome: AttemptOutcome): Promise<string> {
  const result = await record(context, attempt, request, outcome, null);
  context.metrics.deliveries.inc({ outcome: 'succeeded' });
  context.metrics.lag.observe((Date.now() - attempt.target.signalCreatedMs) / 1000);
  // The endpoint's state changed: a line at info, once per failing run (cd_endpoint_failing).
  if (result.streak === 'ended') attempt.log().info(summary(context, attempt, outcome), 'endpoint recovered: an attempt succeeded after it was failing');
  // Debug, not info: at a thousand deliveries a second, a line each is a cost of its own;
  // the attempt row and the metrics record every success.
  else debug(context, attempt, summary(context, attempt, outcome), 'delivery succeeded');
  return 'succeeded';
}

/**
 * A line about one attempt, at debug: the attempts log (GET .../attempts) and the metrics hold
 * every attempt, and a refusing endpoint made about 40 info lines a second at 20 signals/s. The
 * endpoint's state changes are logged at info instead (it became failing, it recovered),
 * and a give-up or a disabling at warn.
 */
function debug(context: AttemptContext, attempt: Attempt, line: object, message: string): void {
  if (context.log.isLevelEnabled('debug')) attempt.log().debug(line, message);
}

async function handleFailure(context: AttemptContext, attempt: Attempt, request: SignedRequest, outcome: AttemptOutcome): Promise<string> {
  const throttled = isThrottle(outcome);
  const pace = paceSignal(outcome);
  const pauseMs = pace.kind === 'paused' ? pace.forMs : null;
  // Null when the schedule is exhausted: the record then gives up. A throttle is never given up
  // (it used no attempt): it waits out the pause, or the schedule's delay for the attempt it
  // still is.
  const retryDelayMs = throttled
    ? (pauseMs ?? nextRetryDelay(context.schedule, Math.min(attempt.attempt, context.schedule.length)) ?? 1000)
    : nextRetryDelay(context.schedule, attempt.attempt, { retryAfterMs: outcome.retryAfterMs ?? undefined });
  const result = await record(context, attempt, request, outcome, retryDelayMs, { throttled, pauseMs });
  const line = { ...summary(context, attempt, outcome), error: outcome.error };
  const { metrics } = context;
  if (result.streak === 'failing' && result.outcome !== 'endpoint_disabled') {
    attempt.log().info(line, 'endpoint failing: its fourth failed attempt in a row');
  }
  switch (result.outcome) {
    case 'throttled':
      metrics.deliveries.inc({ outcome: 'throttled' });
      debug(
        context,
        attempt,
        { ...line, retry_in_ms: result.delayMs, ...(pauseMs !== null ? { endpoint_paused_ms: pauseMs } : {}) },
        'receiver asked to slow down; no attempt used',
      );
      return 'throttled';
    case 'retry':
      metrics.deliveries.inc({ outcome: 'retried' });
      debug(context, attempt, { ...line, retry_in_ms: result.delayMs }, 'delivery attempt failed; will retry');
      return 'retry';
    case 'failed':
      metrics.deliveries.inc({ outcome: 'failed' });
      attempt.log().warn(line, 'delivery failed: retry schedule exhausted');
      await showGivenUp(context, attempt, outcome);
      return 'failed';
    case 'endpoint_disabled':
      metrics.deliveries.inc({ outcome: 'failed' });
      metrics.endpointsDisabled.inc({ reason: result.reason });
      attempt.log().warn({ ...line, reason: result.reason }, 'delivery failed; endpoint disabled');
      await showGivenUp(context, attempt, outcome);
      return 'failed';
    case 'succeeded':
      throw new Error('a failed attempt was recorded as a success');
  }
}

/** A failed job in Bull Board's given-up queue, with the last error; never fails the lane. */
async function showGivenUp(context: AttemptContext, attempt: Attempt, outcome: AttemptOutcome): Promise<void> {
  const job: GivenUpJob = {
    ...attempt.key,
    signalId: attempt.target.signalId,
    attempts: attempt.attempt,
    error: outcome.error ?? `HTTP ${outcome.statusCode}`,
  };
  await reportGivenUp(context.givenUpQueue, job).catch((error: unknown) =>
    attempt.log().error({ err: error }, 'could not show the given-up delivery in the queue dashboard'),
  );
}

/** The one way an attempt is recorded, success or failure; the database settles what follows. */
function record(
  context: AttemptContext,
  attempt: Attempt,
  request: SignedRequest,
  outcome: AttemptOutcome,
  retryDelayMs: number | null,
  throttle: { throttled: boolean; pauseMs: number | null } = { throttled: false, pauseMs: null },
): Promise<AttemptResult> {
  return recordAttempt(
    context.pool,
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
    { succeeded: outcome.kind === 'success', gone: outcome.gone, retryDelayMs, disableAfterMs: context.disableAfterMs, ...throttle },
  );
}

function summary(context: AttemptContext, attempt: Attempt, outcome: AttemptOutcome) {
  return { attempt: attempt.attempt, of: context.maxAttempts, status_code: outcome.statusCode, duration_ms: Math.round(outcome.durationMs) };
}

/**
 * Opens sealed secrets, keeping them by their sealed bytes: AES-GCM setup at every attempt was a
 * tenth of the worker's own CPU. A rotated secret has new sealed bytes, so an entry is never stale.
 */
function createSecretOpener(secretBox: SecretBox): (sealed: Buffer) => string {
  const open = memoize((key: string) => secretBox.open(Buffer.from(key, 'base64')));
  return (sealed) => open(sealed.toString('base64'));
}
