// Where the database lives: the server named by DATABASE_URL, or the embedded PostgreSQL of the
// data folder (embedded-postgres.ts says who starts, owns and stops it).
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { startEmbeddedPostgres, type EmbeddedRole, type EmbeddedServer } from './embedded-postgres.ts';

export interface Database {
  url: string;
  /** The embedded server, when there is no DATABASE_URL. */
  embedded: EmbeddedServer | undefined;
  stop(): Promise<void>;
}

export async function openDatabase(config: Config, log: (msg: string) => void, role: EmbeddedRole = 'command'): Promise<Database> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: undefined, stop: async () => {} };
  const server = await startEmbeddedPostgres(join(config.dataDir, 'postgres'), config.embeddedPostgresPort, log, role);
  return { url: server.url, embedded: server, stop: () => server.stop() };
}
