// A mirror's copy in one SQLite file, through node:sqlite (built into Node from 22.13 and 23.4:
// no dependency). Each write is one transaction, and the file is in WAL mode, so a process killed
// at any moment leaves the records and the cursor of the last committed write, together.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { MirrorCursor, MirrorRecord, MirrorStore, MirrorWrite } from './store.ts';

/**
 * node:sqlite, asked for by name: a static import of a module this Node lacks fails before any
 * code runs, with ERR_UNKNOWN_BUILTIN_MODULE and no word of the version needed, where
 * process.getBuiltinModule answers undefined (and is itself absent before Node 20.16 and 22.3).
 */
function loadSqlite(): typeof import('node:sqlite') {
  const sqlite = typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule('node:sqlite') : undefined;
  if (sqlite === undefined) {
    throw new Error(
      `@clubdata/sdk/sqlite needs node:sqlite, which Node has without a flag from 22.13 (and 23.4); this is Node ${process.versions.node}. ` +
        'Run Node 22.13 or later, or keep the mirror in a MemoryStore or a MirrorStore of your own (the main entry needs no SQLite).',
    );
  }
  return sqlite;
}

const sqlite = loadSqlite();

// A rowid table with the key in an index, rather than a table clustered on the key: records are
// a few hundred bytes of JSON, and ids arrive in no order, so clustering would rewrite large
// pages all over the file at every insert (16 GB written for a 500 MB copy of the large club).
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS mirror_records (
    generation INTEGER NOT NULL,
    resource   TEXT NOT NULL,
    id         TEXT NOT NULL,
    sequence   INTEGER NOT NULL,
    data       TEXT NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS mirror_records_key ON mirror_records (generation, resource, id);
  CREATE TABLE IF NOT EXISTS mirror_cursor (
    one        INTEGER PRIMARY KEY CHECK (one = 1),
    generation INTEGER NOT NULL,
    sequence   INTEGER NOT NULL
  );
`;

interface Row {
  resource: string;
  id: string;
  sequence: number;
  data: string;
}

const recordOf = (row: Row): MirrorRecord => ({ resource: row.resource, id: row.id, sequence: row.sequence, data: JSON.parse(row.data) as unknown });

export class SqliteStore implements MirrorStore {
  readonly #db: DatabaseSync;
  readonly #statements: {
    cursor: StatementSync;
    get: StatementSync;
    put: StatementSync;
    replace: StatementSync;
    saveCursor: StatementSync;
    keepOnly: StatementSync;
    records: StatementSync;
    count: StatementSync;
  };

  /** Opens (or creates) the file; `:memory:` works too. */
  constructor(path: string) {
    this.#db = new sqlite.DatabaseSync(path);
    // WAL with synchronous NORMAL: a commit survives the process being killed, and the file is
    // never corrupted; 64 MB of page cache and checkpoints every 64 MB of log keep a large first
    // copy from re-reading and rewriting the same pages.
    this.#db.exec(
      'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA cache_size = -65536; PRAGMA wal_autocheckpoint = 16384;',
    );
    this.#db.exec(SCHEMA);
    this.#statements = {
      cursor: this.#db.prepare('SELECT generation, sequence FROM mirror_cursor WHERE one = 1'),
      get: this.#db.prepare('SELECT resource, id, sequence, data FROM mirror_records WHERE generation = ? AND resource = ? AND id = ?'),
      put: this.#db.prepare('INSERT OR REPLACE INTO mirror_records (generation, resource, id, sequence, data) VALUES (?, ?, ?, ?, ?)'),
      replace: this.#db.prepare('DELETE FROM mirror_records WHERE generation = ? AND resource = ?'),
      saveCursor: this.#db.prepare('INSERT OR REPLACE INTO mirror_cursor (one, generation, sequence) VALUES (1, ?, ?)'),
      keepOnly: this.#db.prepare('DELETE FROM mirror_records WHERE generation <> ?'),
      records: this.#db.prepare('SELECT resource, id, sequence, data FROM mirror_records WHERE generation = ? AND resource = ?'),
      count: this.#db.prepare('SELECT count(*) AS n FROM mirror_records WHERE generation = ? AND resource = ?'),
    };
  }

  async readCursor(): Promise<MirrorCursor | undefined> {
    const row = this.#statements.cursor.get() as { generation: number; sequence: number } | undefined;
    return row && { generation: row.generation, sequence: row.sequence };
  }

  async get(generation: number, resource: string, id: string): Promise<MirrorRecord | undefined> {
    const row = this.#statements.get.get(generation, resource, id) as Row | undefined;
    return row && recordOf(row);
  }

  async write(change: MirrorWrite): Promise<void> {
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      for (const resource of change.replace ?? []) this.#statements.replace.run(change.generation, resource);
      for (const record of change.put) {
        this.#statements.put.run(change.generation, record.resource, record.id, record.sequence, JSON.stringify(record.data));
      }
      if (change.cursor) this.#statements.saveCursor.run(change.cursor.generation, change.cursor.sequence);
      this.#db.exec('COMMIT');
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  async keepOnly(generation: number): Promise<void> {
    this.#statements.keepOnly.run(generation);
  }

  async records(generation: number, resource: string): Promise<MirrorRecord[]> {
    return (this.#statements.records.all(generation, resource) as unknown as Row[]).map(recordOf);
  }

  async count(generation: number, resource: string): Promise<number> {
    return (this.#statements.count.get(generation, resource) as { n: number }).n;
  }

  async close(): Promise<void> {
    this.#db.close();
  }
}
