// Chooses the PostgreSQL the tests run against, once per run:
//   1. TEST_DATABASE_URL when set (CI: the machine's PostgreSQL);
//   2. else a testcontainers PostgreSQL when a Docker engine answers;
//   3. else the embedded PostgreSQL from the npm package.
// It migrates a template database; each test file clones its own database from it.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function dockerAnswers(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000));
    await Promise.race([getContainerRuntimeClient(), timeout]);
    return true;
  } catch {
    return false;
  }
}

/**
 * A port for the embedded PostgreSQL: free now, and below the range the system hands out to
 * outgoing connections (32768 and up on Linux), so that none of those can take it while the
 * server is being initialised. A random port up to 40000, taken without a look, once met another
 * server there and failed the run.
 */
async function embeddedPort(): Promise<number> {
  for (let tries = 0; ; tries++) {
    const port = 20000 + Math.floor(Math.random() * 12768);
    const server = createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise((resolve) => server.close(resolve));
      return port;
    }
    if (tries === 50) throw new Error('no free port for the embedded PostgreSQL between 20000 and 32767');
  }
}

export default async function setup(project: TestProject) {
  const cleanups: (() => Promise<unknown>)[] = [];
  let adminUrl = process.env.TEST_DATABASE_URL;
  let source = 'TEST_DATABASE_URL';
  if (!adminUrl && (await dockerAnswers())) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:17-alpine').start();
    cleanups.push(() => container.stop());
    adminUrl = container.getConnectionUri();
    source = 'testcontainers';
  }
  if (!adminUrl) {
    const dir = await mkdtemp(join(tmpdir(), 'clubdata-test-pg-'));
    const port = await embeddedPort();
    const server = await startEmbeddedPostgres(dir, port, (msg) => console.error(msg));
    cleanups.push(async () => {
      await server.stop();
      // The server's log is kept beside its folder (src/db/embedded-postgres.ts): both go.
      await rm(dir, { recursive: true, force: true });
      await rm(`${dir}.log`, { force: true });
    });
    adminUrl = server.url;
    source = 'embedded-postgres';
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`tests need PostgreSQL; ${source} (${adminUrl.replace(/:[^:@/]*@/, ':***@')}) is unreachable: ${(error as Error).message}`, { cause: error });
  }
  const template = `clubdata_test_tmpl_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  await migrate(withDatabase(adminUrl, template));
  console.log(`tests use PostgreSQL from ${source}`);

  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    // Clones left behind by a crashed test file go too.
    const { rows } = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'clubdata_test_%${process.pid}%'`);
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.end();
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
