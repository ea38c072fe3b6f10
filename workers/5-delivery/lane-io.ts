// Everything a lane does to the world, behind one interface: the lane (lane.ts) decides, this
// acts. The real one works on the deliveries table (src/db/deliveries.ts, sql/5-delivery/), the
// endpoint's URL (attempt.ts) and the process's registry of lanes (lanes.ts); tests give a lane a
// fake.
import type { Logger } from 'pino';
import { claimLane, laneNextDue, leaveLane, type ClaimedDelivery, type LaneTerms } from '../../src/db/deliveries.ts';
import type { LaneRef } from '../../src/queue/queues.ts';
import { makeAttempt, toAttempt, type Attempt, type AttemptContext } from './attempt.ts';
import type { AnswerPace } from './lane-state.ts';

/** A lane's I/O, over deliveries of type D (claimed for one attempt each). */
export interface LaneIO<D> {
  /**
   * Claims up to `room` of the endpoint's due deliveries, in sequence order, from `fromSequence`
   * (cd_claim_lane), each for one attempt, skipping those this run holds. `floor`: no pending delivery of the endpoint
   * has a lower sequence than this. `ownRate`: the rate the lane slowed the endpoint to, stored
   * with the claim (undefined: the lane does not know it yet, the stored one stands).
   */
  claim(room: number, fromSequence: number, ownRate?: number | null): Promise<{ claimed: D[]; floor: number; othersPending?: boolean; terms: LaneTerms | null }>;
  /** Gives back deliveries claimed but not attempted: claimable again at once, their claim not counted. */
  release(deliveries: D[]): Promise<void>;
  /** In how many ms the endpoint has work again (0: now); null when nothing is pending. */
  nextDue(): Promise<number | null>;
  /** Posts the delivery; resolves when it is answered, with its record under way and what the answer says of the receiver's pace. */
  attempt(delivery: D): Promise<{ recorded: Promise<unknown>; pace: AnswerPace }>;
  /** Before the lane parks or ends: stores the rate it slowed the endpoint to, if it changed since its last claim (cd_leave_lane). */
  leave(ownRate?: number | null): Promise<void>;
  /**
   * Ends this run of the lane until `inMs` from now, when its process runs it again. With
   * `recheck`, at once if a delivery became due meanwhile (one made by another process, whose
   * wake this process did not get). Resolves with what the run did.
   */
  park(inMs: number, recheck: boolean): Promise<string>;
}

/** The lane's I/O on the database; `later` has its process run it again in `inMs`. */
export function createLaneIO(
  context: AttemptContext & { leaseMs: number },
  lane: LaneRef,
  holder: string,
  later: (inMs: number) => void,
  log: () => Logger,
): LaneIO<Attempt> {
  const { pool, leaseMs, metrics } = context;
  const { clubId, endpointId } = lane;
  const nextDue = () => laneNextDue(pool, clubId, endpointId);
  // What this run holds, claimed and not yet given back or recorded: its claims skip these. The
  // endpoint's hold keeps other processes off them, and a run ends only once none is in flight
  // or being recorded (lane-state.ts), so the next run holds nothing it did not claim.
  const holding = new Set<number>();
  const letGo = (delivery: ClaimedDelivery) => void holding.delete(delivery.key.sequence);
  // Whether this run's claims held the endpoint (under its process's name, `holder`), and the
  // slowed rate stored with them: a run leaves with a statement only to store a rate it changed
  // since (the hold otherwise stays with the process: cd_leave_lanes).
  let held = false;
  let storedRate: number | null | undefined;
  return {
    async claim(room, fromSequence, ownRate) {
      const result = await claimLane(pool, clubId, endpointId, room, leaseMs, fromSequence, holder, holding, ownRate);
      for (const delivery of result.claimed) holding.add(delivery.key.sequence);
      if (result.lane && result.lane.blocked?.reason !== 'held') {
        held = true;
        storedRate = ownRate !== undefined ? ownRate : (result.lane.effectiveRate ?? null);
      }
      if (result.canceled > 0) {
        log().info({ deliveries: result.canceled }, 'deliveries canceled: endpoint deleted or disabled');
        metrics.deliveries.inc({ outcome: 'canceled' }, result.canceled);
      }
      return {
        claimed: result.claimed.map((delivery: ClaimedDelivery) => toAttempt(context, delivery)),
        floor: result.floor,
        othersPending: result.othersPending,
        terms: result.lane,
      };
    },
    async leave(ownRate) {
      if (held && ownRate !== undefined && ownRate !== storedRate) await leaveLane(pool, clubId, endpointId, holder, ownRate);
      held = false;
    },
    async release(deliveries) {
      for (const delivery of deliveries) letGo(delivery);
    },
    nextDue,
    async attempt(delivery) {
      try {
        const made = await makeAttempt(context, delivery);
        // Let go once recorded (or the record failed): registered before the lane's own
        // callbacks, so the lane never sees its writes done while this one is still held.
        made.recorded.then(
          () => letGo(delivery),
          () => letGo(delivery),
        );
        return made;
      } catch (error) {
        letGo(delivery);
        throw error;
      }
    },
    async park(inMs, recheck) {
      later(recheck && (await nextDue()) === 0 ? 0 : inMs);
      return `parked for ${inMs} ms`;
    },
  };
}
