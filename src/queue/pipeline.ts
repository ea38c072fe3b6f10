// The contract between the service process (src/) and the pipeline (workers/main.ts). src/
// never imports workers/: the command line, the composition root, hands the starter in.
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Pool } from '../db/pool.ts';
import type { SecretBox } from '../domain/secrets.ts';
import type { DeliveryMetrics } from '../metrics.ts';
import type { GivenUpJob, ShardJob } from './queues.ts';

export interface PipelineOptions {
  config: Config;
  pool: Pool;
  databaseUrl: string;
  secretBox: SecretBox;
  log: Logger;
  metrics: DeliveryMetrics;
}

export interface Pipeline {
  queues: { delivery: Queue<ShardJob>; givenUp: Queue<GivenUpJob> };
  /** Stops taking work, lets in-flight jobs finish (bounded), then closes the queues. */
  close(): Promise<void>;
}

export type PipelineStarter = (options: PipelineOptions) => Promise<Pipeline>;
