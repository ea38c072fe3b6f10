// One run of an endpoint's lane: keeps up to `window` of the endpoint's due deliveries in flight,
// claiming more as attempts end, until nothing is due; then it lingers a moment for a wake, and
// parks until the endpoint's next due time (its process runs it again then) or ends when nothing
// is pending. What to do next is decided by nextStep (lane-state.ts) from the lane's state alone;
// this loop applies each step through LaneIO (lane-io.ts) and reports every outcome back to the
// state. So a slow or hanging request holds only its own slot, and a wake is acted on at once,
// whatever is in flight.
import { nextStep, type LaneLimits, type LaneState } from './lane-state.ts';
import type { LaneIO } from './lane-io.ts';

/** The rate the lane slowed its endpoint to, to be stored (undefined: the lane does not know it yet). */
const ownRate = <D>(state: LaneState<D>) => (state.pace.known ? state.pace.effectiveRate : undefined);

/** What the lane asks of the process it runs in (lanes.ts). */
export interface LaneHost {
  /** Whether a lane with nothing due may linger for a wake now (enough of the process's lane slots are free). */
  mayLinger(): boolean;
  /** The lane is leaving: a wake after this runs it again once it has left. */
  leave(): void;
}

/**
 * Runs the lane until it parks or ends (returns a summary) or fails.
 * `state` is shared with whoever wakes or stops the lane: they call its transition and then
 * `changed`, which this sets.
 */
export async function runLane<D>(
  state: LaneState<D>,
  io: LaneIO<D>,
  limits: LaneLimits,
  host: LaneHost,
  bell: { ring?: () => void },
): Promise<string> {
  // Rung by every I/O that ends and every wake or stop: the loop decides again.
  let ring: (() => void) | undefined;
  bell.ring = () => {
    const r = ring;
    ring = undefined;
    r?.();
  };
  const changed = () => bell.ring?.();
  try {
    for (;;) {
      const now = Date.now();
      const step = nextStep(state, limits, now);
      switch (step.kind) {
        case 'fail':
          throw step.error;
        case 'dispatch':
          state.dispatched(step.post.length, step.giveBack.length, now);
          for (const delivery of step.post) {
            io.attempt(delivery).then(
              ({ recorded, pace }) => {
                state.attemptAnswered(pace, Date.now());
                changed();
                recorded.then(
                  () => state.written(),
                  (error: unknown) => {
                    state.written();
                    state.failed(error, { record: true });
                  },
                ).finally(changed);
              },
              (error: unknown) => {
                // An attempt never throws for what the receiver does: this is ours (signing).
                state.attemptAnswered();
                state.written();
                state.failed(error);
                changed();
              },
            );
          }
          if (step.giveBack.length > 0) {
            io.release(step.giveBack).then(
              () => state.written(),
              (error: unknown) => {
                state.written();
                state.failed(error);
              },
            ).finally(changed);
          }
          continue;
        case 'claim': {
          state.claimStarted(step.fromSequence, now);
          const { room } = step;
          io.claim(room, step.fromSequence, ownRate(state)).then(
            ({ claimed, floor, othersPending, terms }) => state.claimReturned(claimed, floor, room, Date.now(), terms, othersPending),
            (error: unknown) => state.failed(error, { claim: true }),
          ).finally(changed);
          continue;
        }
        case 'take-wake':
          state.wakeTaken();
          continue;
        case 'look-again':
          state.lookingAgain();
          continue;
        case 'nothing-pending':
          state.nextDueKnown(null, host.mayLinger(), limits.lingerMs, now);
          continue;
        case 'ask-next-due':
          state.askedNextDue();
          io.nextDue().then(
            (nextMs) => state.nextDueKnown(nextMs, host.mayLinger(), limits.lingerMs, Date.now()),
            (error: unknown) => state.failed(error),
          ).finally(changed);
          continue;
        case 'wait':
          await new Promise<void>((resolve) => {
            const timer = step.until === null ? undefined : setTimeout(resolve, Math.max(step.until - now, 0));
            ring = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          continue;
        case 'park':
          host.leave();
          await io.leave(ownRate(state));
          return await io.park(step.inMs, step.recheck && !state.stopping);
        case 'end':
          host.leave();
          await io.leave(ownRate(state));
          return `${state.attempts} attempts`;
      }
    }
  } finally {
    host.leave();
    bell.ring = undefined;
  }
}
