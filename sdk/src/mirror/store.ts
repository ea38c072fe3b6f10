// Where a mirror keeps its copy: records, each with the sequence it was last written at, in
// generations (a full copy made after an expired cursor is built beside the live one and swapped
// in whole), and the cursor, saved in the same write as the records it covers. MemoryStore is
// the default; SqliteStore (sqlite-store.ts) keeps the copy in a file. Writing a store of your
// own means implementing MirrorStore (docs/sdk.md, "The store interface").

/** One record of the copy. */
export interface MirrorRecord {
  /** The mirror's name for its kind: `customers`, `bookings`, `events`, `participants`, `spaces`, ... */
  resource: string;
  id: string;
  /**
   * The club's signal sequence the record is as of: a signal with a higher sequence replaces it,
   * one with a lower or equal sequence is already in it.
   */
  sequence: number;
  /** The record as the API returns it. */
  data: unknown;
}

/** Where the copy stands. */
export interface MirrorCursor {
  /** The live generation: the one readers see. */
  generation: number;
  /** Every signal up to this sequence is in the live generation. */
  sequence: number;
}

/** What one write does, atomically. */
export interface MirrorWrite {
  /** The generation written to. */
  generation: number;
  /** Records stored (replacing one with the same resource and id). */
  put: MirrorRecord[];
  /** Resources whose records in this generation are all removed before `put` (a re-listing). */
  replace?: string[] | undefined;
  /** The cursor saved with the records; left as it is when absent. */
  cursor?: MirrorCursor | undefined;
}

export interface MirrorStore {
  /** The saved cursor; undefined until a first full copy is complete. */
  readCursor(): Promise<MirrorCursor | undefined>;
  /** One record of a generation. */
  get(generation: number, resource: string, id: string): Promise<MirrorRecord | undefined>;
  /** Applies the write all at once or not at all: a crash leaves the store before or after it. */
  write(change: MirrorWrite): Promise<void>;
  /** Removes every generation but this one (0 removes them all). */
  keepOnly(generation: number): Promise<void>;
  /** The records of a resource in a generation, in no particular order. */
  records(generation: number, resource: string): Promise<MirrorRecord[]>;
  /** How many records a resource has in a generation. */
  count(generation: number, resource: string): Promise<number>;
  /** Releases what the store holds open (a file). */
  close?(): Promise<void>;
}

/** A store in this process's memory: lost when it exits (a SqliteStore survives restarts). */
export class MemoryStore implements MirrorStore {
  #cursor: MirrorCursor | undefined;
  readonly #records = new Map<string, MirrorRecord>();

  static #key(generation: number, resource: string, id: string): string {
    return `${generation}\u0000${resource}\u0000${id}`;
  }

  async readCursor(): Promise<MirrorCursor | undefined> {
    return this.#cursor && { ...this.#cursor };
  }

  async get(generation: number, resource: string, id: string): Promise<MirrorRecord | undefined> {
    return this.#records.get(MemoryStore.#key(generation, resource, id));
  }

  async write(change: MirrorWrite): Promise<void> {
    for (const resource of change.replace ?? []) {
      for (const [key, record] of this.#records) {
        if (record.resource === resource && key.startsWith(`${change.generation}\u0000`)) this.#records.delete(key);
      }
    }
    for (const record of change.put) this.#records.set(MemoryStore.#key(change.generation, record.resource, record.id), { ...record });
    if (change.cursor) this.#cursor = { ...change.cursor };
  }

  async keepOnly(generation: number): Promise<void> {
    for (const key of this.#records.keys()) if (!key.startsWith(`${generation}\u0000`)) this.#records.delete(key);
  }

  async records(generation: number, resource: string): Promise<MirrorRecord[]> {
    const prefix = `${generation}\u0000${resource}\u0000`;
    return [...this.#records].filter(([key]) => key.startsWith(prefix)).map(([, record]) => record);
  }

  async count(generation: number, resource: string): Promise<number> {
    return (await this.records(generation, resource)).length;
  }
}
