// The lanes of one worker process. The endpoints are spread over DELIVERY_SHARDS shards
// (shardOf); a shard is one queue job, run by one worker process at a time, and while a process
// runs a shard's job it serves that shard's endpoints: each endpoint with work gets a lane
// (runLane) in memory, started and woken here, without the queue, by this process's relay, its
// due poll (workers/main.ts) and the lane's own timer for its next due time. So with thousands of
// endpoints each getting a trickle, a delivery costs no queue operation: the queue moves shards
// between processes (a worker that dies loses its shards to another once their locks lapse), not
// lanes. DELIVERY_CONCURRENCY lanes run at once in a process; others wait for a slot in the
// order they were woken. A lane with nothing due lingers a moment for a wake while slots are free,
// so that under a steady flow it is not ended and started again at every relay pass; a shard
// with no lane running lingers longer, then waits in the queue until its earliest retry, or ends.
import { DelayedError, type Job, type Queue } from 'bullmq';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../src/config.ts';
import { leaveShard, shardLanes } from '../../src/db/deliveries.ts';
import { logBackgroundError } from '../../src/lifecycle.ts';
import type { Pool } from '../../src/db/pool.ts';
import type { SecretBox } from '../../src/domain/secrets.ts';
import type { DeliveryMetrics } from '../../src/metrics.ts';
import { DELIVERY_SHARDS, shardOf, wakeShards, type GivenUpJob, type LaneRef, type ShardJob } from '../../src/queue/queues.ts';
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
  /** The shards' queue, where a shard waits for its next due time. */
  queue: Queue<ShardJob>;
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
  // Longer than any attempt can take, so a hold lapses under an attempt only when its worker died.
  const leaseMs = leaseFor(config);
  return {
    window,
    // Claimed ahead of the window: two windows more, claimed again once a window of room is
    // free. A claim costs about the same for one delivery as for ten (a statement and its round
    // trip), so fewer, larger claims: at half a window ahead and refills of half a window, flat
    // out on Redis ran at 0.58 of plain BullMQ; at these, 0.66-0.68.
    aheadWindows: 2,
    // A delivery claimed ahead is still posted while its attempt can end inside the endpoint's
    // hold, with a second to spare: a claim that returns deliveries has left the hold running for
    // the lease less a second at least (cd_claim_lane), counted here from when the claim began.
    // So it waited at most this long in its lane (8 s with the default lease).
    postableForMs: leaseMs - timeoutMs - 2000,
    // Longer than the relay's passes are apart under load (tens of ms), short beside a lane's
    // other waits (config.delivery.laneLingerMs, 250 ms).
    lingerMs: laneLingerMs,
    floorForMs: FLOOR_FOR_MS,
  };
}

/**
 * The lease on an endpoint that a lane's claim takes or renews (its hold, cd_claim_lane): longer
 * than any attempt can take, so it only lapses when its worker died.
 */
function leaseFor(config: Config): number {
  return config.delivery.timeoutMs + 10_000;
}

/** How long a lane that failed (an error of ours or the database's) waits before it runs again. */
const LANE_RETRY_MS = 1000;

/** How often a shard shows in its job's progress how many lanes it serves (Bull Board). */
const PROGRESS_EVERY_MS = 5000;

/** When the first of a shard's parked lanes is due (Infinity: none is parked). */
function soonestOf(shard: ServedShard): number {
  let soonest = Number.POSITIVE_INFINITY;
  for (const parked of shard.later.values()) soonest = Math.min(soonest, parked.at);
  return soonest;
}

/** A lane of this process: running, or leaving (its run ending). */
interface RunningLane {
  state: LaneState<Attempt>;
  bell: { ring?: () => void };
  /** The run is ending: a wake now runs the lane again once it has left. */
  leaving: boolean;
  again: boolean;
  /** When the run parked: run again in this many ms. */
  parkedFor: number | null;
}

/** A shard this process serves: its lanes running or waiting for a slot, and those parked until a due time. */
interface ServedShard {
  members: number;
  later: Map<string, { ref: LaneRef; at: number; timer: NodeJS.Timeout }>;
  bell: { ring?: () => void };
}

/** The registry of lanes and shards, and `stop`, which makes running lanes hand their work back after the attempts in flight. */
export function createLanes(options: LanesOptions) {
  const { config, metrics, pool } = options;
  const limits = laneLimits(config);
  const context = { ...createAttemptContext(options), leaseMs: leaseFor(config) };
  const slots = config.delivery.concurrency;
  // A shard's end and its next start are queue operations and a poll of its pending deliveries,
  // so a shard with no lane running is not let go at once, at every quiet moment between
  // trickled signals.
  const shardLingerMs = config.delivery.shardLingerMs;
  // A lingering lane holds one of the process's lane slots, so lanes linger only while at most
  // half the slots are taken and none is waited for: with many endpoints each getting a trickle,
  // lingering lanes would otherwise keep others waiting for a slot.
  const lingerWhileRunning = Math.floor(slots / 2);
  let stopping = false;
  // This process's name in its endpoints' holds (cd_claim_lane): one lane per endpoint runs here
  // at a time, so its runs share the hold, given up when the process lets the shard go.
  const holder = randomUUID();
  const shards = new Map<number, ServedShard>();
  const running = new Map<string, RunningLane>();
  // Lanes woken while every slot was taken, in the order they were woken.
  const waiting = new Map<string, LaneRef>();
  // Every lane and shard run under way in this process, whether or not the queue still knows its job.
  const runs = new Set<Promise<unknown>>();
  const keyOf = (lane: LaneRef) => `${lane.clubId} ${lane.endpointId}`;
  const track = <T>(run: Promise<T>): Promise<T> => {
    const tracked = run.catch(() => {}).finally(() => runs.delete(tracked));
    runs.add(tracked);
    return run;
  };

  /** Runs the lane now, or once a slot is free; a running lane is woken instead. Its shard is served here. */
  function want(ref: LaneRef, fromStart: boolean): void {
    const key = keyOf(ref);
    const lane = running.get(key);
    if (lane) {
      if (lane.leaving) lane.again = true;
      else {
        lane.state.woken(fromStart);
        lane.bell.ring?.();
      }
      return;
    }
    if (waiting.has(key)) return;
    const shard = shards.get(shardOf(ref.endpointId))!;
    const parked = shard.later.get(key);
    if (parked) {
      clearTimeout(parked.timer);
      shard.later.delete(key);
    }
    shard.members++;
    const noneWaited = waiting.size === 0;
    waiting.set(key, ref);
    startWaiting();
    // The first to wait for a slot: lanes that linger give theirs up now rather than at their
    // linger's end. No lane starts to linger while one waits (mayLinger), so only this moment
    // can find any.
    if (noneWaited && waiting.size > 0) {
      for (const lane of running.values()) {
        if (lane.state.lingerCut()) lane.bell.ring?.();
      }
    }
  }

  function startWaiting(): void {
    for (const [key, ref] of waiting) {
      if (stopping || running.size >= slots) break;
      waiting.delete(key);
      start(key, ref);
    }
    metrics.lanes.set({ state: 'running' }, running.size);
    metrics.lanes.set({ state: 'waiting' }, waiting.size);
  }

  /** Parks the lane until `inMs` from now, unless woken sooner. */
  function later(shard: ServedShard, ref: LaneRef, inMs: number): void {
    const key = keyOf(ref);
    const timer = setTimeout(() => {
      shard.later.delete(key);
      want(ref, true);
    }, inMs);
    shard.later.set(key, { ref, at: Date.now() + inMs, timer });
  }

  function start(key: string, ref: LaneRef): void {
    const shardNumber = shardOf(ref.endpointId);
    const log = () => options.log.child({ club_id: ref.clubId, endpoint_id: ref.endpointId });
    metrics.laneRuns.inc();
    const lane: RunningLane = { state: new LaneState<Attempt>(), bell: {}, leaving: false, again: false, parkedFor: null };
    if (stopping) lane.state.stop();
    running.set(key, lane);
    const io = createLaneIO(context, ref, holder, (inMs) => (lane.parkedFor = inMs), log);
    const host = { mayLinger: () => waiting.size === 0 && running.size <= lingerWhileRunning, leave: () => void (lane.leaving = true) };
    void track(runLane(lane.state, io, limits, host, lane.bell))
      .catch((error: unknown) => {
        // A delivery sent and answered whose record failed is pending still: sent again at once,
        // it would be a duplicate every second while records fail. It waits a lease instead, as
        // long as a lease on it kept it back when claims wrote one.
        const unrecorded = lane.state.failure?.unrecorded === true;
        const retryMs = unrecorded ? leaseFor(config) : LANE_RETRY_MS;
        logBackgroundError(
          options.log,
          error,
          unrecorded ? 'delivery lane failed recording an attempt; it runs again after the lease' : 'delivery lane failed; it runs again in a second',
          { club_id: ref.clubId, endpoint_id: ref.endpointId, retry_in_ms: retryMs },
        );
        lane.parkedFor = retryMs;
      })
      .finally(() => {
        running.delete(key);
        const shard = shards.get(shardNumber)!;
        if (!stopping) {
          if (lane.again) want(ref, true);
          else if (lane.parkedFor !== null) later(shard, ref, lane.parkedFor);
        }
        if (--shard.members === 0) shard.bell.ring?.();
        startWaiting();
      });
  }

  /**
   * Serves a shard while its job runs here: first the lanes its pending deliveries call for, then
   * whatever wakes them, until no lane of the shard has run for shardLingerMs and none is due
   * within it. Then the shard waits in the queue until its earliest due time, or ends.
   */
  async function serveShard(job: Job<ShardJob>, token: string | undefined): Promise<string> {
    const number = job.data.shard;
    if (shards.has(number)) return 'served here already';
    const shard: ServedShard = { members: 0, later: new Map(), bell: {} };
    shards.set(number, shard);
    metrics.shardRuns.inc();
    let found = 0;
    try {
      for (const lane of await shardLanes(pool, DELIVERY_SHARDS, number)) {
        if (stopping) break;
        found++;
        if (lane.dueInMs === 0) want(lane, true);
        else later(shard, lane, lane.dueInMs);
      }
      let quietSince = Date.now();
      let shownAt = 0;
      for (;;) {
        const now = Date.now();
        const soonest = soonestOf(shard);
        if (shard.members > 0 || (!stopping && soonest <= now + shardLingerMs)) quietSince = now;
        else if (stopping || now - quietSince >= shardLingerMs) break;
        // What the shard serves, for Bull Board (the job's progress).
        if (now - shownAt >= PROGRESS_EVERY_MS) {
          shownAt = now;
          void job.updateProgress({ lanes: shard.members, parked: shard.later.size }).catch(() => {});
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, shard.members > 0 ? PROGRESS_EVERY_MS : Math.max(Math.min(quietSince + shardLingerMs - now, PROGRESS_EVERY_MS), 1));
          shard.bell.ring = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        shard.bell.ring = undefined;
      }
    } finally {
      // Synchronously with the last look at its lanes: a wake from now on goes through the queue.
      shards.delete(number);
      for (const parked of shard.later.values()) clearTimeout(parked.timer);
    }
    // No lane of the shard runs here any more: the process that serves it next claims at once.
    await leaveShard(pool, holder, DELIVERY_SHARDS, number);
    const soonest = soonestOf(shard);
    // Stopping: back to the queue at once, for another worker. With a lane parked until a due
    // time: until then. A wake that arrived while the shard ran is kept by BullMQ only until the
    // job finishes, which this is not: so look once more after the move.
    if (stopping || soonest !== Infinity) {
      await job.moveToDelayed(stopping ? Date.now() : soonest, token);
      if (!stopping && (await shardLanes(pool, DELIVERY_SHARDS, number)).some((lane) => lane.dueInMs === 0)) await wakeShards(options.queue, [number]);
      throw new DelayedError();
    }
    return `served; ${found} lanes had work at the start`;
  }

  return {
    /** This process's name in its endpoints' holds. */
    holder,
    runShard(job: Job<ShardJob>, token?: string): Promise<string> {
      return track(serveShard(job, token));
    },
    /**
     * Resolves once every lane and shard run of this process has returned. After a queue restart
     * BullMQ may never settle a job it lost (its "Missing key" on finishing it), so shutdown waits
     * for the runs themselves rather than for BullMQ's count of active jobs.
     */
    async idle(): Promise<void> {
      while (runs.size > 0) await Promise.all([...runs]);
    },
    /**
     * Runs or wakes the lanes among `lanes` whose shards this process serves (their endpoints got
     * deliveries) and returns the others, whose shards are to be woken through the queue.
     */
    wakeHere(lanes: LaneRef[], { fromStart }: { fromStart: boolean }): LaneRef[] {
      const elsewhere: LaneRef[] = [];
      for (const lane of lanes) {
        if (shards.has(shardOf(lane.endpointId)) && !stopping) want(lane, fromStart);
        else elsewhere.push(lane);
      }
      return elsewhere;
    },
    /** Running lanes finish the attempts in flight; the shards go back to the queue for another worker. */
    stop() {
      stopping = true;
      for (const ref of waiting.values()) {
        const shard = shards.get(shardOf(ref.endpointId))!;
        if (--shard.members === 0) shard.bell.ring?.();
      }
      waiting.clear();
      metrics.lanes.set({ state: 'waiting' }, 0);
      for (const lane of running.values()) {
        lane.state.stop();
        lane.bell.ring?.();
      }
      for (const shard of shards.values()) shard.bell.ring?.();
    },
  };
}
