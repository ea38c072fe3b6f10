// Everything a lane does to the world, behind one interface: the lane (lane.ts) decides, this
// acts. The real one works on the deliveries table (src/db/deliveries.ts, sql/5-delivery/), the
// endpoint's URL (attempt.ts) and the lane's own queue job; tests give a lane a fake.
import { DelayedError, type Job, type Queue } from 'bullmq';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import { claimLane, laneNextDue, leaveLane, releaseDeliveries, type ClaimedDelivery, type LaneTerms } from '../../src/db/deliveries.ts';
import { wakeLanes, type LaneJob } from '../../src/queue/queues.ts';
import { makeAttempt, toAttempt, type Attempt, type AttemptContext } from './attempt.ts';
import type { AnswerPace } from './lane-state.ts';

/** A lane's I/O, over deliveries of type D (claimed for one attempt each). */
export interface LaneIO<D> {
  /**
   * Claims up to `room` of the endpoint's due deliveries, in sequence order, from `fromSequence`
   * (cd_claim_lane), each leased for one attempt. `floor`: no pending delivery of the endpoint
   * has a lower sequence than this. `ownRate`: the rate the lane slowed the endpoint to, stored
   * with the claim (undefined: the lane does not know it yet, the stored one stands).
   */
  claim(room: number, fromSequence: number, ownRate?: number | null): Promise<{ claimed: D[]; floor: number; terms: LaneTerms | null }>;
  /** Gives back deliveries claimed but not attempted: due again at once, their claim not counted. */
  release(deliveries: D[]): Promise<void>;
  /** In how many ms the endpoint has work again (0: now); null when nothing is pending. */
  nextDue(): Promise<number | null>;
  /** Posts the delivery; resolves when it is answered, with its record under way and what the answer says of the receiver's pace. */
  attempt(delivery: D): Promise<{ recorded: Promise<unknown>; pace: AnswerPace }>;
  /** Gives up the lane run's hold on the endpoint (cd_claim_lane) before it parks or ends, storing its slowed rate. */
  leave(ownRate?: number | null): Promise<void>;
  /**
   * Puts the lane back in the queue until `inMs` from now, and never returns (it throws what
   * tells the queue the job was moved). With `recheck`, wakes the lane again if a delivery
   * became due meanwhile.
   */
  park(inMs: number, recheck: boolean): Promise<never>;
}

/** The lane's I/O on the database and its queue job. */
export function createLaneIO(context: AttemptContext & { leaseMs: number; queue: Queue<LaneJob> }, job: Job<LaneJob>, token: string | undefined, log: () => Logger): LaneIO<Attempt> {
  const { pool, leaseMs, metrics } = context;
  const { clubId, endpointId } = job.data;
  const nextDue = () => laneNextDue(pool, clubId, endpointId);
  // This run's name in the endpoint's hold; whether it has held it (then it gives it up).
  const holder = randomUUID();
  let held = false;
  return {
    async claim(room, fromSequence, ownRate) {
      const result = await claimLane(pool, clubId, endpointId, room, leaseMs, fromSequence, holder, ownRate);
      if (result.lane && result.lane.blocked?.reason !== 'held') held = true;
      if (result.canceled > 0) {
        log().info({ deliveries: result.canceled }, 'deliveries canceled: endpoint deleted or disabled');
        metrics.deliveries.inc({ outcome: 'canceled' }, result.canceled);
      }
      return {
        claimed: result.claimed.map((delivery: ClaimedDelivery) => toAttempt(context, delivery)),
        floor: result.floor,
        terms: result.lane,
      };
    },
    async leave(ownRate) {
      if (held) await leaveLane(pool, clubId, endpointId, holder, ownRate);
      held = false;
    },
    async release(deliveries) {
      await releaseDeliveries(pool, clubId, endpointId, deliveries.map((a) => ({ sequence: a.key.sequence, lease: a.lease })));
    },
    nextDue,
    attempt: (delivery) => makeAttempt(context, delivery),
    // A wake that arrived while the lane ran is kept by BullMQ only until the lane finishes,
    // which this is not: so, with `recheck`, look once more after the move.
    async park(inMs, recheck) {
      await job.moveToDelayed(Date.now() + inMs, token);
      if (recheck) {
        const nextMs = await nextDue();
        if (nextMs === 0) await wakeLanes(context.queue, [job.data]);
      }
      throw new DelayedError();
    },
  };
}
