// A list call: an async iterable over every record that fetches the next page when it needs it
// (`for await (const customer of client.customers.list())`), or one page with `firstPage()`.
import type { WithResponse } from './http.ts';

/** One page: the API's list envelope, with what its response said (the watermark among it). */
export type Page<T> = WithResponse<{ object: 'list'; data: T[]; has_more: boolean; url: string }>;

/** Fetches the page after the record with this id (the first page without one). */
export type PageFetcher<T> = (startingAfter: string | undefined) => Promise<Page<T>>;

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

  /** Every record in one array: for lists known to be small. */
  async toArray(): Promise<T[]> {
    const all: T[] = [];
    for await (const record of this) all.push(record);
    return all;
  }
}
