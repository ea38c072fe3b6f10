// The mirror: a local copy of a club kept exact by the watermark. It lists each resource, noting
// the lowest Signal-Sequence of the pages it read, then follows the signals after that point.
// Every record carries the sequence it is as of (its page's watermark, or its signal's), so a
// signal replaces a record only when it is newer: replaying a signal, or one older than a list
// page, changes nothing. Records and cursor go to the store in one write, so a mirror killed at
// any moment resumes where its store says. docs/sdk.md ("The mirror") states the guarantees.
import { EventEmitter } from 'node:events';
import type { ClubData } from '../client.ts';
import { CursorExpiredError, NotFoundError } from '../errors.ts';
import type { Page } from '../list.ts';
import type { components } from '../openapi.ts';
import { MemoryStore, type MirrorCursor, type MirrorRecord, type MirrorStore } from './store.ts';

type Signal = components['schemas']['Signal'];

/** Kept exact by following signals: every resource the mirror copies. */
export const FOLLOWED_RESOURCES = ['customers', 'bookings', 'events', 'participants', 'club', 'spaces', 'coaches', 'waivers', 'orders', 'transactions'] as const;
/**
 * Resources only listing again kept up to date. None since every resource has signals; every
 * resource is still listed again every `relistInterval`, as a safety net.
 * @deprecated Every resource is followed: see FOLLOWED_RESOURCES.
 */
export const RELISTED_RESOURCES = [] as const;
export type MirrorResource = (typeof FOLLOWED_RESOURCES)[number];
export const MIRROR_RESOURCES: readonly MirrorResource[] = [...FOLLOWED_RESOURCES];

/** The mirror's resource for each kind of signal that carries a record of its own. */
const RESOURCE_OF_SIGNAL: Record<string, MirrorResource> = {
  customer: 'customers',
  booking: 'bookings',
  event: 'events',
  participant: 'participants',
  club: 'club',
  space: 'spaces',
  coach: 'coaches',
  waiver: 'waivers',
  order: 'orders',
  transaction: 'transactions',
};

export interface MirrorOptions {
  /** What to copy; every resource by default. `participants` needs `events`. */
  resources?: readonly MirrorResource[] | undefined;
  /** Where the copy is kept; a MemoryStore by default. */
  store?: MirrorStore | undefined;
  /**
   * How often every resource is listed again, as a safety net under the signals, in ms (6 hours
   * by default; 0: never). A listed record replaces the copy's only when the copy's is older.
   */
  relistInterval?: number | undefined;
  /** Page size of the listings (100 by default). */
  pageSize?: number | undefined;
  /** Called as a full copy progresses, once per page. */
  onProgress?: ((progress: CopyProgress) => void) | undefined;
}

export interface CopyProgress {
  resource: MirrorResource;
  /** Records of this resource copied so far. */
  records: number;
  /** The generation being built (a new one after an expired cursor). */
  generation: number;
}

/** One record changed in the copy after its first full copy. */
export interface MirrorChange {
  resource: MirrorResource;
  id: string;
  record: unknown;
  /** The record before, or undefined when it is new. */
  previous: unknown;
  sequence: number;
  /** Milliseconds from the signal's commit to this change being stored; undefined for a re-listing. */
  lagMs: number | undefined;
}

export interface MirrorStats {
  /** Every signal up to this sequence is in the copy. */
  sequence: number | undefined;
  /** The live generation. */
  generation: number | undefined;
  /** Signals that changed the copy, and those it already held. */
  applied: number;
  skipped: number;
  /** Full copies made (the first, and one after each expired cursor). */
  copies: number;
  /** Milliseconds from commit to stored, of the last signal applied. */
  lagMs: number | undefined;
}

/** A page of a listing: its records and the watermark of the read that returned them. */
interface Batch {
  data: { id: string }[];
  sequence: number;
}

interface Listing {
  resource: MirrorResource;
  batches: AsyncIterable<Batch>;
}

async function* batchesOf(pages: AsyncIterable<Page<{ id: string }>>): AsyncGenerator<Batch> {
  for await (const page of pages) yield { data: page.data, sequence: page.lastResponse.signalSequence ?? 0 };
}

/**
 * The batches of a listing, the next one requested before the current one is handed over, so
 * that storing a page overlaps with the service producing the next (the first copy's speed).
 */
async function* readAhead(batches: AsyncIterable<Batch>): AsyncGenerator<Batch> {
  const iterator = batches[Symbol.asyncIterator]();
  let next = iterator.next();
  for (;;) {
    const current = await next;
    if (current.done) return;
    next = iterator.next();
    // Whatever happens to the page after this one surfaces when it is awaited, not before.
    next.catch(() => undefined);
    yield current.value;
  }
}

/** A record as data: what the API returned, without the SDK's lastResponse. */
const plain = <T extends object>(record: T): T => ({ ...record });

const PAGE = 100;
/** Records stored per write during a full copy. */
const COPY_WRITE = 5000;
const RELIST_MS = 6 * 60 * 60_000;

export class Mirror extends EventEmitter<{ change: [MirrorChange] }> {
  readonly #client: ClubData;
  readonly #resources: ReadonlySet<MirrorResource>;
  readonly #options: MirrorOptions;
  readonly #abort = new AbortController();
  #cursor: MirrorCursor | undefined;
  #writes: Promise<void> = Promise.resolve();
  #relistTimer: NodeJS.Timeout | undefined;
  #copying = false;
  #relistings: Promise<void> = Promise.resolve();
  readonly #stats: MirrorStats = { sequence: undefined, generation: undefined, applied: 0, skipped: 0, copies: 0, lagMs: undefined };
  /** The store holding the copy; read it with `records()` and `get()`. */
  readonly store: MirrorStore;
  /** Resolves when the copy is whole: at once for a store that holds one, else after the first full copy. */
  readonly ready: Promise<void>;
  /** Resolves when the mirror is stopped; rejects with the error that stopped it otherwise. */
  readonly done: Promise<void>;

  constructor(client: ClubData, options: MirrorOptions = {}) {
    super();
    const resources = new Set(options.resources ?? MIRROR_RESOURCES);
    for (const resource of resources) {
      if (!MIRROR_RESOURCES.includes(resource)) throw new TypeError(`ClubData mirror: unknown resource ${String(resource)}`);
    }
    if (resources.has('participants') && !resources.has('events')) throw new TypeError('ClubData mirror: participants need events');
    this.#client = client;
    this.#resources = resources;
    this.#options = options;
    this.store = options.store ?? new MemoryStore();
    let markReady!: () => void;
    let failReady!: (error: unknown) => void;
    this.ready = new Promise((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    this.done = this.#run(markReady).catch((error: unknown) => {
      failReady(error);
      throw error;
    });
    // Whoever awaits them sees the error; a caller that does not is not crashed by it.
    this.ready.catch(() => undefined);
    this.done.catch(() => undefined);
  }

  get stats(): MirrorStats {
    return { ...this.#stats };
  }

  /** The records of one resource in the live copy. */
  async records(resource: MirrorResource): Promise<MirrorRecord[]> {
    return this.#cursor ? this.store.records(this.#cursor.generation, resource) : [];
  }

  /** One record of the live copy. */
  async get(resource: MirrorResource, id: string): Promise<MirrorRecord | undefined> {
    return this.#cursor ? this.store.get(this.#cursor.generation, resource, id) : undefined;
  }

  /** How many records each resource has in the live copy. */
  async counts(): Promise<Partial<Record<MirrorResource, number>>> {
    const counts: Partial<Record<MirrorResource, number>> = {};
    for (const resource of this.#resources) counts[resource] = this.#cursor ? await this.store.count(this.#cursor.generation, resource) : 0;
    return counts;
  }

  /** Stops following and re-listing; `done` resolves once the last write is stored. */
  async stop(): Promise<void> {
    this.#abort.abort(new Error('the mirror was stopped'));
    clearInterval(this.#relistTimer);
    await this.done.catch(() => undefined);
  }

  async #run(markReady: () => void): Promise<void> {
    const { signal } = this.#abort;
    this.#cursor = await this.store.readCursor();
    if (this.#cursor) await this.store.keepOnly(this.#cursor.generation);
    else await this.#copy();
    this.#noteCursor();
    markReady();
    const interval = this.#options.relistInterval ?? RELIST_MS;
    if (interval > 0) this.#relistTimer = setInterval(() => void this.#relist().catch(() => undefined), interval).unref();
    while (!signal.aborted) {
      try {
        await this.#follow();
      } catch (error) {
        if (signal.aborted) break;
        if (!(error instanceof CursorExpiredError)) throw error;
        // Retention removed signals past the cursor: a new full copy, swapped in when whole.
        await this.#copy();
        this.#noteCursor();
      }
    }
    clearInterval(this.#relistTimer);
    await this.#writes;
  }

  #noteCursor(): void {
    this.#stats.sequence = this.#cursor?.sequence;
    this.#stats.generation = this.#cursor?.generation;
  }

  /** Stores writes one after another, in the order they were asked for. */
  #write(change: Parameters<MirrorStore['write']>[0]): Promise<void> {
    return this.#writeWith(async () => change);
  }

  /** A write made in its turn: `make` reads the store as the writes before it left it. */
  #writeWith(make: () => Promise<Parameters<MirrorStore['write']>[0]>): Promise<void> {
    const next = this.#writes.then(async () => this.store.write(await make()));
    this.#writes = next.catch(() => undefined);
    return next;
  }

  #listings(resources: Iterable<MirrorResource>): Listing[] {
    const client = this.#client;
    const limit = this.#options.pageSize ?? PAGE;
    const signal = this.#abort.signal;
    const listings: Listing[] = [];
    const wanted = new Set(resources);
    const club = async function* (): AsyncGenerator<Batch> {
      const read = await client.club.retrieve({ signal });
      yield { data: [plain(read)], sequence: read.lastResponse.signalSequence ?? 0 };
    };
    const listing = (resource: MirrorResource, pages: AsyncIterable<Page<{ id: string }>>) => listings.push({ resource, batches: batchesOf(pages) });
    for (const resource of wanted) {
      if (resource === 'club') listings.push({ resource, batches: club() });
      else if (resource === 'customers') listing(resource, client.customers.list({ limit, include: ['archived'] }, { signal }).pages());
      else if (resource === 'bookings') listing(resource, client.bookings.list({ limit, include: ['canceled'] }, { signal }).pages());
      else if (resource === 'events') listing(resource, client.events.list({ limit, include: ['canceled'] }, { signal }).pages());
      else if (resource === 'spaces') listing(resource, client.spaces.list({ signal }).pages());
      else if (resource === 'coaches') listing(resource, client.coaches.list({ include: ['archived'] }, { signal }).pages());
      else if (resource === 'waivers') listing(resource, client.waivers.list({ limit }, { signal }).pages());
      else if (resource === 'orders') listing(resource, client.orders.list({ limit }, { signal }).pages());
      else if (resource === 'transactions') listing(resource, client.transactions.list({ limit }, { signal }).pages());
    }
    return listings;
  }

  /** The rosters of these events (filled in while the events are listed, before this runs). */
  async *#participantBatches(eventIds: string[]): AsyncGenerator<Batch> {
    const limit = this.#options.pageSize ?? PAGE;
    for (const id of eventIds) {
      yield* batchesOf(this.#client.events.participants.list(id, { limit, include: ['removed'] }, { signal: this.#abort.signal }).pages());
    }
  }

  /** A full copy into a new generation, swapped in once whole; the cursor is the lowest watermark seen. */
  async #copy(): Promise<void> {
    this.#copying = true;
    try {
      const live = this.#cursor?.generation ?? 0;
      await this.store.keepOnly(live);
      const generation = live + 1;
      let low = Number.POSITIVE_INFINITY;
      const eventIds: string[] = [];
      const listings = this.#listings([...this.#resources].filter((r) => r !== 'participants'));
      if (this.#resources.has('participants')) listings.push({ resource: 'participants', batches: this.#participantBatches(eventIds) });
      for (const { resource, batches } of listings) {
        let records = 0;
        // Pages are stored a few at a time: fewer, larger transactions (a copy is resumed from
        // scratch anyway, so nothing is lost by holding a few pages).
        let pending: MirrorRecord[] = [];
        for await (const { data, sequence } of readAhead(batches)) {
          low = Math.min(low, sequence);
          if (resource === 'events') eventIds.push(...data.map((e) => e.id));
          for (const record of data) pending.push({ resource, id: record.id, sequence, data: record });
          records += data.length;
          if (pending.length >= COPY_WRITE) {
            await this.#write({ generation, put: pending });
            pending = [];
          }
          this.#options.onProgress?.({ resource, records, generation });
        }
        if (pending.length > 0) await this.#write({ generation, put: pending });
      }
      const cursor = { generation, sequence: Number.isFinite(low) ? low : 0 };
      await this.#write({ generation, put: [], cursor });
      await this.store.keepOnly(generation);
      this.#cursor = cursor;
      this.#stats.copies++;
    } finally {
      this.#copying = false;
    }
  }

  /** Follows the signals after the cursor until stopped; throws CursorExpiredError to be copied again. */
  async #follow(): Promise<void> {
    const follower = this.#client.signals.follow({ afterSequence: this.#cursor!.sequence, signal: this.#abort.signal });
    for await (const event of follower.events()) {
      const { generation } = this.#cursor!;
      const cursor = { generation, sequence: event.sequence };
      if (event.kind === 'watermark') {
        if (event.sequence > this.#cursor!.sequence) await this.#write({ generation, put: [], cursor });
      } else {
        await this.#apply(event.signal, cursor);
      }
      this.#cursor = cursor;
      this.#noteCursor();
    }
  }

  /** One signal into the copy, with the cursor moved past it, in one write. */
  async #apply(signal: Signal, cursor: MirrorCursor): Promise<void> {
    const candidates: MirrorRecord[] = [];
    const object = signal.data.object as { id: string; customer_id?: string; event_id?: string };
    const [noun] = signal.type.split('.');
    const own = RESOURCE_OF_SIGNAL[noun!];
    if (own) candidates.push({ resource: own, id: object.id, sequence: signal.sequence, data: object });
    // A customer shows its current subscriptions, and an event its participant counts; no
    // customer or event signal says when those change, so the customer or event is read again,
    // with the watermark of that read as its sequence (it holds everything up to it).
    const parent: { resource: MirrorResource; id: string } | undefined =
      noun === 'subscription' && object.customer_id
        ? { resource: 'customers', id: object.customer_id }
        : noun === 'participant' && object.event_id
          ? { resource: 'events', id: object.event_id }
          : undefined;
    // What the store holds for each record this signal may change, read once.
    const held = new Map<string, MirrorRecord | undefined>();
    const storedOf = async (resource: string, id: string) => {
      const key = `${resource}/${id}`;
      if (!held.has(key)) held.set(key, await this.store.get(cursor.generation, resource, id));
      return held.get(key);
    };
    if (parent && this.#resources.has(parent.resource)) {
      const stored = await storedOf(parent.resource, parent.id);
      if (!stored || stored.sequence < signal.sequence) {
        const fresh = await this.#retrieve(parent.resource, parent.id);
        if (fresh) candidates.push(fresh);
      }
    }
    const changes: MirrorChange[] = [];
    // Compared with the store in the write's turn, after any listing queued before it.
    let put: MirrorRecord[] = [];
    await this.#writeWith(async () => {
      put = [];
      for (const record of candidates) {
        if (!this.#resources.has(record.resource as MirrorResource)) continue;
        const stored = await this.store.get(cursor.generation, record.resource, record.id);
        if (stored && stored.sequence >= record.sequence) continue;
        put.push(record);
        changes.push({
          resource: record.resource as MirrorResource,
          id: record.id,
          record: record.data,
          previous: stored?.data,
          sequence: record.sequence,
          lagMs: undefined,
        });
      }
      return { generation: cursor.generation, put, cursor };
    });
    if (put.length > 0) this.#stats.applied++;
    else this.#stats.skipped++;
    const lagMs = Date.now() - Date.parse(signal.created);
    this.#stats.lagMs = lagMs;
    for (const change of changes) this.emit('change', { ...change, lagMs });
    // A new timezone changes the local times every booking and event shows, with no signal of
    // their own (docs/data-model.md, "The club's timezone"): list them again.
    const previous = (signal as { previous_attributes?: Record<string, unknown> }).previous_attributes;
    if (signal.type === 'club.updated' && previous && 'timezone' in previous) {
      void this.#relist(['bookings', 'events']).catch(() => undefined);
    }
  }

  /** The record as the API shows it now; undefined when it is gone. */
  async #retrieve(resource: MirrorResource, id: string): Promise<MirrorRecord | undefined> {
    const signal = this.#abort.signal;
    try {
      const read = resource === 'customers' ? await this.#client.customers.retrieve(id, {}, { signal }) : await this.#client.events.retrieve(id, { signal });
      return { resource, id, sequence: read.lastResponse.signalSequence ?? 0, data: plain(read) };
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  /**
   * Lists resources again (every one the mirror copies, by default): the safety net under the
   * signals. Each resource is written in one write, in its turn after the signals applied before
   * it: a listed record replaces the copy's only when the copy's is older than the page that
   * listed it, and a record the listing no longer has is removed only when the copy's is older
   * than every page of the listing (it was deleted before the listing; a newer one came from a
   * signal after it).
   */
  #relist(resources: readonly MirrorResource[] = [...this.#resources]): Promise<void> {
    // One listing at a time, each after those asked for before it.
    const next = this.#relistings.then(() => this.#relistResources(resources.filter((r) => this.#resources.has(r))));
    this.#relistings = next.catch(() => undefined);
    return next;
  }

  async #relistResources(resources: readonly MirrorResource[]): Promise<void> {
    if (this.#copying || !this.#cursor || this.#abort.signal.aborted) return;
    const eventIds: string[] = [];
    const listings = this.#listings(resources.filter((r) => r !== 'participants'));
    // Participants are listed event by event, after the events.
    if (resources.includes('participants')) listings.push({ resource: 'participants', batches: this.#participantBatches(eventIds) });
    for (const { resource, batches } of listings) {
      const generation = this.#cursor.generation;
      const listed: MirrorRecord[] = [];
      let low = Number.POSITIVE_INFINITY;
      for await (const { data, sequence } of batches) {
        low = Math.min(low, sequence);
        if (resource === 'events') eventIds.push(...data.map((e) => e.id));
        for (const record of data) listed.push({ resource, id: record.id, sequence, data: record });
      }
      // A copy that began meanwhile replaces the generation this listing was for.
      if (this.#copying || generation !== this.#cursor.generation) return;
      // No page at all (participants of no event listed): nothing learned.
      if (!Number.isFinite(low)) continue;
      const changes: MirrorChange[] = [];
      await this.#writeWith(async () => {
        const stored = new Map((await this.store.records(generation, resource)).map((r) => [r.id, r]));
        const kept: MirrorRecord[] = [];
        for (const record of listed) {
          const held = stored.get(record.id);
          stored.delete(record.id);
          if (held && held.sequence >= record.sequence) {
            kept.push(held);
            continue;
          }
          kept.push(record);
          if (JSON.stringify(held?.data) !== JSON.stringify(record.data)) {
            changes.push({ resource, id: record.id, record: record.data, previous: held?.data, sequence: record.sequence, lagMs: undefined });
          }
        }
        for (const held of stored.values()) if (held.sequence >= low) kept.push(held);
        return { generation, put: kept, replace: [resource] };
      });
      for (const change of changes) this.emit('change', change);
    }
  }
}
