import { envNonNegativeInt } from "@hireflow/config";
import { listenForNotifications, type NotificationListener, type RawQueryClient, waitForListeners } from "@hireflow/db/notifications";
import { logger } from "../logger.ts";
import type { ApiKeyPrincipal } from "./api-keys.ts";
import type { OAuthPrincipal } from "./oauth-tokens.ts";

/**
 * Verified API keys kept in a long-lived process (the self-hosted server), so a request makes no
 * round trip for its key. Revocation stays immediate: a trigger on api_keys (migration
 * 20261125150000_api_key_notify) NOTIFYs every change that matters at commit, and each process drops
 * the key at once; revokeApiKey waits until every such process confirmed it (waitForApiKeyCaches).
 * The cache is used only while this process is LISTENing: when the connection
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

/** A verified OAuth access token (auth/oauth-tokens.ts), dropped with its grant or its member's role. */
interface TokenEntry {
  principal: OAuthPrincipal;
  expiresAt: number;
}

interface CacheState {
  entries: Map<string, Entry>;
  tokens: Map<string, TokenEntry>;
  /** Bumped by every invalidation: a lookup that started before one may not fill the cache. */
  generation: number;
  ttlMs: number;
  listener: NotificationListener;
}

// On globalThis: Next bundles this module more than once per process (and the node server has its
// own copy); all of them must share one cache and one invalidation stream.
const globalForCache = globalThis as unknown as { __hireflowApiKeyCache?: CacheState };

export interface ApiKeyCacheHandle {
  stop(): Promise<void>;
}

/** Starts caching in this process (idempotent). API_KEY_CACHE_TTL_MS=0 turns it off. */
export function startApiKeyCache(databaseUrl: string): ApiKeyCacheHandle {
  const ttlMs = envNonNegativeInt("API_KEY_CACHE_TTL_MS", 30_000);
  const stop = async () => {
    const state = globalForCache.__hireflowApiKeyCache;
    globalForCache.__hireflowApiKeyCache = undefined;
    await state?.listener.stop();
  };
  if (ttlMs <= 0 || globalForCache.__hireflowApiKeyCache) return { stop };
  const state: CacheState = {
    entries: new Map(),
    tokens: new Map(),
    generation: 0,
    ttlMs,
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
  if (payload === "*") {
    state.entries.clear();
    state.tokens.clear();
  } else if (payload.startsWith("grant:") || payload.startsWith("user:")) {
    // OAuth grants (migration 20261127040000_oauth) notify on the API keys' channel with a prefix.
    for (const [hash, entry] of state.tokens) {
      if (payload === `grant:${entry.principal.grantId}` || payload === `user:${entry.principal.userId}`) state.tokens.delete(hash);
    }
  } else {
    for (const [hash, entry] of state.entries) {
      if (String(entry.principal.apiKeyId) === payload) state.entries.delete(hash);
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

/**
 * Waits until every process that caches keys (any server on this database) has handled every key
 * change committed before this call: revokeApiKey answers only then, so the very next request
 * anywhere is refused. Works from any process, one that caches nothing (serverless, a script)
 * included. If some listener does not answer within `timeoutMs` (a stalled process), this process
 * forgets its own keys and the others' 30 s TTL is what is left; that is logged.
 */
export async function waitForApiKeyCaches(db: RawQueryClient, timeoutMs = 2_000): Promise<void> {
  let synced = false;
  try {
    synced = await waitForListeners(db, API_KEY_CHANNEL, timeoutMs);
  } catch (error) {
    logger.warn("could not confirm that every server dropped the changed API key", { error: String(error) });
    return;
  }
  if (!synced) {
    const state = globalForCache.__hireflowApiKeyCache;
    if (state) invalidate(state, "*");
    logger.warn("a server did not confirm an API key change in time; its cache expires within the TTL", { channel: API_KEY_CHANNEL, timeout_ms: timeoutMs });
  }
}

/** The access token behind this hash if this process verified it recently and nothing changed its grant since. */
export function cachedOAuthToken(tokenHash: string): OAuthPrincipal | undefined {
  const state = activeState();
  const entry = state?.tokens.get(tokenHash);
  if (!entry) return undefined;
  if (entry.expiresAt > Date.now()) return entry.principal;
  state!.tokens.delete(tokenHash);
  return undefined;
}

/** Keeps a verified access token until the cache TTL or the token's own expiry, whichever is first. */
export function rememberOAuthToken(tokenHash: string, generation: number, principal: OAuthPrincipal, tokenExpiresAt: Date): void {
  const state = activeState();
  if (!state || state.generation !== generation) return;
  if (state.tokens.size >= MAX_ENTRIES) state.tokens.delete(state.tokens.keys().next().value!);
  state.tokens.set(tokenHash, { principal, expiresAt: Math.min(Date.now() + state.ttlMs, tokenExpiresAt.getTime()) });
}
