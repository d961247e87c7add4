import { envNonNegativeInt } from "@hireflow/config";
import { listenForNotifications, type NotificationListener, type RawQueryClient, waitForListeners } from "@hireflow/db/notifications";
import { logger } from "./logger.ts";

/**
 * What the per-process caches of a long-lived server share (auth/api-key-cache.ts,
 * services/job-stage-cache.ts): rows kept in memory and dropped when a trigger NOTIFYs their change at
 * commit. The cache is used only while this process is LISTENing: when the connection drops (a
 * notification may be lost) everything is forgotten and the reads go to the database until LISTEN
 * holds again. A TTL is the last safety net. A writer waits (waitForCaches) until every process on
 * the database has handled its change before it answers. Serverless instances never start one.
 */
export interface NotifiedCacheState {
  /** Bumped by every invalidation: a lookup that started before one may not fill the cache. */
  generation: number;
  ttlMs: number;
  listener: NotificationListener;
}

export interface NotifiedCacheOptions<Data extends object> {
  /**
   * The globalThis property that holds the state: Next bundles a module more than once per process
   * (and the node server has its own copy); all of them must share one cache and one invalidation stream.
   */
  globalKey: string;
  channel: string;
  /** The environment variable of the TTL in ms; 0 turns the cache off. */
  ttlEnv: string;
  defaultTtlMs: number;
  /** The cache's name in the logs ("api key cache"): tests wait for "<label> listening". */
  label: string;
  /** What a writer waits for, in a warning ("an API key change"). */
  change: string;
  /** The cache's own maps, empty. */
  empty(): Data;
  /** Drops what `payload` names; "*" is everything. */
  drop(data: Data, payload: string): void;
}

export interface NotifiedCacheHandle {
  stop(): Promise<void>;
}

export interface NotifiedCache<Data extends object> {
  /** Starts caching in this process (idempotent). */
  start(databaseUrl: string): NotifiedCacheHandle;
  /** The cache while LISTEN holds (reads may use it), else undefined. */
  active(): (Data & NotifiedCacheState) | undefined;
  /** The cache if started, listening or not (a lookup's generation is read from it). */
  started(): (Data & NotifiedCacheState) | undefined;
  /**
   * Waits until every process that caches (any server on this database) has handled every change
   * committed before this call. Works from any process, one that caches nothing included. If some
   * listener does not answer within `timeoutMs` (a stalled process), this process forgets everything
   * and the others' TTL is what is left; that is logged.
   */
  waitForCaches(db: RawQueryClient, timeoutMs?: number): Promise<void>;
}

export function notifiedCache<Data extends object>(options: NotifiedCacheOptions<Data>): NotifiedCache<Data> {
  const { globalKey, channel, label } = options;
  const slot = globalThis as unknown as Record<string, (Data & NotifiedCacheState) | undefined>;
  const invalidate = (state: Data & NotifiedCacheState, payload: string) => {
    state.generation++;
    options.drop(state, payload);
  };

  return {
    start(databaseUrl) {
      const ttlMs = envNonNegativeInt(options.ttlEnv, options.defaultTtlMs);
      const stop = async () => {
        const state = slot[globalKey];
        slot[globalKey] = undefined;
        await state?.listener.stop();
      };
      if (ttlMs <= 0 || slot[globalKey]) return { stop };
      const state: Data & NotifiedCacheState = Object.assign(options.empty(), {
        generation: 0,
        ttlMs,
        listener: listenForNotifications(databaseUrl, channel, {
          onMessage: (payload) => invalidate(state, payload),
          onStateChange: (listening) => {
            invalidate(state, "*");
            if (listening) logger.info(`${label} listening`, { channel, ttl_ms: ttlMs });
            else logger.warn(`${label} off until LISTEN holds again (connection to PostgreSQL lost)`, { channel });
          },
        }),
      });
      slot[globalKey] = state;
      return { stop };
    },
    active() {
      const state = slot[globalKey];
      return state?.listener.listening ? state : undefined;
    },
    started: () => slot[globalKey],
    async waitForCaches(db, timeoutMs = 2_000) {
      try {
        if (await waitForListeners(db, channel, timeoutMs)) return;
        logger.warn(`a server did not confirm ${options.change} in time; its cache expires within the TTL`, { channel, timeout_ms: timeoutMs });
      } catch (error) {
        logger.warn(`could not confirm that every server handled ${options.change}`, { channel, error: String(error) });
      }
      const state = slot[globalKey];
      if (state) invalidate(state, "*");
    },
  };
}
