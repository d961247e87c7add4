import { createHash, randomBytes } from "node:crypto";
import { type PrismaClient } from "@hireflow/db";
import { AppError } from "../../../kernel/errors.ts";
import { apiKeyCacheGeneration, cachedApiKey, rememberApiKey } from "./api-key-cache.ts";
import { type ApiScope, normalizeScopes } from "../../../kernel/scopes.ts";
import { type ApiKeyPrincipal } from "../../../kernel/principal.ts";

export const API_KEY_PREFIX = "hf_live_";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SECRET_LENGTH = 40;

const KEY_PATTERN = /^hf_live_[0-9A-Za-z]{32,64}$/;
/** How often last_used_at may be written per key: reads must not turn into a write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface GeneratedApiKey {
  secret: string;
  prefix: string;
  secretHash: string;
}

export function hashApiKey(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function generateApiKey(): GeneratedApiKey {
  // Rejection sampling keeps every base62 character equally likely.
  let body = "";
  while (body.length < SECRET_LENGTH) {
    for (const byte of randomBytes(SECRET_LENGTH * 2)) {
      if (byte < 248 && body.length < SECRET_LENGTH) body += BASE62[byte % 62];
    }
  }
  const secret = API_KEY_PREFIX + body;
  return { secret, prefix: secret.slice(0, API_KEY_PREFIX.length + 4), secretHash: hashApiKey(secret) };
}

const unauthorized = () => new AppError("unauthorized", "API key is missing or invalid");

const lastWrites = new Map<number, number>();

/**
 * `Authorization: Bearer hf_live_…` → the key's company, or 401. One indexed lookup by hash, or none
 * where the process caches verified keys (api-key-cache.ts: long-lived servers, dropped on change).
 */
export async function authenticateApiKey(prisma: PrismaClient, authorization: string | null | undefined): Promise<ApiKeyPrincipal> {
  const match = authorization?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i);
  const secret = match?.[1];
  if (!secret || !KEY_PATTERN.test(secret)) throw unauthorized();
  const secretHash = hashApiKey(secret);
  const cached = cachedApiKey(secretHash);
  if (cached) {
    touchLastUsed(prisma, cached.principal.apiKeyId, cached.lastUsedAt);
    return cached.principal;
  }
  const generation = apiKeyCacheGeneration();
  const key = await prisma.apiKey.findUnique({
    where: { secretHash },
    select: { id: true, companyId: true, rateLimit: true, scopes: true, revokedAt: true, lastUsedAt: true },
  });
  if (!key || key.revokedAt) throw unauthorized();
  touchLastUsed(prisma, key.id, key.lastUsedAt);
  // The CHECK constraint keeps the column to known scopes; normalising anyway means a value this
  // code does not know grants nothing. Frozen: a cached principal is shared by later requests.
  const principal: ApiKeyPrincipal = Object.freeze({
    apiKeyId: key.id,
    companyId: key.companyId,
    rateLimit: key.rateLimit,
    scopes: Object.freeze(normalizeScopes(key.scopes)) as ApiScope[],
  });
  rememberApiKey(secretHash, generation, principal, key.lastUsedAt);
  return principal;
}

function touchLastUsed(prisma: PrismaClient, id: number, lastUsedAt: Date | null): void {
  const now = Date.now();
  if (lastUsedAt && now - lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
  if (now - (lastWrites.get(id) ?? 0) < LAST_USED_RESOLUTION_MS) return;
  lastWrites.set(id, now);
  // Off the request path; losing one timestamp update is harmless.
  void prisma.apiKey
    .updateMany({
      where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now - LAST_USED_RESOLUTION_MS) } }] },
      data: { lastUsedAt: new Date(now) },
    })
    .catch(() => lastWrites.delete(id));
}
