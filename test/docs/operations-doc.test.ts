// docs/operations.md's configuration table must not drift from src/config.ts: it has a row for
// every variable loadConfig reads (asked of a recording environment, so a new setting cannot go
// undocumented), and a default written there as one literal is the one loadConfig applies.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

const docPath = fileURLToPath(new URL('../../docs/operations.md', import.meta.url));
let doc: string;

beforeAll(async () => {
  doc = await readFile(docPath, 'utf8');
});

/** The names loadConfig asks its environment for, none of them set. */
function variablesRead(): string[] {
  const read = new Set<string>();
  const env = new Proxy<Record<string, string | undefined>>(
    {},
    {
      get(_target, name) {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    },
  );
  loadConfig(env);
  return [...read].sort();
}

describe("docs/operations.md's configuration table", () => {
  it('has a row for every variable loadConfig reads', () => {
    const read = variablesRead();
    expect(read).toEqual(expect.arrayContaining(['DATABASE_URL', 'PORT', 'DELIVERY_RETRY_SCHEDULE', 'WEBHOOK_SECRET_KEY']));
    const rows = new Set([...doc.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]!));
    expect(read.filter((name) => !rows.has(name))).toEqual([]);
  });

  it('states the defaults loadConfig applies, where a default is one literal', () => {
    const read = new Set(variablesRead());
    const defaults = loadConfig({});
    const literal = [...doc.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| `([^`]+)` \|/gm)].filter((match) => read.has(match[1]!));
    expect(literal.map((match) => match[1])).toEqual(expect.arrayContaining(['PORT', 'HOST', 'LOG_LEVEL', 'EMBEDDED_PG_PORT', 'SIGNAL_STREAM_IDLE']));
    for (const [, name, value] of literal) {
      // Setting the documented default explicitly must change nothing.
      expect(loadConfig({ [name!]: value }), name).toEqual(defaults);
    }
  });
});
