// Shared test helpers: a database of the test file's own (cloned from the migrated template),
// the real app built on it, and fixtures written with plain SQL the way the platform writes.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject, onTestFinished } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createKey } from '../src/db/api-keys.ts';
import { createPool, type Pool } from '../src/db/pool.ts';
import { DEFAULT_SCOPES } from '../src/domain/scopes.ts';
import { SecretBox } from '../src/domain/secrets.ts';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Where a cleanup goes: a test's own onTestFinished (a concurrent test must hand in its context's). */
export interface Finishing {
  onTestFinished: (fn: () => Promise<void>) => void;
}

// Cleanups asked for outside a test (at a file's top level, in a describe, in a beforeAll): run
// when the file ends, last first, by test/setup-file.ts. An afterAll registered from inside a
// test or a beforeAll is never run by vitest; with isolate: false, what it should have closed
// (pools, apps, pipelines) would outlive the file in the worker process.
const fileCleanUps: (() => unknown)[] = [];

/**
 * Runs `fn` when the calling test ends (`within`: that test's context, required in a concurrent
 * test), or when the file ends if called outside a test.
 */
export function cleanUp(fn: () => unknown, within?: Finishing): void {
  const run = async () => void (await fn());
  if (within) return within.onTestFinished(run);
  try {
    onTestFinished(run);
  } catch {
    // Not inside a test.
    fileCleanUps.push(fn);
  }
}

/** The file's cleanups, last first; every one runs even when one fails. */
export async function runFileCleanUps(): Promise<void> {
  const failures: unknown[] = [];
  for (const fn of fileCleanUps.splice(0).reverse()) await Promise.resolve().then(fn).catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} cleanup(s) failed`);
}

/**
 * A fresh, migrated database, dropped when the calling test ends, or the file when called
 * outside a test (cleanUp); with `empty`, one that was never migrated.
 */
export async function createTestDatabase(options: { empty?: boolean; within?: Finishing } = {}): Promise<{ url: string; pool: Pool }> {
  const adminUrl = inject('adminUrl');
  const template = inject('templateDatabase');
  const name = `clubdata_test_${template.split('_').pop()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${options.empty ? 'template0' : template}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const pool = createPool(url, 5);
  cleanUp(async () => {
    await pool.end();
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  }, options.within);
  return { url, pool };
}

/** A secret box with a throwaway key, as every test app needs one. */
export function testSecretBox(): SecretBox {
  return new SecretBox(randomBytes(32));
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ DATABASE_URL: 'postgresql://unused/db', LOG_LEVEL: 'silent' }), ...overrides };
}

export interface TestContext {
  app: FastifyInstance;
  pool: Pool;
  url: string;
}

/** The real app on a database of its own; closed when the calling test, or the file, ends (cleanUp). */
export async function setupApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  const { url, pool } = await createTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), pool, secretBox: testSecretBox() });
  await app.ready();
  cleanUp(() => app.close());
  return { app, pool, url };
}

let counter = 0;
/** A unique suffix for ids made by fixtures. */
export function uid(): string {
  counter += 1;
  return `${process.pid.toString(36)}${counter.toString(36)}${randomBytes(3).toString('hex')}`;
}

export interface ClubFixture {
  id: string;
  timezone: string;
}

export async function insertClub(
  pool: Pool,
  fields: { timezone?: string; billing_model?: string; api_access?: boolean; name?: string } = {},
): Promise<ClubFixture> {
  const id = `club_${uid()}`;
  const timezone = fields.timezone ?? 'America/New_York';
  await pool.query(
    'INSERT INTO clubs (club_id, name, timezone, billing_model, api_access) VALUES ($1, $2, $3, $4, $5)',
    [id, fields.name ?? `Club ${id}`, timezone, fields.billing_model ?? 'subscriptions', fields.api_access ?? true],
  );
  return { id, timezone };
}

/** Creates a key for the club and returns the Authorization header value. */
export async function bearer(
  pool: Pool,
  clubId: string,
  options: { scopes?: readonly string[]; expiresAt?: Date | null } = {},
): Promise<string> {
  const key = await createKey(pool, {
    clubId,
    name: 'test',
    scopes: options.scopes ?? DEFAULT_SCOPES,
    expiresAt: options.expiresAt ?? null,
  });
  return `Bearer ${key.key}`;
}

export interface ClubApi extends TestContext {
  club: ClubFixture;
  /** The Authorization header value of a key of `club`. */
  auth: string;
  /** GET on the app, with `auth` unless another Authorization header value is given. */
  get: (url: string, authorization?: string) => Promise<LightMyRequestResponse>;
}

/**
 * The preamble of most API test files: the real app (setupApp), one club and a key of it.
 * Called at the top level of a test file, so its names can be consts there.
 */
export async function setupClubApi(
  options: { config?: Partial<Config>; club?: Parameters<typeof insertClub>[1]; scopes?: readonly string[] } = {},
): Promise<ClubApi> {
  const t = await setupApp(options.config);
  const club = await insertClub(t.pool, options.club);
  const auth = await bearer(t.pool, club.id, { scopes: options.scopes });
  const get = (url: string, authorization = auth) => t.app.inject({ method: 'GET', url, headers: { authorization } });
  return { ...t, club, auth, get };
}
