// A list call: an async iterable over every record that fetches the next page when it needs it
// (`for await (const customer of client.customers.list())`), or one page with `firstPage()`.
import type { WithResponse } from './http.ts';

/** One page: the API's list envelope, with what its response said (the watermark among it). */
export type Page<T> = WithResponse<{ object: 'list'; data: T[]; has_more: boolean; url: string }>;

/** Fetches the page after the record with this id (the first page without one). */
export type PageFetcher<T> = (startingAfter: string | undefined) => Promise<Page<T>>;

/** The most records `toArray` gathers in one array. */
const TO_ARRAY_MAX = 10_000;

export class List<T> implements AsyncIterable<T> {
  readonly #fetchPage: PageFetcher<T>;

  constructor(fetchPage: PageFetcher<T>) {
    this.#fetchPage = fetchPage;
  }

  /** The first page only. */
  firstPage(): Promise<Page<T>> {
    return this.#fetchPage(undefined);
  }

  /** Every page in turn, each fetched when the previous one has been consumed. */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let after: string | undefined;
    for (;;) {
      const page = await this.#fetchPage(after);
      yield page;
      const last = page.data.at(-1) as { id?: unknown } | undefined;
      if (!page.has_more || typeof last?.id !== 'string') return;
      after = last.id;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.data;
  }

  /**
   * The first `limit` records in one array, fetching only the pages they need. The limit is
   * required, and at most 10,000, as in Stripe's clients: a list grows, and an array of all of it
   * could take any amount of memory. Iterate (`for await`) to go through more.
   */
  async toArray(options: { limit: number }): Promise<T[]> {
    const limit = (options as { limit?: unknown } | undefined)?.limit;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > TO_ARRAY_MAX) {
      throw new TypeError(`ClubData: toArray needs { limit }, a whole number from 1 to ${TO_ARRAY_MAX}; iterate with for await to go through more`);
    }
    const all: T[] = [];
    for await (const record of this) {
      all.push(record);
      if (all.length === limit) break;
    }
    return all;
  }
}
