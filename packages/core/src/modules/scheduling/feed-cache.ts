import { CalendarFeedError } from "./feed-error.ts";
import type { BusyInterval } from "./slots.ts";

/**
 * The members' calendar feeds, kept in process. Per key (feedCacheKey: URL and zone) it holds the last
 * good copy with its fetch time, and the last failure with its time.
 *
 * - A copy younger than `ttlMs` is used without asking the server; so is a failure younger than
 *   `ttlMs` (a dead server is asked again after ttlMs, not on every slots request).
 * - A failing fetch keeps the last good copy: it goes on being used, with the error beside it.
 * - A good copy older than `staleAfterMs` is not used at all: busy is empty and `stale` is true, so
 *   booking is never blocked by a calendar nobody has been able to read for a day. `stale` is also
 *   true when there never was a good copy; the member's page shows `error` either way.
 * - Concurrent gets of one key share one load.
 * get never rejects: a load's failure is reported in the result.
 */

export interface FeedCacheResult {
  busy: BusyInterval[];
  /** When the copy in use (or, if stale, the last good one) was fetched; null if never. */
  fetchedAt: Date | null;
  /** True when no usable copy exists: busy is empty because the feed could not be read. */
  stale: boolean;
  /** The last fetch's failure, when it failed after the last success. */
  error?: string;
  failedAt?: Date;
}

export interface FeedCache {
  get(key: string, load: () => Promise<BusyInterval[]>): Promise<FeedCacheResult>;
  /** What get would answer now, without loading; null for a key never loaded. */
  peek(key: string): FeedCacheResult | null;
  delete(key: string): void;
}

interface Entry {
  good?: { busy: BusyInterval[]; at: number };
  failure?: { message: string; at: number };
  loading?: Promise<void>;
}

export interface FeedCacheOptions {
  ttlMs: number;
  staleAfterMs: number;
  /** The clock, in ms (tests pass their own). */
  now?: () => number;
  maxEntries?: number;
}

export function createFeedCache(options: FeedCacheOptions): FeedCache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();

  function answer(entry: Entry): FeedCacheResult {
    const t = now();
    const { good, failure } = entry;
    const result: FeedCacheResult = { busy: [], fetchedAt: good ? new Date(good.at) : null, stale: true };
    if (good && t - good.at <= options.staleAfterMs) {
      result.busy = good.busy;
      result.stale = false;
    }
    if (failure && (!good || failure.at >= good.at)) {
      result.error = failure.message;
      result.failedAt = new Date(failure.at);
    }
    return result;
  }

  function isFresh(entry: Entry): boolean {
    const last = Math.max(entry.good?.at ?? -Infinity, entry.failure?.at ?? -Infinity);
    return now() - last < options.ttlMs;
  }

  function start(entry: Entry, load: () => Promise<BusyInterval[]>): Promise<void> {
    const loading = (async () => {
      try {
        const busy = await load();
        entry.good = { busy, at: now() };
        entry.failure = undefined;
      } catch (error) {
        entry.failure = { message: CalendarFeedError.isInstance(error) ? error.message : "The calendar feed could not be read", at: now() };
      } finally {
        entry.loading = undefined;
      }
    })();
    entry.loading = loading;
    return loading;
  }

  return {
    async get(key, load) {
      let entry = entries.get(key);
      if (!entry) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entry = {};
        entries.set(key, entry);
      }
      if (entry.loading) await entry.loading;
      else if (!isFresh(entry)) await start(entry, load);
      return answer(entry);
    },
    peek(key) {
      const entry = entries.get(key);
      return entry && (entry.good || entry.failure) ? answer(entry) : null;
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
