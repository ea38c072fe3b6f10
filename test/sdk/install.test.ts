// The SDK as somebody outside this repository gets it (issue 23): `npm pack` makes the tarball,
// an empty project installs it with one `npm install` (with TypeScript and @types/node, from the
// npm cache or the registry), and two programs run against the real service over HTTP, with the
// real delivery pipeline behind it: a strict TypeScript program (outsider/program.ts), which
// `tsc --strict` passes while a misspelt `include` fails to compile, and a CommonJS webhook
// receiver (outsider/receiver.cjs) that requires the package and verifies a real delivery with
// the endpoint's secret alone. Slow (npm and tsc), so each step has a time limit of its own.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';
import { generateSigningSecret } from '../../src/domain/secrets.ts';
import { signDelivery } from '../../src/domain/signing.ts';
import { insertCustomer } from '../fixtures.ts';
import { bearer, createTestDatabase, insertClub } from '../helper.ts';
import { eventually, runPipeline } from '../workers/pipeline-helper.ts';
import { freePort } from '../workers/processes.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUTSIDER = fileURLToPath(new URL('./outsider/', import.meta.url));
const MINUTE = 60_000;

/**
 * A program's environment outside this repository: without the NODE_OPTIONS condition that
 * resolves @clubdata/sdk to its source here, and without this run's npm settings.
 */
const outsiderEnv: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_OPTIONS' && !name.startsWith('npm_')));

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (killed after `timeoutMs`), whatever its exit status. */
function run(command: string, args: string[], cwd: string, timeoutMs: number, env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env: { ...outsiderEnv, ...env }, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(new Error(`${command} ${args.join(' ')}: ${error.message}\n${stderr}`));
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}

/** Runs a command that must succeed. */
async function succeed(command: string, args: string[], cwd: string, timeoutMs: number, env: Record<string, string> = {}): Promise<string> {
  const ran = await run(command, args, cwd, timeoutMs, env);
  expect(ran.code, `${command} ${args.join(' ')}\n${ran.stdout}\n${ran.stderr}`).toBe(0);
  return ran.stdout;
}

const db = await createTestDatabase();
const running = await runPipeline(db.pool, db.url, { backend: 'postgres' });
const app = await buildApp({ config: running.config, pool: db.pool, secretBox: running.secretBox });
let work = '';
let project = '';
let service = '';
let apiKey = '';
let clubId = '';
let receiverPort = 0;
let secret = '';
let receiver: ChildProcess | undefined;
const version = (JSON.parse(await readFile(join(ROOT, 'sdk', 'package.json'), 'utf8')) as { version: string }).version;
/** The versions this repository has installed, so that npm finds them in its cache. */
const installed = async (name: string) => (JSON.parse(await readFile(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'clubdata-outsider-'));
  project = join(work, 'project');
  clubId = (await insertClub(db.pool)).id;
  for (let i = 0; i < 3; i++) await insertCustomer(db.pool, clubId);
  apiKey = (await bearer(db.pool, clubId, { scopes: ALL_SCOPES })).slice('Bearer '.length);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  service = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  receiverPort = await freePort();
});

afterAll(async () => {
  receiver?.kill();
  await app.close();
  await rm(work, { recursive: true, force: true });
});

/** The ids of the club's customers as the API lists them, asked with plain fetch. */
async function customerIds(): Promise<string[]> {
  const response = await fetch(`${service}/v1/customers?limit=100`, { headers: { authorization: `Bearer ${apiKey}` } });
  const page = (await response.json()) as { data: { id: string }[]; has_more: boolean };
  expect(page.has_more).toBe(false);
  return page.data.map((customer) => customer.id);
}

describe('the SDK installed from its tarball into an empty project', () => {
  it('packs with `npm pack`: the compiled ES modules and CommonJS with declarations, the README and the licence, nothing else', async () => {
    await succeed('npm', ['pack', '--pack-destination', work], join(ROOT, 'sdk'), 4 * MINUTE);
    const files = (await succeed('tar', ['-tzf', join(work, `clubdata-sdk-${version}.tgz`)], work, MINUTE)).trim().split('\n').sort();
    expect(files).toEqual(
      expect.arrayContaining(
        ['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts', 'dist/sqlite.js', 'dist/sqlite.d.ts'].flatMap((file) => [
          `package/${file}`,
          ...(file.startsWith('dist/') ? [`package/${file.replace('dist/', 'dist/cjs/')}`] : []),
        ]),
      ),
    );
    expect(files).toContain('package/dist/cjs/package.json');
    expect(files.filter((file) => !/^package\/(dist\/.+|package\.json|README\.md|LICENSE)$/.test(file))).toEqual([]);
    // The build is removed once packed: in the repository @clubdata/sdk is its source, and a
    // stale sdk/dist would otherwise answer for it wherever the source condition is missing.
    expect(existsSync(join(ROOT, 'sdk', 'dist'))).toBe(false);
  }, 5 * MINUTE);

  it('installs with one `npm install` of the tarball', async () => {
    await mkdir(project);
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'outsider', private: true, type: 'module' }));
    const packages = [join(work, `clubdata-sdk-${version}.tgz`), `typescript@${await installed('typescript')}`, `@types/node@${await installed('@types/node')}`];
    await succeed('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...packages], project, 4 * MINUTE);
    const manifest = JSON.parse(await readFile(join(project, 'node_modules', '@clubdata', 'sdk', 'package.json'), 'utf8')) as { version: string };
    expect(manifest.version).toBe(version);
  }, 5 * MINUTE);

  it('compiles a strict TypeScript program, refuses a misspelt include, and runs the program against the service', async () => {
    await copyFile(join(OUTSIDER, 'program.ts'), join(project, 'program.ts'));
    // The prose's spelling: the API's opt-in is `canceled`, and the API ignores one it does not know.
    await writeFile(join(project, 'typo.ts'), "import { ClubData } from '@clubdata/sdk';\nnew ClubData({ apiKey: 'cd_live_x' }).bookings.list({ include: ['cancelled'] });\n");
    const strict = { strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, skipLibCheck: false, verbatimModuleSyntax: true, erasableSyntaxOnly: true };
    const compilerOptions = { ...strict, module: 'nodenext', target: 'es2023', noEmit: true, types: ['node'] };
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['program.ts', 'typo.ts'] }));

    const tsc = await run(process.execPath, [join(project, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], project, 3 * MINUTE);
    const errors = tsc.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(tsc.code, tsc.stdout).toBe(2);
    expect(errors, 'only typo.ts fails to compile').toHaveLength(1);
    expect(errors[0]).toMatch(/^typo\.ts\(2,\d+\): error TS2322: Type '"cancelled"' is not assignable to type '"canceled"'/);

    const ran = await succeed(process.execPath, ['program.ts'], project, MINUTE, {
      CLUBDATA_KEY: apiKey,
      CLUBDATA_URL: service,
      RECEIVER_URL: `http://127.0.0.1:${receiverPort}/hooks`,
    });
    const said = JSON.parse(ran) as { customers: string[]; bookings: number; notFound: string; responses: string[]; secret: string; sqliteStore: string };
    expect(said.customers).toEqual((await customerIds()).slice(0, 3));
    expect(said).toMatchObject({ bookings: 0, notFound: 'resource_missing', sqliteStore: 'function' });
    expect(said.responses).toEqual(['listCustomers 200', 'listCustomers 200', 'listBookings 200', 'retrieveCustomer 404', 'createWebhookEndpoint 200']);
    expect(said.secret).toMatch(/^whsec_/);
    secret = said.secret;
  }, 5 * MINUTE);

  it('runs a CommonJS receiver that requires it and verifies a real delivery with the secret alone', async () => {
    expect(secret, 'the endpoint the TypeScript program made').toMatch(/^whsec_/);
    await copyFile(join(OUTSIDER, 'receiver.cjs'), join(project, 'receiver.cjs'));
    const child = spawn(process.execPath, ['receiver.cjs'], {
      cwd: project,
      env: { ...outsiderEnv, PORT: String(receiverPort), WEBHOOK_SECRET: secret, CLUBDATA_KEY: apiKey, CLUBDATA_URL: service },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    receiver = child;
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const lines = () => output.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    const said = async (what: string, key: string) => {
      await eventually(what, async () => {
        if (child.exitCode !== null) throw new Error(`the receiver exited with ${child.exitCode}:\n${output}\n${errors}`);
        return lines().some((line) => key in line);
      }, 30_000);
      return lines().find((line) => key in line)!;
    };

    const started = await said('the receiver listening', 'listening');
    expect(started.resolved).toBe(join(project, 'node_modules', '@clubdata', 'sdk', 'dist', 'cjs', 'index.js'));
    expect(started.customers).toEqual(await customerIds());
    expect(started.sqliteStore).toBe('function');
    expect(started.misspelt).toBe(`ClubData: bookings.list takes include 'canceled', not "cancelled"`);

    const customer = await insertCustomer(db.pool, clubId);
    const verified = await said('the delivery verified', 'verified');
    const { rows } = await db.pool.query<{ id: string; body: string }>('SELECT id, body FROM signals WHERE club_id = $1 AND resource_id = $2', [clubId, customer]);
    expect(verified).toEqual({ verified: rows[0]!.id, type: 'customer.created' });

    // The same signal signed with another secret: refused, and the receiver says why.
    const body = rows[0]!.body;
    const forged = signDelivery({ signalId: rows[0]!.id, timestampSeconds: Math.floor(Date.now() / 1000), body, secrets: [generateSigningSecret()] });
    const answer = await fetch(`http://127.0.0.1:${receiverPort}/hooks`, { method: 'POST', headers: { ...forged, 'content-type': 'application/json' }, body });
    expect(answer.status).toBe(400);
    expect(await said('the forgery refused', 'refused')).toEqual({ refused: 'signature_mismatch' });
  }, 2 * MINUTE);

  it('says at import which Node it needs: 20.3 for the client, 22.13 for @clubdata/sdk/sqlite (node:sqlite)', async () => {
    // Node 20.2 and older lack AbortSignal.any, the newest part of Node the client uses.
    const older = await run(process.execPath, ['-e', "delete AbortSignal.any; require('@clubdata/sdk')"], project, MINUTE);
    expect(older.code, older.stderr).toBe(1);
    expect(older.stderr).toContain(`@clubdata/sdk needs Node 20.3 or later (AbortSignal.any); this is Node ${process.versions.node}.`);

    const required = await run(process.execPath, ['--no-experimental-sqlite', '-e', "require('@clubdata/sdk/sqlite')"], project, MINUTE);
    const imported = await run(process.execPath, ['--no-experimental-sqlite', '--input-type=module', '-e', "await import('@clubdata/sdk/sqlite')"], project, MINUTE);
    for (const ran of [required, imported]) {
      expect(ran.code, ran.stderr).toBe(1);
      expect(ran.stderr).toContain(`@clubdata/sdk/sqlite needs node:sqlite, which Node has without a flag from 22.13 (and 23.4); this is Node ${process.versions.node}.`);
    }
    // The client does not load node:sqlite.
    await succeed(process.execPath, ['--no-experimental-sqlite', '-e', "require('@clubdata/sdk')"], project, MINUTE);
  }, 2 * MINUTE);
});
