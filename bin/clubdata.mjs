#!/usr/bin/env node
// Launcher for the `clubdata` command. Plain JavaScript on purpose: it must run on whatever
// Node the machine has, install the project's dependencies when they are missing, and hand
// over to Node 24 (installed from the npm registry as the `node@24` package into a cache
// folder outside the repository when the machine's Node is older).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { constants, homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REQUIRED_MAJOR = 24;
const root = dirname(dirname(fileURLToPath(import.meta.url)));

function fail(message) {
  process.stderr.write(`clubdata: ${message}\n`);
  process.exit(1);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
  if (result.error) fail(`could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} ${args.join(' ')} exited with ${result.status}`);
}

// Dependencies: installed with the machine's npm when node_modules is missing or was installed
// from another lockfile (a hash of it is kept in node_modules, with what was installed). Running
// the service needs only the production dependencies; the development tools (vitest, tsc,
// eslint, knip, testcontainers: most of the download) are installed for the commands that use
// them, and kept once there. `npm install`, not `npm ci`: it follows the lockfile just the same,
// but tolerates the optional per-platform packages (msgpackr-extract's) that a lockfile made on
// one platform lacks, which `npm ci` refuses.
const DEVELOPMENT_COMMANDS = new Set(['test', 'bench', 'typecheck', 'lint', 'unused', 'sdk']);

function ensureDependencies(command) {
  const stamp = join(root, 'node_modules', '.clubdata-lock-sha256');
  const lockHash = createHash('sha256').update(readFileSync(join(root, 'package-lock.json'))).digest('hex');
  // A stamp of an earlier launcher holds only the hash: it stood for a full install.
  const [installedHash, installedKind = installedHash && 'all'] = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim().split(' ') : [];
  const wanted = DEVELOPMENT_COMMANDS.has(command) || installedKind === 'all' ? 'all' : 'production';
  if (installedHash === lockHash && (installedKind === 'all' || wanted === 'production')) return;
  process.stderr.write(`clubdata: installing ${wanted === 'all' ? 'dependencies with the development tools' : 'the dependencies of the service'} (npm install)...\n`);
  const omit = wanted === 'production' ? ['--omit=dev'] : [];
  run('npm', ['install', '--no-audit', '--no-fund', ...omit], { cwd: root, stdio: ['ignore', 2, 'inherit'] });
  writeFileSync(stamp, `${lockHash} ${wanted}`);
}

function nodeCacheDir() {
  if (process.env.CLUBDATA_NODE_CACHE) return process.env.CLUBDATA_NODE_CACHE;
  const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cacheHome, 'clubdata', `node${REQUIRED_MAJOR}`);
}

function majorOf(binary) {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  const match = /^v(\d+)\./.exec(result.stdout ?? '');
  return match ? Number(match[1]) : 0;
}

// The Node binary to run the project with: this one when it is recent enough, else the cached node@24.
function ensureNode() {
  if (Number(process.versions.node.split('.')[0]) >= REQUIRED_MAJOR) return process.execPath;
  const dir = nodeCacheDir();
  const binary = join(dir, 'node_modules', '.bin', 'node');
  if (!existsSync(binary) || majorOf(binary) < REQUIRED_MAJOR) {
    process.stderr.write(`clubdata: Node ${process.versions.node} is older than ${REQUIRED_MAJOR}; installing node@${REQUIRED_MAJOR} into ${dir}...\n`);
    run('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', `node@${REQUIRED_MAJOR}`], {
      stdio: ['ignore', 2, 'inherit'],
    });
    if (majorOf(binary) < REQUIRED_MAJOR) fail(`node@${REQUIRED_MAJOR} did not install a working binary at ${binary}`);
  }
  return binary;
}

const [command, ...rest] = process.argv.slice(2);
ensureDependencies(command);
const node = ensureNode();

let args;
if (command === 'test') args = [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...rest];
else if (command === 'bench') args = [join(root, 'bench', 'run.ts'), ...rest];
else if (command === 'sdk') args = [join(root, 'sdk', 'scripts', 'sdk.ts'), ...rest];
else if (command === 'typecheck') {
  // The portal's pages first: plain JavaScript checked through its JSDoc, a project of its own
  // (the browser's library, not Node's).
  run(node, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'src', 'portal', 'web')]);
  args = [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', root, ...rest];
}
else if (command === 'lint') args = [join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), root, ...rest];
else if (command === 'unused') args = [join(root, 'node_modules', 'knip', 'bin', 'knip.js'), '--directory', root, ...rest];
else args = [join(root, 'src', 'cli.ts'), ...process.argv.slice(2)];

// The project's code imports the SDK by its name, @clubdata/sdk (the npm workspace in sdk/); this
// condition resolves it to sdk/src, as Node 24 runs TypeScript, instead of the compiled dist/ that
// only a packed copy has. In NODE_OPTIONS, so that every Node process started below has it too.
const SOURCE_CONDITION = '--conditions=clubdata-source';
const nodeOptions = process.env.NODE_OPTIONS?.includes(SOURCE_CONDITION) ? process.env.NODE_OPTIONS : [process.env.NODE_OPTIONS, SOURCE_CONDITION].filter(Boolean).join(' ');
const child = spawn(node, args, { stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: nodeOptions, CLUBDATA_LAUNCHED: '1' } });
// Forward termination requests; the child shuts down gracefully and its exit code becomes ours.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 1) : 1)));
