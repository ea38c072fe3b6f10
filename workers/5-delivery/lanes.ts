// The lanes of one worker process: one lane job per endpoint with work (its queue job is made and
// woken through the queue: src/queue/queues.ts), run here by `runLane`, and a registry of those
// running in this process, so that this process's relay wakes them directly (wakeHere) rather
// than through the queue. A lane with nothing due lingers a moment for such a wake before it
// leaves, so that under a steady flow it is not ended and started again through the queue at
// every relay pass.
import type { Job, Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '../../src/config.ts';
import type { Pool } from '../../src/db/pool.ts';
import type { SecretBox } from '../../src/domain/secrets.ts';
import type { DeliveryMetrics } from '../../src/metrics.ts';
import type { GivenUpJob, LaneJob } from '../../src/queue/queues.ts';
import { createAttemptContext, type Attempt } from './attempt.ts';
import { runLane } from './lane.ts';
import { createLaneIO } from './lane-io.ts';
import { LaneState, type LaneLimits } from './lane-state.ts';

export interface LanesOptions {
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

/**
 * How long a lane claims from the floor of its last claim (cd_claim_lane) before it looks at the
 * endpoint's whole range again: the bound on how late it finds a delivery made pending below
 * that floor by something it was not told about (another process's fan-out racing its own, a
 * fan-out run again after a crash). Recoveries and operators' retries wake it from the start.
 */
const FLOOR_FOR_MS = 1000;

/** A lane's limits from the configuration. */
export function laneLimits(config: Config): LaneLimits {
  const { timeoutMs, perEndpointConcurrency: window, laneLingerMs } = config.delivery;
  // Longer than any attempt can take, so a lease only lapses when its worker died.
  const leaseMs = leaseFor(config);
  return {
    window,
    // Claimed ahead of the window: two windows more, claimed again once a window of room is
    // free. A claim costs about the same for one delivery as for ten (a statement and its round
    // trip), so fewer, larger claims: at half a window ahead and refills of half a window, flat
    // out on Redis ran at 0.58 of plain BullMQ; at these, 0.66-0.68.
    aheadWindows: 2,
    // A delivery claimed ahead is still posted while its attempt can end inside its lease, with a
    // second to spare: it waited at most this long in its lane (9 s with the default lease).
    postableForMs: leaseMs - timeoutMs - 1000,
    // Longer than the relay's passes are apart under load (tens of ms), short beside a lane's
    // other waits (config.delivery.laneLingerMs, 250 ms).
    lingerMs: laneLingerMs,
    floorForMs: FLOOR_FOR_MS,
  };
}

/** A delivery's lease: longer than any attempt can take, so it only lapses when its worker died. */
function leaseFor(config: Config): number {
  return config.delivery.timeoutMs + 10_000;
}

/** A lane running in this process, as its wakers see it. */
interface RunningLane {
  state: LaneState<Attempt>;
  bell: { ring?: () => void };
}

/** The lane processor, and `stop`, which makes running lanes hand their work back after the attempts in flight. */
export function createLanes(options: LanesOptions) {
  const { config, metrics } = options;
  const limits = laneLimits(config);
  const context = { ...createAttemptContext(options), leaseMs: leaseFor(config), queue: options.queue };
  // A lingering lane holds one of the process's DELIVERY_CONCURRENCY lane slots, so lanes linger
  // only while at most half the slots are taken: with many endpoints each getting a trickle,
  // lingering lanes would otherwise keep others waiting for a slot.
  const lingerWhileRunning = Math.floor(config.delivery.concurrency / 2);
  let stopping = false;
  const running = new Map<string, RunningLane>();
  // Every lane run under way in this process, whether or not the queue still knows its job.
  const runs = new Set<Promise<unknown>>();
  const laneKey = (lane: LaneJob) => `${lane.clubId} ${lane.endpointId}`;

  function run(job: Job<LaneJob>, token?: string): Promise<string> {
    const { clubId, endpointId } = job.data;
    const log = () => options.log.child({ club_id: clubId, endpoint_id: endpointId });
    metrics.laneRuns.inc();
    const state = new LaneState<Attempt>();
    if (stopping) state.stop();
    const lane: RunningLane = { state, bell: {} };
    const key = laneKey(job.data);
    running.set(key, lane);
    return runLane(state, createLaneIO(context, job, token, log), limits, {
      mayLinger: () => running.size <= lingerWhileRunning,
      // Synchronously after the lane's last look at its wakes: a wake that comes later goes
      // through the queue.
      leave: () => {
        if (running.get(key) === lane) running.delete(key);
      },
    }, lane.bell);
  }

  return {
    runLane(job: Job<LaneJob>, token?: string): Promise<string> {
      const lane = run(job, token);
      const tracked = lane.catch(() => {}).finally(() => runs.delete(tracked));
      runs.add(tracked);
      return lane;
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
      for (const job of lanes) {
        const lane = running.get(laneKey(job));
        if (!lane) {
          elsewhere.push(job);
          continue;
        }
        lane.state.woken(fromStart);
        lane.bell.ring?.();
      }
      return elsewhere;
    },
    /** Running lanes finish the attempts in flight and go back to the queue for another worker. */
    stop() {
      stopping = true;
      for (const lane of running.values()) {
        lane.state.stop();
        lane.bell.ring?.();
      }
    },
  };
}
