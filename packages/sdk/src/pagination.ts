import { type RequestOptions } from "./http.ts";
import type { Pagination } from "./types.ts";

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

/**
 * A list that fetches its pages as it is read: `for await (const item of list)` walks every item of
 * every page; `pages()` walks whole pages; `firstPage()` fetches one. Nothing is requested until
 * one of them is used, and each use starts again from the first page.
 */
export class PageIterator<T> implements AsyncIterable<T> {
  readonly #fetchPage: (cursor: string | undefined, options: RequestOptions) => Promise<Page<T>>;
  readonly #options: RequestOptions;

  constructor(fetchPage: (cursor: string | undefined, options: RequestOptions) => Promise<Page<T>>, options: RequestOptions = {}) {
    this.#fetchPage = fetchPage;
    this.#options = options;
  }

  firstPage(): Promise<Page<T>> {
    return this.#fetchPage(undefined, this.#options);
  }

  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let cursor: string | undefined;
    do {
      const page = await this.#fetchPage(cursor, this.#options);
      yield page;
      cursor = page.pagination.has_more && page.pagination.next_cursor ? page.pagination.next_cursor : undefined;
    } while (cursor);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.data;
  }

  /** Every item, read into an array (at most `max`, default 10 000, so a runaway list cannot exhaust memory). */
  async toArray(max = 10_000): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this) {
      if (items.length >= max) break;
      items.push(item);
    }
    return items;
  }
}
