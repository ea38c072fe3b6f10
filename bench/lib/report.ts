// Turns the per-script JSON reports of one `npm run bench` into bench/results/<date>.json, the
// tables of docs/benchmarks.md and the chart docs/benchmarks.svg.
//
// What a script's report may hold (any other fields are kept in the results file as they are):
//   benchmark     its name (the script's file name, or <script>-<part> for a part of a script
//                 reported apart, such as pipeline-scale)
//   title         a heading for the docs
//   settings      key figures of the run (durations, rounds, sizes), shown under the heading
//   comparisons   ComparisonRow[]: our figure, each limit, the ratio, the goal; one table row each
//   tables        Table[]: further tables, rendered as they are
//   chart         Chart: throughput and latency per scenario, drawn in the SVG
// writer-cost's own `phases` are read as comparisons.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, dirname, resolve } from 'node:path';
import type { MachineDescription } from './machine.ts';

export interface ComparisonRow {
  scenario: string;
  /** The unit compared, e.g. `req/s` or `p50 ms`. */
  measure: string;
  ours: number;
  limits: { name: string; value: number }[];
  ratio: number;
  /** How the ratio is formed, e.g. `ours / SQL only`. */
  ratio_of?: string;
  /** `>= 0.7` or `<= 1.3`. */
  goal: string;
  met?: boolean | null;
}

export interface Table {
  title: string;
  columns: string[];
  rows: (string | number | null)[][];
}

export interface ChartSeries {
  name: string;
  rps: number;
  p50_ms: number;
  p99_ms?: number;
  /** Shown after the throughput, e.g. `0.8 of SQL only`. */
  note?: string;
}

export interface Chart {
  title: string;
  scenarios: { name: string; series: ChartSeries[] }[];
}

export interface BenchReport {
  benchmark: string;
  title?: string;
  settings?: Record<string, unknown>;
  comparisons?: ComparisonRow[];
  tables?: Table[];
  chart?: Chart;
  [field: string]: unknown;
}

export interface BenchmarkEntry {
  ran_at: string;
  seconds: number;
  load_average_before: number[];
  load_average_after: number[];
  report: BenchReport;
}

export interface ResultsFile {
  date: string;
  generated_at: string;
  smoke: boolean;
  machine: MachineDescription;
  benchmarks: Record<string, BenchmarkEntry>;
  failures: { benchmark: string; reason: string }[];
}

/**
 * A script's report, written to its --out file, where run.ts reads it (nothing without --out).
 * A script may write several, each with a `benchmark` name of its own: each is an entry of the
 * results file, kept until a run writes that entry again.
 */
export async function writeReport(out: string | undefined, report: BenchReport | BenchReport[]): Promise<void> {
  if (!out) return;
  await mkdir(dirname(resolve(out)), { recursive: true });
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
}

// ---------------------------------------------------------------------------------------------
// Results file

/** The results files in `dir` (named by date), oldest first. */
async function resultsFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir)).filter((name) => /^\d{4}-\d{2}-\d{2}\.json$/.test(name)).sort();
}

/** The most recent results file in `dir` (by its date name), if any. */
export async function latestResults(dir: string): Promise<ResultsFile | undefined> {
  const last = (await resultsFiles(dir)).at(-1);
  return last ? (JSON.parse(await readFile(join(dir, last), 'utf8')) as ResultsFile) : undefined;
}

/**
 * Removes every results file in `dir` but `kept`: the new file carries over the figures of any
 * benchmark the run left out (mergeResults), so only the latest is worth keeping.
 */
export async function pruneResults(dir: string, kept: string): Promise<void> {
  for (const name of await resultsFiles(dir)) if (name !== kept) await rm(join(dir, name));
}

/**
 * This run's entries over the latest earlier results: a benchmark left out of this run
 * (`--only`) keeps its last figures, each with its own ran_at.
 */
export function mergeResults(
  base: ResultsFile | undefined,
  run: Omit<ResultsFile, 'benchmarks'> & { benchmarks: Record<string, BenchmarkEntry> },
): ResultsFile {
  const benchmarks = { ...(base && !base.smoke ? base.benchmarks : {}), ...run.benchmarks };
  return { ...run, benchmarks };
}

// ---------------------------------------------------------------------------------------------
// Goals

interface Goal {
  op: '>=' | '<=';
  value: number;
}

function parseGoal(goal: string): Goal | undefined {
  const match = /(>=|<=)\s*([\d.]+)/.exec(goal);
  return match ? { op: match[1] as Goal['op'], value: Number(match[2]) } : undefined;
}

/** "met", or "missed by 0.12 (17%)", or "n/a" when the goal or ratio is unusable. */
function verdict(ratio: number, goal: string): { met: boolean | null; text: string } {
  const parsed = parseGoal(goal);
  if (!parsed || !Number.isFinite(ratio)) return { met: null, text: 'n/a' };
  const met = parsed.op === '>=' ? ratio >= parsed.value : ratio <= parsed.value;
  if (met) return { met, text: 'met' };
  const gap = Math.abs(ratio - parsed.value);
  return { met, text: `**missed** by ${gap.toFixed(2)} (${Math.round((gap / parsed.value) * 100)}%)` };
}

/** Comparisons of a report, or none. */
function comparisonsOf(report: BenchReport): ComparisonRow[] | undefined {
  return Array.isArray(report.comparisons) ? report.comparisons : undefined;
}

// ---------------------------------------------------------------------------------------------
// Markdown

const TITLES: Record<string, string> = {
  'read-api': 'Read API against the machine’s limits, and page depth',
  'writer-cost': 'Writer cost: the signal triggers on platform writes',
  pipeline: 'Delivery pipeline',
  'pipeline-scale': 'Delivery pipeline at scale',
};

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: 3 }) : 'n/a';
  return String(value).replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function table(columns: string[], rows: (string | number | boolean | null | undefined)[][]): string {
  return [
    `| ${columns.map(cell).join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

function comparisonTable(rows: ComparisonRow[]): string {
  const limitNames = [...new Set(rows.flatMap((row) => row.limits.map((limit) => limit.name)))];
  return table(
    ['Scenario', 'Measure', 'Ours', ...limitNames, 'Ratio', 'Goal', 'Result'],
    rows.map((row) => [
      row.scenario,
      row.measure,
      row.ours,
      ...limitNames.map((name) => row.limits.find((limit) => limit.name === name)?.value ?? ''),
      row.ratio_of ? `${cell(row.ratio)} (${row.ratio_of})` : row.ratio,
      row.goal,
      verdict(row.ratio, row.goal).text,
    ]),
  );
}

function describeMachineLine(machine: MachineDescription): string {
  const busy = machine.cpu_busy_percent === null ? '' : `, CPU busy just before: ${machine.cpu_busy_percent}%`;
  return (
    `**Machine:** ${machine.cpu_model}, ${machine.cores} cores, ${machine.memory_gb} GB; ${machine.os}; ` +
    `Node ${machine.node}; ${machine.postgresql}; ${machine.redis}. ` +
    `Load average at start (1/5/15 min): ${machine.load_average.join(' / ')}${busy}.`
  );
}

function settingsLine(settings: Record<string, unknown> | undefined): string {
  if (!settings) return '';
  const parts = Object.entries(settings).map(([key, value]) => `${key.replace(/_/g, ' ')}: ${typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value)}`);
  return parts.length ? `Settings: ${parts.join('; ')}.` : '';
}

/** The generated part of docs/benchmarks.md. */
export function renderMarkdown(results: ResultsFile, links: { results: string; chart: string | undefined }): string {
  const out: string[] = [];
  out.push(
    `_Generated by \`npm run bench\`${results.smoke ? ' --smoke (smoke figures: checks that the scripts run, not measurements)' : ''} ` +
      `on ${results.date} from [${links.results}](${links.results})._`,
    '',
    describeMachineLine(results.machine),
    '',
  );
  if (results.failures.length) {
    out.push(`**Failed in this run:** ${results.failures.map((f) => `${f.benchmark} (${f.reason})`).join('; ')}.`, '');
  }
  if (links.chart) out.push(`![Throughput and latency per scenario](${links.chart})`, '');
  for (const [name, entry] of Object.entries(results.benchmarks)) {
    const report = entry.report;
    out.push(`### ${report.title ?? TITLES[name] ?? name}`, '');
    const when = `Ran ${entry.ran_at.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')} in ${Math.round(entry.seconds)} s; ` +
      `load average before ${entry.load_average_before.join(' / ')}, after ${entry.load_average_after.join(' / ')}.`;
    out.push([when, settingsLine(report.settings)].filter(Boolean).join(' '), '');
    const comparisons = comparisonsOf(report);
    // Rows compared with the same limits share a table; others get one of their own.
    const groups: ComparisonRow[][] = [];
    for (const row of comparisons ?? []) {
      const names = (r: ComparisonRow) => r.limits.map((limit) => limit.name).join('\u0000');
      const last = groups.at(-1);
      if (last && names(last[0]!) === names(row)) last.push(row);
      else groups.push([row]);
    }
    for (const group of groups) out.push(comparisonTable(group), '');
    for (const extra of report.tables ?? []) out.push(`${extra.title}:`, '', table(extra.columns, extra.rows), '');
    for (const [label, list] of [['Goals', report.goals], ['Notes', report.notes]] as const) {
      if (Array.isArray(list) && list.length) out.push(`${label}:`, '', ...list.map((item) => `- ${typeof item === 'string' ? item : JSON.stringify(item)}`), '');
    }
  }
  return out.join('\n').trimEnd();
}

const MARK_START = '<!-- bench:generated:start (bench/lib/report.ts rewrites this part; edit outside it) -->';
const MARK_END = '<!-- bench:generated:end -->';

/**
 * Writes the generated part between the markers of `file`, keeping everything outside them
 * (the hand-written analysis). A missing file starts as `skeleton` and the markers; a file
 * without markers gets them at its end.
 */
export async function writeDocs(file: string, generated: string, skeleton: string): Promise<void> {
  const existing = existsSync(file) ? await readFile(file, 'utf8') : `${skeleton}${MARK_START}\n${MARK_END}\n`;
  const block = `${MARK_START}\n${generated}\n${MARK_END}`;
  const start = existing.indexOf(MARK_START);
  const end = existing.indexOf(MARK_END);
  const text =
    start >= 0 && end > start
      ? `${existing.slice(0, start)}${block}${existing.slice(end + MARK_END.length)}`
      : `${existing.trimEnd()}\n\n${block}\n`;
  await writeFile(file, text.endsWith('\n') ? text : `${text}\n`);
}

export function relativeLink(fromFile: string, target: string): string {
  return relative(dirname(fromFile), target).split('\\').join('/');
}

// ---------------------------------------------------------------------------------------------
// SVG chart, written by hand: one group per scenario, a throughput bar and a latency bar
// (p50 solid, p99 light) per contender, each scenario on its own scale so that contenders
// compare at a glance.

const COLORS = ['#2563eb', '#9ca3af', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6'];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function short(value: number, unit: string): string {
  if (!Number.isFinite(value)) return 'n/a';
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: digits })} ${unit}`;
}

export function renderSvg(results: ResultsFile): string | undefined {
  const charts = Object.entries(results.benchmarks)
    .map(([, entry]) => entry.report.chart)
    .filter((chart): chart is Chart => Boolean(chart?.scenarios?.length));
  if (charts.length === 0) return undefined;
  const width = 1000;
  const nameX = 16;
  const rpsX = 190;
  const rpsWidth = 300;
  const latX = 590;
  const latWidth = 230;
  const row = 16;
  const parts: string[] = [];
  let y = 28;
  parts.push(
    `<text x="${nameX}" y="${y}" class="h1">Benchmarks ${escapeXml(results.date)}${results.smoke ? ' (smoke run)' : ''}: ${escapeXml(results.machine.cpu_model)}, ${results.machine.cores} cores</text>`,
  );
  y += 20;
  parts.push(`<text x="${nameX}" y="${y}" class="note">Each scenario has its own scale. Throughput: higher is better. Latency: p50 dark, p99 light; lower is better.</text>`);
  y += 10;
  for (const chart of charts) {
    y += 26;
    parts.push(`<text x="${nameX}" y="${y}" class="h2">${escapeXml(chart.title)}</text>`);
    y += 18;
    parts.push(`<text x="${rpsX}" y="${y}" class="axis">Throughput (per second)</text>`);
    parts.push(`<text x="${latX}" y="${y}" class="axis">Latency (ms)</text>`);
    for (const scenario of chart.scenarios) {
      y += 22;
      parts.push(`<text x="${nameX}" y="${y}" class="h3">${escapeXml(scenario.name)}</text>`);
      y += 6;
      const maxRps = Math.max(...scenario.series.map((s) => s.rps).filter(Number.isFinite), 1e-9);
      const maxLat = Math.max(...scenario.series.map((s) => s.p99_ms ?? s.p50_ms).filter(Number.isFinite), 1e-9);
      scenario.series.forEach((series, i) => {
        const color = COLORS[i % COLORS.length];
        const top = y;
        const rpsBar = Number.isFinite(series.rps) ? (series.rps / maxRps) * rpsWidth : 0;
        const p50Bar = Number.isFinite(series.p50_ms) ? (series.p50_ms / maxLat) * latWidth : 0;
        const p99Bar = series.p99_ms !== undefined && Number.isFinite(series.p99_ms) ? (series.p99_ms / maxLat) * latWidth : 0;
        parts.push(`<text x="${rpsX - 8}" y="${top + 11}" class="label" text-anchor="end">${escapeXml(series.name)}</text>`);
        parts.push(`<rect x="${rpsX}" y="${top}" width="${rpsBar.toFixed(1)}" height="12" fill="${color}"/>`);
        const rpsText = escapeXml(short(series.rps, '/s') + (series.note ? `  (${series.note})` : ''));
        // A label that would run into the latency panel goes inside its bar, right-aligned.
        if (rpsX + rpsBar + 6 + rpsText.length * 5.6 > latX - 10) {
          parts.push(`<text x="${(rpsX + rpsBar - 6).toFixed(1)}" y="${top + 10}" class="value inside" text-anchor="end">${rpsText}</text>`);
        } else {
          parts.push(`<text x="${(rpsX + rpsBar + 6).toFixed(1)}" y="${top + 10}" class="value">${rpsText}</text>`);
        }
        if (p99Bar > 0) parts.push(`<rect x="${latX}" y="${top}" width="${p99Bar.toFixed(1)}" height="12" fill="${color}" fill-opacity="0.35"/>`);
        parts.push(`<rect x="${latX}" y="${top}" width="${p50Bar.toFixed(1)}" height="12" fill="${color}"/>`);
        const latText = `p50 ${short(series.p50_ms, 'ms')}${series.p99_ms !== undefined ? `, p99 ${short(series.p99_ms, 'ms')}` : ''}`;
        parts.push(`<text x="${(latX + Math.max(p50Bar, p99Bar) + 6).toFixed(1)}" y="${top + 10}" class="value">${escapeXml(latText)}</text>`);
        y += row;
      });
    }
  }
  const height = y + 24;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, -apple-system, Segoe UI, sans-serif">`,
    '<style>.h1{font-size:16px;font-weight:600}.h2{font-size:14px;font-weight:600}.h3{font-size:12px;font-weight:600}.axis{font-size:11px;fill:#374151;font-style:italic}.label{font-size:11px;fill:#111827}.value{font-size:10px;fill:#374151}.inside{fill:#ffffff}.note{font-size:11px;fill:#6b7280}</style>',
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
