// `npm run bench`: runs every benchmark script, one after the other, each in a child process
// of this same Node, then merges their reports into bench/results/<date>.json (which replaces
// the previous results file) and renders docs/benchmarks.md (tables) and docs/benchmarks.svg (chart).
//
//   npm run bench [-- --smoke] [-- --only read-api,writer-cost] [-- --profile DIR]
//                 [-- --scenario LIST] [-- --scale LIST] [-- --concurrency N]
//
// --smoke  each script's few-seconds mode (CI): checks that the scripts work, measures nothing.
//          Its results and docs go to a temporary folder, never over the real ones, and the
//          tables are printed.
// --only   run only the named scripts; the others keep their latest figures in the docs.
// --profile DIR  passed to read-api: the API process runs with --cpu-prof into DIR.
// --scenario LIST, --scale LIST  passed to pipeline: its scenarios (a,b,c,d,limit,scale) and the
//          scale scenario's points (endpoints x clubs, e.g. 2000x500). A script may report parts
//          of its own (pipeline and pipeline-scale): a part the run left out keeps its figures.
// --concurrency N  passed to pipeline: the worker's DELIVERY_CONCURRENCY and the concurrency of
//          its plain-BullMQ and no-queue limits (default: the service's).
// --render-only  runs nothing: renders docs/benchmarks.md and .svg again from the latest results.
// Exit status 1 when a script failed (its figures are left out); timings never fail a run.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { describeMachine, loadAverage } from './lib/machine.ts';
import {
  latestResults,
  mergeResults,
  pruneResults,
  relativeLink,
  renderMarkdown,
  renderSvg,
  writeDocs,
  type BenchmarkEntry,
  type BenchReport,
  type ResultsFile,
} from './lib/report.ts';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const SCRIPTS = ['read-api', 'writer-cost', 'pipeline', 'follow', 'mirror'] as const;

const { values } = parseArgs({
  options: {
    smoke: { type: 'boolean' },
    only: { type: 'string' },
    profile: { type: 'string' },
    scenario: { type: 'string' },
    scale: { type: 'string' },
    concurrency: { type: 'string' },
    'render-only': { type: 'boolean' },
  },
});
const smoke = Boolean(values.smoke);
const only = values.only?.split(',').map((name) => name.trim()).filter(Boolean);
for (const name of only ?? []) {
  if (!(SCRIPTS as readonly string[]).includes(name)) {
    process.stderr.write(`bench: unknown benchmark ${name} (known: ${SCRIPTS.join(', ')})\n`);
    process.exit(2);
  }
}

const say = (message: string) => process.stderr.write(`bench: ${message}\n`);

// Ctrl-C reaches the whole process group: the running script cleans up after itself (servers,
// scratch databases) and exits, then this run stops. A SIGTERM sent to this process alone is
// passed on to the script.
let interrupted = false;
let running: ChildProcess | undefined;
process.on('SIGINT', () => {
  interrupted = true;
});
process.on('SIGTERM', () => {
  interrupted = true;
  running?.kill('SIGTERM');
});

/** Entries in the order of SCRIPTS, a script's parts (pipeline-scale) after the script itself. */
function inScriptOrder(benchmarks: Record<string, BenchmarkEntry>): Record<string, BenchmarkEntry> {
  const rank = (key: string) => {
    const i = SCRIPTS.findIndex((name) => key === name || key.startsWith(`${name}-`));
    return i < 0 ? SCRIPTS.length : i;
  };
  return Object.fromEntries(Object.entries(benchmarks).sort(([a], [b]) => rank(a) - rank(b) || (a.length - b.length)));
}

function runScript(name: string, out: string): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const args = [join(root, 'bench', `${name}.ts`), ...(smoke ? ['--smoke'] : []), '--out', out];
  if (name === 'read-api' && values.profile) args.push('--profile', values.profile);
  if (name === 'pipeline' && values.scenario) args.push('--scenario', values.scenario);
  if (name === 'pipeline' && values.scale) args.push('--scale', values.scale);
  if (name === 'pipeline' && values.concurrency) args.push('--concurrency', values.concurrency);
  say(`running ${relative(root, args[0]!)}${smoke ? ' --smoke' : ''}`);
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
  running = child;
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      running = undefined;
      resolve({ code, signal });
    }),
  );
}

/** Writes docs/benchmarks.md and docs/benchmarks.svg (or their smoke copies) from `results`. */
async function renderDocs(results: ResultsFile, resultsPath: string, docsDir: string): Promise<string> {
  const docsPath = join(docsDir, 'benchmarks.md');
  const svgPath = join(docsDir, 'benchmarks.svg');
  const svg = renderSvg(results);
  if (svg) await writeFile(svgPath, svg);
  const markdown = renderMarkdown(results, {
    results: relativeLink(docsPath, resultsPath),
    chart: svg ? relativeLink(docsPath, svgPath) : undefined,
  });
  await writeDocs(docsPath, markdown, '# Benchmarks\n\n');
  return markdown;
}

async function renderOnly(): Promise<number> {
  const resultsDir = join(root, 'bench', 'results');
  const results = await latestResults(resultsDir);
  if (!results) {
    say('no results in bench/results to render');
    return 1;
  }
  await renderDocs(results, join(resultsDir, `${results.date}.json`), join(root, 'docs'));
  say(`rendered docs/benchmarks.md and docs/benchmarks.svg from bench/results/${results.date}.json`);
  return 0;
}

async function main(): Promise<number> {
  if (values['render-only']) return renderOnly();
  const started = new Date();
  const selected = SCRIPTS.filter((name) => (only ? only.includes(name) : true)).filter((name) => {
    // pipeline.ts is optional: it joins the run once it exists.
    const present = existsSync(join(root, 'bench', `${name}.ts`));
    if (!present) say(`${name}: bench/${name}.ts does not exist; skipped`);
    return present;
  });
  const machine = await describeMachine();
  say(`${machine.cpu_model}, ${machine.cores} cores; load average ${machine.load_average.join(' / ')}; CPU busy ${machine.cpu_busy_percent ?? '?'}%`);
  if (!smoke && machine.load_average[0]! > machine.cores * 0.5) {
    say(`warning: the machine is busy (load ${machine.load_average[0]} on ${machine.cores} cores); ratios hold up better than times, but consider a re-run`);
  }

  const parts = await mkdtemp(join(tmpdir(), 'clubdata-bench-'));
  const benchmarks: Record<string, BenchmarkEntry> = {};
  const failures: ResultsFile['failures'] = [];
  try {
    for (const name of selected) {
      if (interrupted) return 130;
      const out = join(parts, `${name}.json`);
      const before = loadAverage();
      const t0 = Date.now();
      const { code, signal } = await runScript(name, out);
      const seconds = (Date.now() - t0) / 1000;
      if (interrupted) {
        say(`interrupted during ${name}: nothing written`);
        return 130;
      }
      if (code !== 0 || !existsSync(out)) {
        const reason = signal ? `killed by ${signal}` : code !== 0 ? `exit status ${code}` : 'wrote no report';
        say(`${name} FAILED: ${reason}`);
        failures.push({ benchmark: name, reason });
        continue;
      }
      const written = JSON.parse(await readFile(out, 'utf8')) as BenchReport | BenchReport[];
      const reports = Array.isArray(written) ? written : [written];
      const after = loadAverage();
      for (const report of reports) {
        // A part's own duration, when the script reported several and timed each.
        const own = reports.length > 1 ? report.settings?.duration_s : undefined;
        benchmarks[report.benchmark || name] = {
          ran_at: new Date(t0).toISOString(),
          seconds: Math.round(typeof own === 'number' ? own : seconds),
          load_average_before: before,
          load_average_after: after,
          report,
        };
      }
      say(`${name} done in ${Math.round(seconds)} s`);
    }

    const date = started.toISOString().slice(0, 10);
    // Smoke output goes to a temporary folder: CI must not rewrite the committed figures.
    const resultsDir = smoke ? join(parts, 'results') : join(root, 'bench', 'results');
    const docsDir = smoke ? join(parts, 'docs') : join(root, 'docs');
    await mkdir(resultsDir, { recursive: true });
    await mkdir(docsDir, { recursive: true });
    const resultsPath = join(resultsDir, `${date}.json`);
    const base = smoke ? undefined : await latestResults(resultsDir);
    const results = mergeResults(base, { date, generated_at: new Date().toISOString(), smoke, machine, benchmarks, failures });
    results.benchmarks = inScriptOrder(results.benchmarks);
    await writeFile(resultsPath, `${JSON.stringify(results, null, 2)}\n`);

    const markdown = await renderDocs(results, resultsPath, docsDir);
    if (smoke) {
      process.stdout.write(`\n${markdown}\n\n`);
      say(`smoke run: results and docs were written to a temporary folder and removed; bench/results and docs/ are untouched`);
    } else {
      await pruneResults(resultsDir, `${date}.json`);
      say(`wrote ${relative(root, resultsPath)} (older results removed), docs/benchmarks.md and docs/benchmarks.svg`);
    }
  } finally {
    await rm(parts, { recursive: true, force: true });
  }
  if (failures.length) {
    say(`${failures.length} benchmark(s) failed: ${failures.map((f) => `${f.benchmark} (${f.reason})`).join(', ')}`);
    return 1;
  }
  return 0;
}

process.exitCode = await main();
