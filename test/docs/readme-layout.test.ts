// The README's Layout section against the tree, both ways: every path it names exists, and every
// top-level folder git tracks has an entry. Each entry is a list item whose first code span is a
// path from the repository root; the code spans after it that look like paths (a `/` or a file
// extension) name something inside the entry's folder, or else from the root.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

const PATH_LIKE = /^[\w.-]+(\/[\w.-]+)*\/?$/;

function looksLikePath(span: string): boolean {
  return PATH_LIKE.test(span) && (span.includes('/') || /\.[a-z]{1,5}$/.test(span));
}

/** Whether `path` (from the root) exists, and is a folder when it ends with `/`. */
function present(path: string): boolean {
  const full = join(root, path);
  return existsSync(full) && (!path.endsWith('/') || statSync(full).isDirectory());
}

/** What is wrong with a README's Layout, given the top-level folders git tracks: [] when nothing. */
function layoutProblems(readme: string, trackedFolders: readonly string[]): string[] {
  const section = /^## Layout\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1];
  if (section === undefined) return ['the README has no "## Layout" section'];
  const problems: string[] = [];
  const entries = section.split(/^- /m).slice(1);
  if (entries.length === 0) problems.push('the Layout section lists no entry');
  const listed = new Set<string>();
  for (const entry of entries) {
    const [path, ...names] = [...entry.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    if (path === undefined) {
      problems.push(`an entry names no path: "${entry.trim().slice(0, 60)}"`);
      continue;
    }
    if (!present(path)) {
      problems.push(`${path} does not exist`);
      continue;
    }
    listed.add(path.split('/')[0]!);
    const folder = path.endsWith('/') || statSync(join(root, path)).isDirectory() ? path : dirname(path);
    for (const name of names.filter(looksLikePath)) {
      if (!present(join(folder, name)) && !present(name)) problems.push(`${name} (in the entry of ${path}) does not exist`);
    }
  }
  for (const folder of trackedFolders) {
    if (!listed.has(folder)) problems.push(`the top-level folder ${folder}/ has no entry`);
  }
  return problems;
}

let readme: string;
let trackedFolders: string[];

beforeAll(async () => {
  readme = await readFile(join(root, 'README.md'), 'utf8');
  const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\n');
  trackedFolders = [...new Set(tracked.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!))];
});

describe("the README's Layout", () => {
  it('names only paths that exist, and every top-level folder git tracks', () => {
    expect(trackedFolders).toEqual(expect.arrayContaining(['src', 'workers', 'sql', 'test', 'docs']));
    expect(layoutProblems(readme, trackedFolders)).toEqual([]);
  });

  it('is refused when it names a path that does not exist, or leaves a folder out', () => {
    const layout = (entries: string) => `# x\n\n## Layout\n\n${entries}\n## Next\n\n- \`nowhere/\`: not in the section\n`;
    expect(layoutProblems(layout('- `src/`: the service. `app.ts`, `plugins/`\n- `sql/`: functions\n'), ['src', 'sql'])).toEqual([]);
    expect(layoutProblems(layout('- `src/`: the service. `app.ts`, `nope.ts`, `plugins/`\n- `sql/`: functions\n'), ['src', 'sql'])).toEqual([
      'nope.ts (in the entry of src/) does not exist',
    ]);
    expect(layoutProblems(layout('- `srcs/`: the service\n- `sql/`: functions\n'), ['src', 'sql'])).toEqual([
      'srcs/ does not exist',
      'the top-level folder src/ has no entry',
    ]);
    // A file named as a folder, and a folder of another entry named inside this one.
    expect(layoutProblems(layout('- `README.md/`: no\n- `bin/clubdata.mjs`: launcher, then `src/cli.ts` and `cli/help.ts`\n'), ['bin'])).toEqual([
      'README.md/ does not exist',
      'cli/help.ts (in the entry of bin/clubdata.mjs) does not exist',
    ]);
    expect(layoutProblems('# x\n\n## Files\n', [])).toEqual(['the README has no "## Layout" section']);
  });
});
