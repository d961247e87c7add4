import { envInt } from "@hireflow/config";
import { listenForNotifications, type NotificationListener } from "@hireflow/db/notifications";
import { logger } from "../logger.ts";
import type { ApiKeyPrincipal } from "./api-keys.ts";

/**
 * Verified API keys kept in a long-lived process (the self-hosted server), so a request makes no
 * round trip for its key. Revocation stays immediate: a trigger on api_keys (migration
 * 20261125150000_api_key_notify) NOTIFYs every change that matters at commit, and each process drops
 * the key at once. The cache is used only while this process is LISTENing: when the connection
 * drops (a notification may be lost) everything is forgotten and every request reads the database
 * again until LISTEN holds. A short TTL is the last safety net. Serverless instances never start it.
 */
export const API_KEY_CHANNEL = "hireflow_api_keys";
const MAX_ENTRIES = 10_000;

interface Entry {
  principal: ApiKeyPrincipal;
  lastUsedAt: Date | null;
  expiresAt: number;
}

interface CacheState {
  entries: Map<string, Entry>;
  /** Bumped by every invalidation: a lookup that started before one may not fill the cache. */
  generation: number;
  ttlMs: number;
  listener: NotificationListener;
  /** Callers waiting to see a key's notification arrive here (revokeApiKey). */
  waiters: Map<string, Set<() => void>>;
}

// On globalThis: Next bundles this module more than once per process (and the node server has its
// own copy); all of them must share one cache and one invalidation stream.
const globalForCache = globalThis as unknown as { __hireflowApiKeyCache?: CacheState };

export interface ApiKeyCacheHandle {
  stop(): Promise<void>;
}

/** Starts caching in this process (idempotent). API_KEY_CACHE_TTL_MS=0 turns it off. */
export function startApiKeyCache(databaseUrl: string): ApiKeyCacheHandle {
  const ttlMs = envInt("API_KEY_CACHE_TTL_MS", 30_000);
  const stop = async () => {
    const state = globalForCache.__hireflowApiKeyCache;
    globalForCache.__hireflowApiKeyCache = undefined;
    await state?.listener.stop();
  };
  if (ttlMs <= 0 || globalForCache.__hireflowApiKeyCache) return { stop };
  const state: CacheState = {
    entries: new Map(),
    generation: 0,
    ttlMs,
    waiters: new Map(),
    listener: listenForNotifications(databaseUrl, API_KEY_CHANNEL, {
      onMessage: (payload) => invalidate(state, payload),
      onStateChange: (listening) => {
        invalidate(state, "*");
        if (listening) logger.info("api key cache listening", { channel: API_KEY_CHANNEL, ttl_ms: ttlMs });
        else logger.warn("api key cache off until LISTEN holds again (connection to PostgreSQL lost)", { channel: API_KEY_CHANNEL });
      },
    }),
  };
  globalForCache.__hireflowApiKeyCache = state;
  return { stop };
}

function invalidate(state: CacheState, payload: string): void {
  state.generation++;
  if (payload === "*") state.entries.clear();
  else {
    for (const [hash, entry] of state.entries) {
      if (String(entry.principal.apiKeyId) === payload) state.entries.delete(hash);
    }
  }
  for (const [id, waiters] of state.waiters) {
    if (payload === "*" || id === payload) {
      state.waiters.delete(id);
      for (const resolve of waiters) resolve();
    }
  }
}

function activeState(): CacheState | undefined {
  const state = globalForCache.__hireflowApiKeyCache;
  return state?.listener.listening ? state : undefined;
}

/** The key behind this hash if this process verified it recently and nothing changed it since. */
export function cachedApiKey(secretHash: string): Entry | undefined {
  const state = activeState();
  const entry = state?.entries.get(secretHash);
  if (!entry) return undefined;
  if (entry.expiresAt > Date.now()) return entry;
  state!.entries.delete(secretHash);
  return undefined;
}

/** The generation to pass to rememberApiKey, read before the database lookup. */
export function apiKeyCacheGeneration(): number {
  return globalForCache.__hireflowApiKeyCache?.generation ?? -1;
}

/** Keeps a key read from the database, unless a change was notified while it was being read. */
export function rememberApiKey(secretHash: string, generation: number, principal: ApiKeyPrincipal, lastUsedAt: Date | null): void {
  const state = activeState();
  if (!state || state.generation !== generation) return;
  if (state.entries.size >= MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!);
  state.entries.set(secretHash, { principal, lastUsedAt, expiresAt: Date.now() + state.ttlMs });
}

export interface ApiKeyChangeWatch {
  /** Resolves once the change's notification reached this process (at once where nothing is cached). */
  seen(): Promise<void>;
  /** The change did not happen after all (nothing was updated). */
  cancel(): void;
}

/**
 * Watch for a key's notification before changing the key (revokeApiKey), then wait for it after the
 * commit: the caller answers only once PostgreSQL has sent it to every listening process. If it
 * does not arrive within `timeoutMs`, this process forgets every key instead.
 */
export function watchApiKeyChange(apiKeyId: number, timeoutMs = 2_000): ApiKeyChangeWatch {
  const state = activeState();
  if (!state) return { seen: () => Promise.resolve(), cancel: () => {} };
  const id = String(apiKeyId);
  let arrived = false;
  let wake = () => {};
  const mark = () => {
    arrived = true;
    wake();
  };
  const waiters = state.waiters.get(id) ?? new Set();
  waiters.add(mark);
  state.waiters.set(id, waiters);
  const cancel = () => {
    state.waiters.get(id)?.delete(mark);
    if (state.waiters.get(id)?.size === 0) state.waiters.delete(id);
  };
  return {
    cancel,
    seen: () =>
      arrived
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              cancel();
              invalidate(state, "*");
              resolve();
            }, timeoutMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          }),
  };
}
