// A lane's state and the one pure function that decides its next step (nextStep). The lane
// (lane.ts) runs the steps against the world through LaneIO (lane-io.ts) and reports back what
// happened through the named transitions below; nothing else changes the state. So the
// scheduling (claiming ahead, lingering, the claim's floor, giving back, waking) is tested with
// a fake LaneIO and fake timers (test/workers/lane-state.test.ts), in milliseconds.
//
// workers/README.md follows one delivery through a lane; docs/webhooks.md states the rules
// receivers see (how many requests at once, what the endpoint's hold is).

/** What an answer says of the receiver's pace (attempt.ts, paceSignal). */
export type AnswerPace = { kind: 'success' } | { kind: 'paused'; forMs: number } | { kind: 'slow-down' } | { kind: 'none' };

/** What a lane may do, fixed for the lane's run (createLanes derives them from the config). */
export interface LaneLimits {
  /**
   * Requests to the endpoint in flight at most, unless the endpoint sets its own max_in_flight
   * (DELIVERY_PER_ENDPOINT_CONCURRENCY): the window.
   */
  window: number;
  /**
   * Deliveries claimed ahead of the window at most, in windows, so that a freed slot is filled at
   * once; a claim is made once a window of room is free (at once when the lane holds nothing).
   */
  aheadWindows: number;
  /**
   * A delivery claimed ahead is posted only this long after its claim, so that its attempt ends
   * inside the endpoint's hold, which its claim renewed; after that it is given back instead.
   */
  postableForMs: number;
  /** How long a lane with nothing due now stays for a wake before it leaves (config.delivery.laneLingerMs). */
  lingerMs: number;
  /**
   * How long claims start from the floor of the last claim before one looks at the endpoint's
   * whole range again: the bound on how late a lane finds a delivery made pending below its
   * floor by something it was not told about (cd_claim_lane).
   */
  floorForMs: number;
}

/** A delivery claimed ahead of the window, and when (when the claim that brought it began). */
interface ClaimedAhead<D> {
  delivery: D;
  claimedAt: number;
}

/** The lane's claims: whether one is under way, where the next starts, whether one could find work. */
interface ClaimState {
  /** A claim statement is under way. */
  pending: boolean;
  /** When the last claim began: its deliveries count as claimed then, a bound on the hold's start (cd_claim_lane). */
  startedAt: number;
  /** Where claims start (cd_claim_lane's from_sequence): 0 is the endpoint's whole range. */
  floor: number;
  /** When a claim last looked at the whole range. */
  wholeRangeAt: number;
  /**
   * Whether a look at the table could find work: the last claim filled all the room it had, an
   * attempt was answered since it began, or the lane was woken.
   */
  mayBeDue: boolean;
  /** A delivery found due right after a claim came back short was claimed again, once, at once. */
  lookedAgain: boolean;
  /** `answered`, `wake.count` and `wake.fromStart` when the claim under way began. */
  answeredAtStart: number;
  wakesAtStart: number;
  fromStartWakesAtStart: number;
  /** The last claim said the endpoint had pending deliveries besides those it claimed (in flight, not due, blocked). */
  othersPending: boolean;
  /** Every attempt answered since the last claim began succeeded, and nothing was given back. */
  settled: boolean;
}

/** What the endpoint asks of its lane, as the lane's last claim found it (cd_claim_lane). */
interface EndpointTerms {
  /** The endpoint's own max_in_flight (null: the lane's default window). */
  maxInFlight: number | null;
  /** Nothing may be claimed until then: another lane run holds the endpoint, or a receiver paused it. */
  blockedUntil: number | null;
}

/**
 * The endpoint's pace, kept by its lane (one lane run holds an endpoint at a time, cd_claim_lane):
 * its rate_limit, the rate a receiver's 429s or 503s slowed it to, a token bucket that spaces the
 * requests, and a pause a receiver's Retry-After asked for.
 */
interface PaceState {
  /** Known since the lane's first claim brought the endpoint's terms. */
  known: boolean;
  rateLimit: number | null;
  /** The rate it is slowed to (null: not slowed); stored with the lane's claims and when it leaves. */
  effectiveRate: number | null;
  /** Without a rate limit, the rate it was slowed from: climbing back past it ends the slowing. */
  slowedFrom: number | null;
  /** Requests it may start now, as of `tokensAt`. */
  tokens: number;
  tokensAt: number;
  /** Paused by the receiver until then (null: not paused). */
  pausedUntil: number | null;
  /** When the requests of the last second started: the rate observed, which a slow-down halves. */
  recent: number[];
}

/** The slowest a slow-down makes an endpoint: one request every 10 s. */
export const MIN_EFFECTIVE_RATE = 0.1;
/** Each success while slowed raises the rate by this factor. */
export const RATE_CLIMB = 1.05;

/** The rate the lane keeps to (null: none), the lower of the endpoint's limit and its slowed rate. */
export function paceRate(pace: PaceState): number | null {
  // Called at every step: no arrays made here.
  if (pace.rateLimit === null) return pace.effectiveRate;
  return pace.effectiveRate === null ? pace.rateLimit : Math.min(pace.rateLimit, pace.effectiveRate);
}

/**
 * The bucket's size: at most this many requests start at once. So in any one-second window the
 * receiver sees at most rate + max(2, rate / 50) requests (docs/webhooks.md, "Order and pace").
 * Two at least, so that a timer that fires late is made up for: with one, every late wake-up
 * was lost, and a limit of 50/s delivered 45/s.
 */
function bucketSize(rate: number): number {
  return Math.max(2, rate / 50);
}

/**
 * The bucket as a lane run starts to keep a pace, a whole bucket in debt: the lane run before it
 * (in whatever process) may just have used the last second's requests and its burst. Starting
 * empty still let one request more than the bound into a second as one run took over from
 * another (53 at a limit of 50, seen once in the two-worker fault test).
 */
function startBucket(pace: PaceState, now: number): void {
  const rate = paceRate(pace);
  pace.tokens = rate === null ? 0 : -bucketSize(rate);
  pace.tokensAt = now;
}

/** The tokens in the bucket at `now`. */
function tokensNow(pace: PaceState, now: number): number {
  const rate = paceRate(pace);
  if (rate === null) return Number.POSITIVE_INFINITY;
  return Math.min(bucketSize(rate), pace.tokens + ((now - pace.tokensAt) * rate) / 1000);
}

/** The lane's wakes: deliveries were made for its endpoint since it last looked. */
interface WakeState {
  /** Woken since the lane last found nothing to do. */
  woken: boolean;
  /** Wakes in this run. */
  count: number;
  /** Wakes that asked for a look from the start of the range (a recovery, an operator's retry). */
  fromStart: number;
}

/**
 * Once nothing is in flight, claimed or being recorded: what the lane knows of its next due time.
 * `asking`: the question is under way; `known`: the answer, null when nothing is pending, and
 * the linger that follows (until `lingerUntil`, null when the lane does not linger).
 */
type IdleState =
  | { phase: 'busy' }
  | { phase: 'asking' }
  | { phase: 'known'; nextMs: number | null; since: number; lingerUntil: number | null };

/** What the lane does next; the lane applies it and calls nextStep again. */
export type LaneStep<D> =
  /**
   * A statement failed (the database is away): the lane fails, once none of its attempts is in
   * flight or being recorded; what it claimed ahead stays pending for its next run.
   */
  | { kind: 'fail'; error: unknown }
  /** Post these from what was claimed ahead; give those back (too old to post, or the lane stops). */
  | { kind: 'dispatch'; post: D[]; giveBack: D[] }
  /** Claim up to `room` due deliveries, from `fromSequence`. */
  | { kind: 'claim'; room: number; fromSequence: number }
  /** A wake came while the lane looked idle: look for work again. */
  | { kind: 'take-wake' }
  /** Ask when the endpoint's next delivery is due. */
  | { kind: 'ask-next-due' }
  /** Nothing is pending, as the lane knows without asking: its last claim left none, and every attempt since succeeded. */
  | { kind: 'nothing-pending' }
  /** One was due right after a claim came back short: claim again at once, from the start. */
  | { kind: 'look-again' }
  /** Nothing to do until an I/O ends, a wake comes, or `until` (a linger's end). */
  | { kind: 'wait'; until: number | null }
  /** Leave the registry and go back to the queue for `inMs`; with `recheck`, wake the lane again if work became due meanwhile. */
  | { kind: 'park'; inMs: number; recheck: boolean }
  /** Nothing is pending: the lane ends. */
  | { kind: 'end' };

/**
 * One lane's state, in named parts. Transitions are the methods; each is what the lane learned
 * or started. Fields are read by nextStep and by tests, never written outside this class.
 */
export class LaneState<D> {
  /** Requests to the endpoint in flight. An answered one leaves at once and is recorded meanwhile. */
  inFlight = 0;
  /** Writes under way: answers being recorded, deliveries being given back. */
  writing = 0;
  /** Claimed ahead of the window, oldest first. */
  readonly ahead: ClaimedAhead<D>[] = [];
  readonly claim: ClaimState = {
    pending: false,
    startedAt: 0,
    floor: 0,
    wholeRangeAt: Number.NEGATIVE_INFINITY,
    mayBeDue: true,
    lookedAgain: false,
    answeredAtStart: 0,
    wakesAtStart: 0,
    fromStartWakesAtStart: 0,
    othersPending: true,
    settled: false,
  };
  readonly wake: WakeState = { woken: false, count: 0, fromStart: 0 };
  readonly endpoint: EndpointTerms = { maxInFlight: null, blockedUntil: null };
  readonly pace: PaceState = {
    known: false,
    rateLimit: null,
    effectiveRate: null,
    slowedFrom: null,
    tokens: 0,
    tokensAt: 0,
    pausedUntil: null,
    recent: [],
  };
  idle: IdleState = { phase: 'busy' };
  /** Attempts answered in this run. */
  answered = 0;
  /** Deliveries claimed for an attempt in this run, less those given back. */
  attempts = 0;
  /** The process is stopping: attempts in flight finish, what is claimed ahead goes back. */
  stopping = false;
  /**
   * The first statement that failed; `unrecorded`: an attempt was answered and its record failed
   * (the delivery is pending still, and was sent).
   */
  failure: { error: unknown; unrecorded: boolean } | undefined;

  // --- what the lane started -------------------------------------------------------------

  /** A claim began; its range starts where nextStep said. */
  claimStarted(fromSequence: number, now: number): void {
    this.claim.pending = true;
    this.claim.startedAt = now;
    if (fromSequence === 0) this.claim.wholeRangeAt = now;
    this.claim.answeredAtStart = this.answered;
    this.claim.wakesAtStart = this.wake.count;
    this.claim.fromStartWakesAtStart = this.wake.fromStart;
    this.claim.settled = true;
    this.idle = { phase: 'busy' };
  }

  /** Deliveries left the claimed-ahead queue: `posted` to the endpoint, `givenBack` (claimable again). */
  dispatched(posted: number, givenBack: number, now: number): void {
    if (posted > 0 && paceRate(this.pace) !== null) {
      this.pace.tokens = tokensNow(this.pace, now) - posted;
      this.pace.tokensAt = now;
    }
    for (let i = 0; i < posted; i++) this.pace.recent.push(now);
    while (this.pace.recent.length > 0 && this.pace.recent[0]! <= now - 1000) this.pace.recent.shift();
    this.ahead.splice(0, posted + givenBack);
    this.inFlight += posted;
    if (givenBack > 0) {
      this.claim.settled = false;
      this.attempts -= givenBack;
      this.writing++;
    }
  }

  askedNextDue(): void {
    this.idle = { phase: 'asking' };
  }

  /** A wake seen while idle is taken: the lane looks for work again. */
  wakeTaken(): void {
    this.wake.woken = false;
    this.idle = { phase: 'busy' };
  }

  /** One was due right after a short claim: claim once more at once, from the start of the range. */
  lookingAgain(): void {
    this.claim.lookedAgain = true;
    this.claim.mayBeDue = true;
    this.claim.floor = 0;
    this.idle = { phase: 'busy' };
  }

  // --- what the lane learned ---------------------------------------------------------------

  /** A claim came back with `claimed` (in sequence order), the floor it saw, and the endpoint's terms (null: it is gone). */
  claimReturned(
    claimed: D[],
    floor: number,
    room: number,
    now: number,
    terms: {
      maxInFlight: number | null;
      rateLimit?: number | null;
      effectiveRate?: number | null;
      blocked: { forMs: number } | null;
    } | null = null,
    othersPending = true,
  ): void {
    this.claim.pending = false;
    this.claim.othersPending = othersPending;
    if (terms) {
      this.endpoint.maxInFlight = terms.maxInFlight;
      this.endpoint.blockedUntil = terms.blocked ? now + terms.blocked.forMs : null;
      const { pace } = this;
      const rateBefore = paceRate(pace);
      pace.rateLimit = terms.rateLimit ?? null;
      // The stored slowed rate is taken once, at the lane's first claim; after that the lane's own is stored.
      if (!pace.known) {
        pace.known = true;
        pace.effectiveRate = terms.effectiveRate ?? null;
        startBucket(pace, now);
      } else if (rateBefore === null && paceRate(pace) !== null) {
        startBucket(pace, now);
      }
    }
    if (this.wake.fromStart === this.claim.fromStartWakesAtStart) this.claim.floor = floor;
    for (const delivery of claimed) this.ahead.push({ delivery, claimedAt: this.claim.startedAt });
    this.attempts += claimed.length;
    // Full with more left pending, or something happened since it began that may have made more
    // due: an answer (a retry's due time, the next of a record), a wake (new deliveries committed
    // after the claim's snapshot). A full claim that says nothing else is pending is the last
    // one its work needs: with thousands of endpoints each given a handful at once, a lane run
    // otherwise made two more claims that found nothing (214 claims per 1,000 deliveries at
    // 2000x500 flat out, against 67 lane runs).
    this.claim.mayBeDue =
      (claimed.length === room && othersPending) ||
      this.answered !== this.claim.answeredAtStart ||
      this.wake.count !== this.claim.wakesAtStart;
    if (claimed.length > 0) this.claim.lookedAgain = false;
  }

  /** A request was answered; its record begins. What the answer says of the receiver's pace, if anything. */
  attemptAnswered(signal: AnswerPace = { kind: 'none' }, now = 0): void {
    this.inFlight--;
    this.answered++;
    this.writing++;
    // A delivery not done with (a retry, a throttle) is still pending.
    if (signal.kind !== 'success') this.claim.settled = false;
    const { pace } = this;
    switch (signal.kind) {
      case 'success':
        if (pace.effectiveRate === null) break;
        pace.effectiveRate *= RATE_CLIMB;
        // Back to where it was: no longer slowed.
        if (pace.effectiveRate >= (pace.rateLimit ?? pace.slowedFrom ?? Number.POSITIVE_INFINITY)) {
          pace.effectiveRate = null;
          pace.slowedFrom = null;
        }
        break;
      case 'paused':
        pace.pausedUntil = Math.max(pace.pausedUntil ?? 0, now + signal.forMs);
        break;
      case 'slow-down': {
        const observed = Math.max(1, pace.recent.filter((t) => t > now - 1000).length);
        const current = paceRate(pace) ?? observed;
        if (pace.rateLimit === null) pace.slowedFrom ??= current;
        pace.tokens = Math.min(tokensNow(pace, now), 1);
        pace.tokensAt = now;
        pace.effectiveRate = Math.max(MIN_EFFECTIVE_RATE, current / 2);
        break;
      }
      case 'none':
        break;
    }
  }

  /** A record or a give-back ended. */
  written(): void {
    this.writing--;
  }

  /** A statement failed; the claim that failed, if it was one, is over. `record`: an answered attempt's record. */
  failed(error: unknown, { claim = false, record = false } = {}): void {
    this.failure ??= { error, unrecorded: false };
    if (record) this.failure.unrecorded = true;
    if (claim) this.claim.pending = false;
  }

  /** When the next delivery is due, in ms (null: none pending); whether the lane may linger for a wake. */
  nextDueKnown(nextMs: number | null, mayLinger: boolean, lingerMs: number, now: number): void {
    const lingers = nextMs !== 0 && mayLinger && !this.stopping && !this.wake.woken;
    this.idle = { phase: 'known', nextMs, since: now, lingerUntil: lingers ? now + Math.min(lingerMs, nextMs ?? lingerMs) : null };
  }

  /** Another lane waits for this one's slot: a linger under way ends now. Whether one was. */
  lingerCut(): boolean {
    if (this.idle.phase !== 'known' || this.idle.lingerUntil === null) return false;
    this.idle = { ...this.idle, lingerUntil: null };
    return true;
  }

  /** Deliveries were made for the endpoint; with `fromStart`, possibly below the claim's floor. */
  woken(fromStart: boolean): void {
    this.wake.woken = true;
    this.wake.count++;
    this.claim.mayBeDue = true;
    if (fromStart) {
      this.claim.floor = 0;
      this.wake.fromStart++;
    }
  }

  stop(): void {
    this.stopping = true;
  }
}

/**
 * The lane's next step, decided from its state alone (no I/O, no clock of its own). In order:
 * fail on a failed statement once nothing is under way; fill the window from what is claimed
 * ahead, as the endpoint's pace allows; claim ahead once a window of room is free; wait while requests or a claim are under
 * way, or for the pace's next request; once all is recorded, park (stopping, or the endpoint held
 * elsewhere or paused), take a wake, or ask for the next due time, linger for a wake, and park
 * or end.
 */
export function nextStep<D>(state: LaneState<D>, limits: LaneLimits, now: number): LaneStep<D> {
  // A failed lane ends only once nothing it started is under way: its next run, which holds
  // nothing yet, could otherwise claim a delivery still in flight here (cd_claim_lane).
  if (state.failure) {
    if (state.inFlight > 0 || state.writing > 0 || state.claim.pending) return { kind: 'wait', until: null };
    return { kind: 'fail', error: state.failure.error };
  }

  const window = state.endpoint.maxInFlight ?? limits.window;
  const paused = state.pace.pausedUntil !== null && now < state.pace.pausedUntil;
  // Requests the pace allows now (rate_limit, or slowed by the receiver); infinite without one.
  const tokens = tokensNow(state.pace, now);
  const rate = paceRate(state.pace);

  // Slots freed are filled from what was claimed ahead, as far as the pace allows. One that
  // waited so long that its attempt could outlast the hold goes back instead (only
  // behind a window of requests that hang, or a slow pace), as does all of it when the lane
  // stops or the receiver paused the endpoint.
  let tokenAt: number | null = null;
  if (state.ahead.length > 0 && (state.stopping || paused || state.inFlight < window)) {
    const post: D[] = [];
    const giveBack: D[] = [];
    for (const { delivery, claimedAt } of state.ahead) {
      if (state.stopping || paused || now - claimedAt > limits.postableForMs) giveBack.push(delivery);
      else if (state.inFlight + post.length < window && post.length + 1 <= tokens) post.push(delivery);
      else break;
    }
    // Only a prefix of the queue leaves, in order: the ones given back may sit before or after
    // the ones posted, so both lists are in the queue's order and their total is that prefix.
    if (post.length + giveBack.length > 0) return { kind: 'dispatch', post, giveBack };
    // Room in the window, but the pace has no request to spare: the next comes then.
    if (rate !== null && state.inFlight < window) tokenAt = now + Math.ceil(((1 - tokens) * 1000) / rate);
  }

  // Claim ahead once a window of room is free (at once when the lane holds nothing), so that
  // one statement claims several deliveries under load; under a pace, only what it can post
  // while a claim ahead stays postable.
  const aheadMax =
    rate === null
      ? window * limits.aheadWindows
      : Math.min(window * limits.aheadWindows, Math.max(1, Math.floor((rate * limits.postableForMs) / 2000)));
  const held = state.inFlight + state.ahead.length;
  const room = window + aheadMax - held;
  const { claim } = state;
  const blocked = paused || (state.endpoint.blockedUntil !== null && now < state.endpoint.blockedUntil);
  // And only while its answers being recorded are fewer than a window and what it claims ahead:
  // every claim steps over the deliveries its lane still holds (cd_claim_lane), and a lane whose
  // receiver answers faster than the records are written ran hundreds ahead of them flat out, so
  // that each claim walked those hundreds. Waiting for the records instead paces the lane to them.
  const recordsBehind = state.writing >= window + aheadMax;
  if (!claim.pending && !state.stopping && !blocked && !recordsBehind && claim.mayBeDue && room > 0 && (held === 0 || room >= Math.min(window, aheadMax))) {
    const fromSequence = now - claim.wholeRangeAt > limits.floorForMs ? 0 : claim.floor;
    return { kind: 'claim', room, fromSequence };
  }

  // A claim or a request under way: wait for it (or a wake, which may make a claim worth it),
  // or for the pace's next request.
  if (claim.pending || state.inFlight > 0 || tokenAt !== null) return { kind: 'wait', until: tokenAt };
  // Every answer recorded before the lane looks at what is due next (a retry's due time is set
  // by its record) or leaves.
  if (state.writing > 0) return { kind: 'wait', until: null };
  if (state.stopping) return { kind: 'park', inMs: 0, recheck: false };
  // Held by another lane run, or paused by the receiver: back to the queue until then. No
  // recheck: the table would say work is due, and the lane would only be blocked again.
  if (blocked) {
    const until = Math.max(paused ? state.pace.pausedUntil! : 0, state.endpoint.blockedUntil ?? 0);
    return { kind: 'park', inMs: until - now, recheck: false };
  }

  const { idle } = state;
  if (idle.phase === 'asking') return { kind: 'wait', until: null };
  if (state.wake.woken) return { kind: 'take-wake' };
  if (idle.phase === 'busy') return !claim.othersPending && claim.settled ? { kind: 'nothing-pending' } : { kind: 'ask-next-due' };

  // A delivery found due right after a claim came back short is claimed again once at once, not
  // after the 100 ms wait below: it was most often committed between the two statements.
  if (idle.nextMs === 0 && !claim.lookedAgain) return { kind: 'look-again' };
  if (idle.lingerUntil !== null && now < idle.lingerUntil) return { kind: 'wait', until: idle.lingerUntil };
  if (idle.nextMs === null) return { kind: 'end' };
  // Due now but still not claimable (held by another transaction a moment): look again in
  // 100 ms, not at once, so as not to spin while the other transaction holds it.
  if (idle.nextMs === 0) return { kind: 'park', inMs: 100, recheck: false };
  const lingered = idle.lingerUntil === null ? 0 : now - idle.since;
  return { kind: 'park', inMs: Math.max(idle.nextMs - lingered, 0), recheck: true };
}
