// The embedded PostgreSQL belongs to its data folder: a second process (the CLI beside a running
// `npm start`) finds it through the folder's postmaster.pid, on the port the file names, whatever
// EMBEDDED_PG_PORT says; it never uses a server of another folder, and a server that cannot start
// says why in one line (issue 12, "The command line finds its own database").
import { chmod, lstat, mkdir, mkdtemp, readlink, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../src/db/embedded-postgres.ts';
import { freePort } from '../workers/processes.ts';

let root: string;
let dir: string;
let server: EmbeddedServer;
// Free ports the system gives out: a port picked at random could be one of its ephemeral ports,
// taken at that moment by another test's outgoing connection.
let port: number;
let otherPort: number;
const quiet = () => {};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'clubdata-embedded-'));
  // As root the embedded server runs as another user, which must reach its folder.
  await chmod(root, 0o755);
  dir = join(root, 'postgres');
  port = await freePort();
  do otherPort = await freePort();
  while (otherPort === port);
  server = await startEmbeddedPostgres(dir, port, quiet);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await rm(root, { recursive: true, force: true });
});

async function dataDirectoryAt(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!.data_directory;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL of a data folder', () => {
  it('is found on the port its postmaster.pid names, whatever port the second process was given', async () => {
    const second = await startEmbeddedPostgres(dir, otherPort, quiet);
    expect(new URL(second.url).port).toBe(String(port));
    expect(await dataDirectoryAt(second.url)).toBe(dir);
    // The second process leaves the server running when it stops.
    await second.stop();
    expect(await dataDirectoryAt(server.url)).toBe(dir);
  }, 60_000);

  it('is never a server of another folder: a postmaster.pid naming that server is refused in one line', async () => {
    const elsewhere = join(root, 'elsewhere');
    await mkdir(elsewhere);
    // A live process (this one) and the port of the first folder's server.
    await writeFile(join(elsewhere, 'postmaster.pid'), `${process.pid}\n${elsewhere}\n0\n${port}\n/tmp\n127.0.0.1\n`);
    await expect(startEmbeddedPostgres(elsewhere, otherPort, quiet)).rejects.toThrow(
      `the server on port ${port} serves ${dir}, not ${elsewhere}`,
    );
  });

  it('says which port to change when another server holds the one it was given', async () => {
    const third = join(root, 'third');
    // (The package itself rejects with nothing at all, which the CLI printed as "undefined".)
    const refusal: unknown = await startEmbeddedPostgres(third, port, quiet).then(
      () => 'started',
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).toBe(
      `the embedded PostgreSQL in ${third} did not start on port ${port}: another server uses that port; set EMBEDDED_PG_PORT to a free one`,
    );
  }, 120_000);

  it('names an unreadable lock file rather than the port when that is what stopped it', async () => {
    const stopped = join(root, 'stopped');
    const own = await startEmbeddedPostgres(stopped, otherPort, quiet);
    await own.stop();
    await writeFile(join(stopped, 'postmaster.pid'), 'garbage\n');
    const refusal: unknown = await startEmbeddedPostgres(stopped, otherPort, quiet).then(
      () => 'started',
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).toBe(
      `the embedded PostgreSQL in ${stopped} did not start: its lock file ${join(stopped, 'postmaster.pid')} is unreadable (left by a crash?); remove it if no PostgreSQL runs on that folder`,
    );
  }, 120_000);

  it('as root, keeps a new data folder where the server\'s user can reach it when a private folder hides its place', async () => {
    const hidden = await mkdtemp(join(tmpdir(), 'clubdata-private-'));
    expect((await stat(hidden)).mode & 0o777).toBe(0o700);
    const place = join(hidden, 'data', 'postgres');
    const messages: string[] = [];
    const own = await startEmbeddedPostgres(place, otherPort, (msg) => messages.push(msg));
    try {
      expect(await dataDirectoryAt(own.url)).toBe(await realpath(place));
      if (process.getuid?.() === 0) {
        // PostgreSQL runs as `postgres`, who cannot enter the private folder: the data is elsewhere, linked.
        const target = await readlink(place);
        expect(target).toMatch(/^\/var\/lib\/clubdata\/[0-9a-f]{16}\/postgres$/);
        expect(messages).toContain(`as root, the embedded PostgreSQL runs as user postgres, who cannot enter ${join(hidden, 'data')}: its data goes to ${target}, linked from ${place}`);
      } else {
        expect((await lstat(place)).isDirectory()).toBe(true);
      }
    } finally {
      await own.stop();
      const target = await readlink(place).catch(() => undefined);
      if (target) await rm(dirname(target), { recursive: true, force: true });
      await rm(hidden, { recursive: true, force: true });
    }
  }, 120_000);
});
