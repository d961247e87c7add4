import { type RawQueryClient } from "@hireflow/db/notifications";
import { notifiedCache, type NotifiedCacheHandle } from "../../../kernel/notified-cache.ts";
import type { ApiKeyPrincipal } from "../../../kernel/principal.ts";
import type { OAuthPrincipal } from "../../../kernel/principal.ts";

/**
 * Verified API keys and OAuth access tokens kept in a long-lived process (the self-hosted server), so
 * a request makes no round trip for its key. Revocation stays immediate: a trigger on api_keys
 * (migration 20261125150000_api_key_notify) NOTIFYs every change that matters at commit, and each
 * process drops the key at once; revokeApiKey waits until every such process confirmed it
 * (waitForApiKeyCaches). Listening, forgetting on a lost connection and the TTL: notified-cache.ts.
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

interface Cached {
  entries: Map<string, Entry>;
  tokens: Map<string, TokenEntry>;
}

const cache = notifiedCache<Cached>({
  globalKey: "__hireflowApiKeyCache",
  channel: API_KEY_CHANNEL,
  ttlEnv: "API_KEY_CACHE_TTL_MS",
  defaultTtlMs: 30_000,
  label: "api key cache",
  change: "an API key change",
  empty: () => ({ entries: new Map(), tokens: new Map() }),
  drop(state, payload) {
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
  },
});

export type ApiKeyCacheHandle = NotifiedCacheHandle;

/** Starts caching in this process (idempotent). API_KEY_CACHE_TTL_MS=0 turns it off. */
export const startApiKeyCache = (databaseUrl: string): ApiKeyCacheHandle => cache.start(databaseUrl);

const activeState = cache.active;

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
  return cache.started()?.generation ?? -1;
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
 * anywhere is refused.
 */
export const waitForApiKeyCaches = (db: RawQueryClient, timeoutMs?: number): Promise<void> => cache.waitForCaches(db, timeoutMs);

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
