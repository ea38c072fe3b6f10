// Code cites the project's own docs, and only text that is there: every `docs/<page>.md` or
// `<folder>/README.md` a file names exists, and a section named in quotes right after it is a
// heading of that page (its whole text, or the part before a colon) or a paragraph or list item
// that opens with it in bold (`**Null**`, `**PostgreSQL deadlocks.**`). Nothing in the repository
// cites the files of the team's shared spec, which a reader of this repository does not have.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const THIS_FILE = 'test/docs/citations.test.ts';
const CODE = ['src', 'workers', 'sql', 'migrations', 'bin', 'sdk', 'test', 'bench', '.ci'];
// A doc, then optionally a section in quotes: `docs/api.md "Requests"`, `docs/sdk.md, "Retries"`.
const CITATION = /((?:docs\/[\w-]+|[\w-]+(?:\/[\w-]+)*\/README)\.md)(?:,? "([^"\n]+)")?/g;
const SPEC_FILES = new RegExp(['decisions', 'api-spec'].map((name) => `\\b${name}\\.md`).join('|'));

function tracked(...paths: string[]): string[] {
  return execFileSync('git', ['ls-files', '--', ...paths], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\n')
    .filter((file) => file && file !== THIS_FILE && !file.endsWith('.png') && !file.endsWith('.svg'));
}

/** The sections of a markdown page, outside its code blocks: its headings and its bold lead-ins. */
function sections(page: string): string[] {
  return page
    .replace(/^```[\s\S]*?^```/gm, '')
    .split('\n')
    .flatMap((line) => /^#+ (.+)$/.exec(line)?.[1] ?? /^(?:[-*] )?\*\*(.+?)\.?\*\*/.exec(line)?.[1] ?? []);
}

/** Where `files` cite a doc that does not exist, or a section their doc does not have. */
function badCitations(files: Record<string, string>, read: (doc: string) => string | undefined): string[] {
  const problems: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    for (const [, doc, section] of text.matchAll(CITATION)) {
      const page = read(doc!);
      if (page === undefined) problems.push(`${file}: ${doc} does not exist`);
      else if (section !== undefined && !sections(page).some((h) => h === section || h.startsWith(`${section}:`))) {
        problems.push(`${file}: ${doc} has no section "${section}"`);
      }
    }
  }
  return problems;
}

function readDoc(doc: string): string | undefined {
  try {
    return readFileSync(join(root, doc), 'utf8');
  } catch {
    return undefined;
  }
}

let code: Record<string, string>;

beforeAll(() => {
  code = Object.fromEntries(tracked(...CODE).map((file) => [file, readFileSync(join(root, file), 'utf8')]));
});

describe('citations in the code', () => {
  it('name docs of this repository, and sections those docs have', () => {
    expect(Object.keys(code).length).toBeGreaterThan(100);
    expect(badCitations(code, readDoc)).toEqual([]);
  });

  it('are refused when the doc or the section is not there', () => {
    const page = '# API\n\n## Requests\n\n```sh\n# not a heading\n```\n\n### Create: `POST /x`\n\n- **Null** is rare.\n\n**Deadlocks.** None.\n';
    const read = (doc: string) => (doc === 'docs/api.md' ? page : undefined);
    expect(badCitations({ 'a.ts': '// (docs/api.md "Requests"), docs/api.md, "Create"; docs/api.md "Null", docs/api.md "Deadlocks"' }, read)).toEqual([]);
    expect(
      badCitations({ 'a.ts': '// docs/api.md "Errors"; docs/api.md "not a heading"; docs/nope.md; sql/README.md' }, read),
    ).toEqual([
      'a.ts: docs/api.md has no section "Errors"',
      'a.ts: docs/api.md has no section "not a heading"',
      'a.ts: docs/nope.md does not exist',
      'a.ts: sql/README.md does not exist',
    ]);
  });

  it("never send the reader to the shared spec's files, which are not in this repository", () => {
    const everything = { ...code, ...Object.fromEntries(tracked('README.md', 'docs').map((file) => [file, readFileSync(join(root, file), 'utf8')])) };
    const citing = Object.entries(everything).flatMap(([file, text]) =>
      text.split('\n').flatMap((line, index) => (SPEC_FILES.test(line) ? [`${file}:${index + 1}`] : [])),
    );
    expect(citing).toEqual([]);
    expect(SPEC_FILES.test(`// ${'decisions'}.md "Limits"`)).toBe(true);
  });
});
