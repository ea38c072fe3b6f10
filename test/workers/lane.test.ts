// A lane's scheduling (workers/5-delivery/lane.ts, lane-state.ts) with a fake of its I/O and fake
// timers: what it claims and when, what it posts, what it gives back, how it lingers, parks and
// ends, what a wake and a stop do. Nothing here touches a database or a queue; the same lane on
// real ones is tested end to end in pipeline.test.ts and faults.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runLane, type LaneHost } from '../../workers/5-delivery/lane.ts';
import type { LaneTerms } from '../../src/db/deliveries.ts';
import type { LaneIO } from '../../workers/5-delivery/lane-io.ts';
import { LaneState, MIN_EFFECTIVE_RATE, RATE_CLIMB, type AnswerPace, type LaneLimits } from '../../workers/5-delivery/lane-state.ts';

const LIMITS: LaneLimits = { window: 5, aheadWindows: 2, postableForMs: 8_000, lingerMs: 250, floorForMs: 1_000 };

class Deferred<T> {
  resolve!: (value: T) => void;
  reject!: (error: unknown) => void;
  readonly promise = new Promise<T>((resolve, reject) => {
    this.resolve = resolve;
    this.reject = reject;
  });
}

class Parked extends Error {}

/**
 * The lane's I/O as a script the test plays: deliveries are sequence numbers; every call is
 * recorded and answered when the test says (claims and next-due answers from `due`, the
 * endpoint's pending deliveries; attempts when the test answers them).
 */
class FakeIO implements LaneIO<number> {
  /** Pending deliveries of the endpoint, due now, not claimed. */
  due: number[] = [];
  /** What nextDue answers when nothing in `due` is left. */
  later: number | null = null;
  readonly claims: { room: number; fromSequence: number }[] = [];
  readonly released: number[] = [];
  readonly posted: number[] = [];
  readonly parked: { inMs: number; recheck: boolean }[] = [];
  /** Requests in flight, by delivery: answer one with answer(). */
  readonly inFlight = new Map<number, Deferred<{ recorded: Promise<unknown>; pace: AnswerPace }>>();
  /** When each request was posted (fake time). */
  readonly postedAt: number[] = [];
  /** The slowed rate each claim and leave stored (undefined: none stored). */
  readonly storedRates: (number | null | undefined)[] = [];
  /** Claims the test holds back (holdClaims), answered by releaseClaim(). */
  holdClaims = false;
  readonly heldClaims: (() => void)[] = [];
  maxInFlight = 0;
  claimError: Error | undefined;
  /** What the endpoint asks, as the next claims find it. */
  terms: LaneTerms = { maxInFlight: null, rateLimit: null, effectiveRate: null, blocked: null };
  left = 0;
  /** Whether claims say if pending deliveries are left besides those claimed (cd_claim_lane); without, the lane assumes some are. */
  tellsPending = false;
  nextDueAsked = 0;

  claim(room: number, fromSequence: number, ownRate?: number | null) {
    this.claims.push({ room, fromSequence });
    this.storedRates.push(ownRate);
    if (this.claimError) return Promise.reject(this.claimError);
    const answer = () => {
      const claimed = this.terms.blocked ? [] : this.due.filter((s) => s >= fromSequence).slice(0, room);
      this.due = this.due.filter((s) => !claimed.includes(s));
      if (this.terms.blocked) return { claimed: [], floor: fromSequence, terms: this.terms };
      const othersPending = this.tellsPending ? this.due.length > 0 || this.later !== null || this.inFlight.size > 0 : undefined;
      return { claimed, floor: Math.min(...this.due, ...claimed, 1_000_000), othersPending, terms: this.terms };
    };
    if (!this.holdClaims) return Promise.resolve().then(answer);
    return new Promise<{ claimed: number[]; floor: number; othersPending?: boolean; terms: LaneTerms }>((resolve) => this.heldClaims.push(() => resolve(answer())));
  }

  release(deliveries: number[]) {
    this.released.push(...deliveries);
    this.due.push(...deliveries);
    this.due.sort((a, b) => a - b);
    return Promise.resolve();
  }

  nextDue() {
    this.nextDueAsked++;
    return Promise.resolve(this.due.length > 0 ? 0 : this.later);
  }

  attempt(delivery: number) {
    this.posted.push(delivery);
    this.postedAt.push(Date.now());
    const answer = new Deferred<{ recorded: Promise<unknown>; pace: AnswerPace }>();
    this.inFlight.set(delivery, answer);
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight.size);
    return answer.promise;
  }

  /** Answers the request for `delivery` (recorded at once), a success unless `pace` says otherwise. */
  answer(delivery: number, pace: AnswerPace = { kind: 'success' }) {
    const request = this.inFlight.get(delivery);
    if (!request) throw new Error(`delivery ${delivery} is not in flight`);
    this.inFlight.delete(delivery);
    request.resolve({ recorded: Promise.resolve(), pace });
    // A throttled delivery is pending again (due at once here; the lane's pace holds it back).
    if (pace.kind === 'paused' || pace.kind === 'slow-down') {
      this.due.push(delivery);
      this.due.sort((a, b) => a - b);
    }
  }

  answerAll() {
    for (const delivery of [...this.inFlight.keys()]) this.answer(delivery);
  }

  leave(ownRate?: number | null) {
    this.storedRates.push(ownRate);
    this.left++;
    return Promise.resolve();
  }

  park(inMs: number, recheck: boolean): Promise<never> {
    this.parked.push({ inMs, recheck });
    return Promise.reject(new Parked());
  }
}

/** A lane on a fake I/O, with the handles a test needs. */
function startLane(io: FakeIO, { mayLinger = true, limits = LIMITS } = {}) {
  const state = new LaneState<number>();
  const bell: { ring?: () => void } = {};
  let left = false;
  const host: LaneHost = { mayLinger: () => mayLinger, leave: () => void (left = true) };
  const outcome = runLane(state, io, limits, host, bell).then(
    (summary) => ({ ended: summary }),
    (error: unknown) => ({ error }),
  );
  let settled: { ended: string } | { error: unknown } | undefined;
  void outcome.then((o) => (settled = o));
  return {
    state,
    outcome,
    settled: () => settled,
    left: () => left,
    wake(fromStart = false) {
      state.woken(fromStart);
      bell.ring?.();
    },
    stop() {
      state.stop();
      bell.ring?.();
    },
    /** As its process does when another lane waits for a slot (lanes.ts). */
    cutLinger() {
      if (state.lingerCut()) bell.ring?.();
    },
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** Lets every promise callback that can run, run (timers stay where they are). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a lane', () => {
  it('claims a window and two more at once, posts a window, and fills each freed slot from what it claimed ahead', async () => {
    const io = new FakeIO();
    io.due = range(1, 40);
    const lane = startLane(io);
    await settle();
    expect(io.claims[0]).toEqual({ room: 15, fromSequence: 0 });
    expect(io.posted).toEqual([1, 2, 3, 4, 5]);
    expect(lane.state.ahead.map((a) => a.delivery)).toEqual(range(6, 15));

    io.answer(1);
    await settle();
    // One slot freed: filled from ahead at once; no claim for one slot of room.
    expect(io.posted).toEqual([1, 2, 3, 4, 5, 6]);
    expect(io.claims).toHaveLength(1);

    for (const d of [2, 3, 4, 5]) io.answer(d);
    await settle();
    // A window of room: claimed again, from the floor of the last claim (the lowest pending
    // delivery it saw, those it holds included).
    expect(io.claims).toHaveLength(2);
    expect(io.claims[1]!.fromSequence).toBe(1);
    expect(io.maxInFlight).toBe(5);
  });

  it('claims no more while a window and what it claims ahead are being recorded, and goes on as records end', async () => {
    const io = new FakeIO();
    io.due = range(1, 100);
    const lane = startLane(io);
    await settle();
    // Every answer comes at once, and no record ends until the test says.
    const records: Deferred<void>[] = [];
    const answerHeld = (delivery: number) => {
      const request = io.inFlight.get(delivery)!;
      io.inFlight.delete(delivery);
      const record = new Deferred<void>();
      records.push(record);
      request.resolve({ recorded: record.promise, pace: { kind: 'success' } });
    };
    for (let round = 0; round < 10 && io.inFlight.size > 0; round++) {
      for (const delivery of [...io.inFlight.keys()]) answerHeld(delivery);
      await settle();
    }
    // At least 15 answers being recorded (a window of 5 and 10 claimed ahead; what was claimed
    // before that went on): nothing in flight or claimed ahead, nothing claimed since, however
    // much is due.
    const writing = lane.state.writing;
    expect(writing).toBeGreaterThanOrEqual(15);
    expect(writing).toBeLessThanOrEqual(30);
    expect(io.inFlight.size).toBe(0);
    expect(lane.state.ahead).toHaveLength(0);
    expect(io.posted).toEqual(range(1, writing));
    const claims = io.claims.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(io.claims).toHaveLength(claims);
    // Records end until fewer than 15 are under way: the lane claims again.
    while (records.length > 14) records.shift()!.resolve();
    await settle();
    expect(io.claims).toHaveLength(claims + 1);
    expect(io.posted.length).toBeGreaterThan(writing);
  });

  it('never has more than its window in flight, and posts every due delivery once, in sequence order', async () => {
    const io = new FakeIO();
    io.due = range(1, 100);
    const lane = startLane(io);
    while (!lane.settled()) {
      await settle();
      // Answered in an order of their own: the oldest last.
      const flying = [...io.inFlight.keys()].sort((a, b) => b - a);
      for (const d of flying.slice(0, 3)) io.answer(d);
      if (flying.length > 0 && flying.length <= 3) io.answerAll();
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(io.maxInFlight).toBe(5);
    expect(io.posted).toEqual(range(1, 100));
    expect(lane.settled()).toEqual({ ended: '100 attempts' });
  });

  it('one request that hangs holds only its own slot: the others go on, and a wake is acted on at once', async () => {
    const io = new FakeIO();
    io.due = [1];
    const lane = startLane(io);
    await settle();
    expect(io.posted).toEqual([1]); // hangs: never answered in this test
    // The claim came back short: nothing more is due as far as the lane knows.
    io.due = range(2, 8);
    lane.wake();
    await settle();
    // The wake made the lane claim while the hanging request is still in flight.
    expect(io.claims).toHaveLength(2);
    expect(io.posted).toEqual([1, 2, 3, 4, 5]);
    io.answer(2);
    io.answer(3);
    await settle();
    expect(io.posted).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(io.inFlight.has(1)).toBe(true);
  });

  it('a wake that comes while a claim is under way makes it claim again after a short claim', async () => {
    const io = new FakeIO();
    io.holdClaims = true;
    io.due = [1];
    const lane = startLane(io);
    await settle();
    expect(io.claims).toHaveLength(1);
    // Committed after the claim's snapshot: the relay wakes the lane while the claim runs.
    lane.wake();
    io.heldClaims.shift()!();
    io.due.push(2);
    await settle();
    expect(io.claims).toHaveLength(2);
    io.heldClaims.shift()!();
    await settle();
    expect(io.posted).toEqual([1, 2]);
  });

  it('gives back what it claimed ahead once it waited too long to be posted inside the hold its claim renewed', async () => {
    const io = new FakeIO();
    io.due = range(1, 15);
    startLane(io);
    await settle();
    expect(io.posted).toEqual([1, 2, 3, 4, 5]);
    await vi.advanceTimersByTimeAsync(LIMITS.postableForMs + 1);
    io.answer(1);
    await settle();
    // 6..15 waited longer than postableForMs: given back, not posted; then claimed again.
    expect(io.released).toEqual(range(6, 15));
    expect(io.posted.slice(5)).toEqual([6]);
  });

  it('does not ask when the next delivery is due after a claim that left nothing pending and attempts that all succeeded; asks after a failure', async () => {
    const io = new FakeIO();
    io.tellsPending = true;
    io.due = [1];
    const lane = startLane(io, { mayLinger: false });
    await settle();
    io.answer(1);
    await settle();
    expect(io.nextDueAsked).toBe(0);
    expect(lane.settled()).toEqual({ ended: '1 attempts' });

    const failing = new FakeIO();
    failing.tellsPending = true;
    failing.due = [2];
    const retried = startLane(failing, { mayLinger: false });
    await settle();
    failing.later = 5_000; // the failed attempt's record made it due again then
    failing.answer(2, { kind: 'none' });
    await settle();
    expect(failing.nextDueAsked).toBe(1);
    expect(failing.parked).toEqual([{ inMs: 5_000, recheck: true }]);
    expect(retried.settled()).toMatchObject({ error: expect.any(Parked) });
  });

  it('a full claim that left nothing else pending is its last: no claim follows that could only find nothing', async () => {
    const io = new FakeIO();
    io.tellsPending = true;
    io.due = range(1, 15); // exactly a window and what it claims ahead
    const lane = startLane(io, { mayLinger: false });
    while (!lane.settled()) {
      await settle();
      io.answerAll();
    }
    expect(io.posted).toEqual(range(1, 15));
    expect(io.claims).toHaveLength(1);
    expect(io.nextDueAsked).toBe(0);
    expect(lane.settled()).toEqual({ ended: '15 attempts' });

    // One more left pending: the lane claims again for it.
    const more = new FakeIO();
    more.tellsPending = true;
    more.due = range(1, 16);
    const second = startLane(more, { mayLinger: false });
    while (!second.settled()) {
      await settle();
      more.answerAll();
    }
    expect(more.posted).toEqual(range(1, 16));
    expect(more.claims.length).toBeGreaterThanOrEqual(2);
  });

  it('ends its linger at once when another lane waits for its slot', async () => {
    const io = new FakeIO();
    io.due = [1];
    const lane = startLane(io);
    await settle();
    io.answer(1);
    await settle();
    expect(lane.settled()).toBeUndefined(); // lingering
    lane.cutLinger();
    await settle();
    expect(lane.settled()).toEqual({ ended: '1 attempts' });
  });

  it('with nothing due, lingers for a wake, then parks until the next due time less what it lingered', async () => {
    const io = new FakeIO();
    io.due = [1];
    io.later = 5_000;
    const lane = startLane(io);
    await settle();
    io.answer(1);
    await settle();
    await vi.advanceTimersByTimeAsync(LIMITS.lingerMs - 1);
    expect(io.parked).toEqual([]);
    expect(lane.left()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(io.parked).toEqual([{ inMs: 5_000 - LIMITS.lingerMs, recheck: true }]);
    expect(lane.left()).toBe(true);
    expect(lane.settled()).toMatchObject({ error: expect.any(Parked) });
  });

  it('a wake while it lingers makes it claim again, not park', async () => {
    const io = new FakeIO();
    io.due = [1];
    io.later = null;
    const lane = startLane(io);
    await settle();
    io.answer(1);
    await vi.advanceTimersByTimeAsync(100);
    io.due = [2];
    lane.wake();
    await settle();
    expect(io.posted).toEqual([1, 2]);
    expect(io.parked).toEqual([]);
    io.answer(2);
    await vi.advanceTimersByTimeAsync(LIMITS.lingerMs);
    expect(lane.settled()).toEqual({ ended: '2 attempts' });
  });

  it('does not linger when the process has few lane slots free: it ends at once when nothing is pending', async () => {
    const io = new FakeIO();
    io.due = [1];
    const lane = startLane(io, { mayLinger: false });
    await settle();
    io.answer(1);
    await settle();
    expect(lane.settled()).toEqual({ ended: '1 attempts' });
  });

  it('looks again once at once when one is due right after a short claim, then waits 100 ms in the queue', async () => {
    const io = new FakeIO();
    io.due = [1];
    startLane(io);
    await settle();
    // Pending and due, but not claimable (another transaction holds it): claims find nothing.
    io.nextDue = () => Promise.resolve(0);
    io.answer(1);
    await settle();
    expect(io.claims.map((c) => c.fromSequence)).toEqual([0, 0]);
    expect(io.parked).toEqual([{ inMs: 100, recheck: false }]);
  });

  it('claims from the floor of its last claim, from the start again after floorForMs or a wake from the start', async () => {
    const io = new FakeIO();
    io.due = range(10, 12);
    const lane = startLane(io);
    await settle();
    io.answerAll();
    await settle();
    io.due = [20];
    lane.wake();
    await settle();
    expect(io.claims.at(-1)!.fromSequence).toBe(10); // the floor of the claim before
    io.answerAll();
    io.due = [5];
    lane.wake(true);
    await settle();
    expect(io.claims.at(-1)!.fromSequence).toBe(0);
    io.answerAll();
    await settle();
    io.due = [30];
    await vi.advanceTimersByTimeAsync(LIMITS.floorForMs + 1);
    lane.wake();
    await settle();
    expect(io.claims.at(-1)!.fromSequence).toBe(0);
  });

  it('on stop, finishes what is in flight, gives back what it claimed ahead, and parks at once', async () => {
    const io = new FakeIO();
    io.due = range(1, 20);
    const lane = startLane(io);
    await settle();
    lane.stop();
    await settle();
    expect(io.released).toEqual(range(6, 15));
    expect(io.parked).toEqual([]);
    io.answerAll();
    await settle();
    expect(io.parked).toEqual([{ inMs: 0, recheck: false }]);
    expect(io.posted).toEqual([1, 2, 3, 4, 5]);
    expect(lane.state.attempts).toBe(5);
  });

  it('fails when a statement fails, with that error', async () => {
    const io = new FakeIO();
    io.claimError = new Error('database away');
    const lane = startLane(io);
    await settle();
    expect(lane.settled()).toEqual({ error: io.claimError });
  });

  it('fails only once nothing it started is in flight or being recorded: its next run, holding nothing, could claim those again', async () => {
    const io = new FakeIO();
    io.due = range(1, 20);
    const lane = startLane(io);
    await settle();
    expect(io.posted).toEqual([1, 2, 3, 4, 5]);
    // The record of the first answer fails (the database went away).
    const error = new Error('database away');
    const first = io.inFlight.get(1)!;
    io.inFlight.delete(1);
    first.resolve({ recorded: Promise.reject(error), pace: { kind: 'success' } });
    await settle();
    // The freed slot was filled as the answer came (6), before its record failed; after that,
    // nothing new is posted, and the lane waits for every request still in flight.
    expect(io.posted).toEqual([1, 2, 3, 4, 5, 6]);
    expect(lane.settled()).toBeUndefined();
    for (const delivery of [2, 3, 4, 5]) io.answer(delivery);
    await settle();
    expect(lane.settled()).toBeUndefined();
    io.answer(6);
    await settle();
    expect(lane.settled()).toEqual({ error });
    expect(io.posted).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("keeps to the endpoint's own max_in_flight, as its claims find it", async () => {
    const io = new FakeIO();
    io.terms = { ...io.terms, maxInFlight: 2 };
    io.due = range(1, 30);
    const lane = startLane(io);
    await settle();
    // The first claim is made before the lane knows: a window of the default, 2 of it posted.
    expect(io.posted).toEqual([1, 2]);
    while (!lane.settled()) {
      io.answerAll();
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(io.maxInFlight).toBe(2);
    expect(io.posted).toEqual(range(1, 30));
    // Later claims ask for what fits: the window and two more.
    expect(io.claims.slice(1).every((c) => c.room <= 6)).toBe(true);
  });

  it('held by another lane run, or paused by the receiver: claims nothing more, parks until then without a recheck, and gives up its hold', async () => {
    for (const reason of ['held', 'paused'] as const) {
      const io = new FakeIO();
      io.due = range(1, 3);
      io.terms = { ...io.terms, blocked: { reason, forMs: 20_000 } };
      const lane = startLane(io);
      await settle();
      expect(io.posted).toEqual([]);
      expect(io.parked).toEqual([{ inMs: 20_000, recheck: false }]);
      expect(io.left).toBe(1);
      expect(lane.left()).toBe(true);
    }
  });

  describe('pace', () => {
    /** The most requests that started within any one second (a sliding window over fake time). */
    const mostInOneSecond = (times: number[]) =>
      Math.max(0, ...times.map((t, i) => times.slice(i).filter((u) => u < t + 1000).length));

    it('keeps to rate_limit: never more than rate + max(2, rate/50) requests in any one second, and all of them go', async () => {
      const io = new FakeIO();
      io.terms = { ...io.terms, rateLimit: 10 };
      io.due = range(1, 40);
      const lane = startLane(io);
      while (!lane.settled()) {
        await vi.advanceTimersByTimeAsync(7);
        io.answerAll();
      }
      expect(io.posted).toEqual(range(1, 40));
      expect(mostInOneSecond(io.postedAt)).toBeLessThanOrEqual(12);
      // Not slower than the limit either (fake time: nothing else runs).
      expect(io.postedAt.at(-1)! - io.postedAt[0]!).toBeLessThan(4_000);
      // What is claimed ahead can be posted before it would have to be given back.
      expect(io.released).toEqual([]);
    });

    it('after an idle spell, the next burst starts no more than the bucket at once: the limit holds in every second', async () => {
      const io = new FakeIO();
      io.terms = { ...io.terms, rateLimit: 10, maxInFlight: 50 };
      io.due = range(1, 10);
      const lane = startLane(io, { limits: { ...LIMITS, lingerMs: 5_000 } });
      for (let i = 0; i < 150; i++) {
        await vi.advanceTimersByTimeAsync(10);
        io.answerAll();
      }
      expect(io.posted).toEqual(range(1, 10));
      // Lingering for a wake, long enough for an unbounded bucket to fill with 30 requests.
      await vi.advanceTimersByTimeAsync(3_000);
      io.due = range(11, 40);
      lane.wake();
      for (let i = 0; i < 400 && io.posted.length < 40; i++) {
        await vi.advanceTimersByTimeAsync(10);
        io.answerAll();
      }
      expect(io.posted).toEqual(range(1, 40));
      expect(mostInOneSecond(io.postedAt)).toBeLessThanOrEqual(12);
    });

    it('a 429 or 503 with Retry-After pauses the whole endpoint: nothing posted until then, what was claimed ahead goes back, and the lane parks for the rest', async () => {
      const io = new FakeIO();
      io.due = range(1, 20);
      startLane(io);
      await settle();
      expect(io.posted).toEqual([1, 2, 3, 4, 5]);
      io.answer(1, { kind: 'paused', forMs: 20_000 });
      await settle();
      // The others in flight finish; nothing new starts.
      expect(io.posted).toHaveLength(5);
      expect(io.released).toEqual(range(6, 15));
      for (const d of [2, 3, 4, 5]) io.answer(d);
      await settle();
      expect(io.posted).toHaveLength(5);
      expect(io.parked).toHaveLength(1);
      expect(io.parked[0]!.recheck).toBe(false);
      expect(io.parked[0]!.inMs).toBeGreaterThan(19_000);
      expect(io.parked[0]!.inMs).toBeLessThanOrEqual(20_000);
    });

    it('a 429 without Retry-After halves the rate it observed, and successes bring it back step by step, stored with its claims', async () => {
      const io = new FakeIO();
      io.due = range(1, 200);
      const lane = startLane(io);
      // Unpaced at first: 5 at a time, answered every 100 ms: 50 a second.
      for (let i = 0; i < 12; i++) {
        await vi.advanceTimersByTimeAsync(100);
        io.answerAll();
      }
      await settle();
      const [first] = io.inFlight.keys();
      io.answer(first!, { kind: 'slow-down' });
      await settle();
      const slowed = lane.state.pace.effectiveRate!;
      expect(slowed).toBeGreaterThanOrEqual(MIN_EFFECTIVE_RATE);
      expect(slowed).toBeLessThanOrEqual(30);
      expect(lane.state.pace.slowedFrom).toBeGreaterThan(slowed);
      // Each success raises it by RATE_CLIMB, until it is back where it was: no longer slowed.
      io.answerAll();
      await settle();
      const answered = io.posted.length - io.inFlight.size;
      expect(lane.state.pace.effectiveRate).toBeGreaterThan(slowed);
      expect(Math.log(lane.state.pace.effectiveRate! / slowed) / Math.log(RATE_CLIMB)).toBeLessThanOrEqual(answered);
      while (lane.state.pace.effectiveRate !== null && !lane.settled()) {
        await vi.advanceTimersByTimeAsync(50);
        io.answerAll();
      }
      expect(lane.state.pace.effectiveRate).toBeNull();
      expect(io.storedRates.some((r) => typeof r === 'number' && r >= slowed)).toBe(true);
    });
  });
});
