import { createHash } from "node:crypto";
import { envInt } from "@hireflow/config";
import { AppError, isUniqueViolation, type Principal } from "@hireflow/core";
import { type PrismaClient } from "@hireflow/db";

/**
 * Idempotency keys on POST (Stripe's model). The first response to (caller, Idempotency-Key) is
 * kept for 24 h and replayed to retries with the same request; the same key with another request,
 * or while the first is still running, is a 409. Responses of 5xx are not kept, so a retry after a
 * failure runs again.
 */
const TTL_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;
const KEPT_HEADERS = ["content-type"];

/**
 * How long a claim may stay in progress (IDEMPOTENCY_LEASE_MS, default 60 s; longer than any request
 * runs). A request that could not release its key — the database went away before its 5xx could be
 * recorded — would otherwise leave the key "still being processed" for 24 hours. Past the lease a
 * retry takes the key over and runs again: the first run's transaction either rolled back, or (if the
 * database died between its commit and the release) the retry meets the same uniqueness rules as any.
 */
const leaseMs = () => envInt("IDEMPOTENCY_LEASE_MS", 60_000);

export function validIdempotencyKey(key: string): boolean {
  return key.length >= 1 && key.length <= MAX_KEY_LENGTH && /^[\x21-\x7e]+$/.test(key);
}

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256").update(`${method} ${path}\n${JSON.stringify(body ?? null)}`).digest("hex");
}

/**
 * Whose keys these are: an API key's, or an OAuth grant's — one app acting as one member, so two
 * members using the same app, or one member's two apps, never see each other's responses. A token
 * refreshed within the grant keeps the grant's keys.
 */
export type IdempotencyOwner = { apiKeyId: number } | { oauthGrantId: number };

export function idempotencyOwnerOf(principal: Principal): IdempotencyOwner | null {
  if (principal.kind === "api") return { apiKeyId: principal.apiKeyId };
  if (principal.kind === "oauth") return { oauthGrantId: principal.grantId };
  return null;
}

function ownerWhere(owner: IdempotencyOwner, key: string) {
  return "apiKeyId" in owner ? { apiKeyId_key: { apiKeyId: owner.apiKeyId, key } } : { oauthGrantId_key: { oauthGrantId: owner.oauthGrantId, key } };
}

export type IdempotencyClaim =
  | { kind: "new"; id: number }
  | { kind: "replay"; status: number; body: string; headers: Record<string, string> };

export async function claimIdempotencyKey(prisma: PrismaClient, owner: IdempotencyOwner, key: string, fingerprint: string): Promise<IdempotencyClaim> {
  if (!validIdempotencyKey(key)) {
    throw AppError.validation([{ field: "Idempotency-Key", message: `Must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters` }], "Invalid Idempotency-Key header");
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const row = await prisma.idempotencyKey.create({
        data: { ...owner, key, requestHash: fingerprint, expiresAt: new Date(Date.now() + TTL_MS) },
        select: { id: true },
      });
      return { kind: "new", id: row.id };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const existing = await prisma.idempotencyKey.findUnique({ where: ownerWhere(owner, key) });
    if (!existing) continue; // released meanwhile (a 5xx): claim it afresh
    if (existing.expiresAt.getTime() <= Date.now()) {
      await prisma.idempotencyKey.deleteMany({ where: { id: existing.id } });
      continue;
    }
    if (existing.requestHash !== fingerprint) {
      throw new AppError("conflict", "This Idempotency-Key was already used with a different request; use a new key for a new request");
    }
    if (existing.status === "in_progress") {
      if (Date.now() - existing.createdAt.getTime() > leaseMs()) {
        await prisma.idempotencyKey.deleteMany({ where: { id: existing.id, status: "in_progress" } });
        continue;
      }
      // Retry-After marks the one 409 a client may retry as is (the SDK does): the first request is still running.
      throw new AppError("conflict", "A request with this Idempotency-Key is still being processed; retry after it completes", { headers: { "retry-after": "1" } });
    }
    return {
      kind: "replay",
      status: existing.responseStatus ?? 200,
      body: existing.responseBody ?? "",
      headers: (existing.responseHeaders as Record<string, string> | null) ?? {},
    };
  }
  throw new AppError("conflict", "This Idempotency-Key is in use; retry", { headers: { "retry-after": "1" } });
}

/** Stores the response for replays, or releases the key when the request failed on our side. */
export async function settleIdempotencyKey(prisma: PrismaClient, id: number, response: Response): Promise<void> {
  if (response.status >= 500) {
    await prisma.idempotencyKey.deleteMany({ where: { id } });
    return;
  }
  const headers = Object.fromEntries(KEPT_HEADERS.flatMap((name) => {
    const value = response.headers.get(name);
    return value ? [[name, value]] : [];
  }));
  await prisma.idempotencyKey.update({
    where: { id },
    data: { status: "completed", responseStatus: response.status, responseBody: await response.clone().text(), responseHeaders: headers },
  });
}

let lastPurge = 0;

/** Deletes expired keys at most once a minute per process, off the request path. */
export function purgeExpiredIdempotencyKeys(prisma: PrismaClient): void {
  if (Date.now() - lastPurge < 60_000) return;
  lastPurge = Date.now();
  void prisma.idempotencyKey.deleteMany({ where: { expiresAt: { lt: new Date() } } }).catch(() => {});
}
