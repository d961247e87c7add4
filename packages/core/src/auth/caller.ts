import { envInt } from "@hireflow/config";
import { type PrismaClient } from "@hireflow/db";
import { type Principal } from "../context.ts";
import { getRateLimiter, type RateLimitResult } from "../rate-limit.ts";
import { authenticateApiKey } from "./api-keys.ts";

/**
 * Who sent a request with `Authorization: Bearer …`, as every bearer-authenticated transport sees it:
 * the principal the tRPC caller acts as, and the rate-limit bucket it spends. /api/v1 (the REST
 * gateway) and /api/mcp both resolve their caller here and nowhere else, so a new kind of bearer
 * credential (OAuth access tokens, issue 24 §2) works on both at once.
 */
export interface AuthenticatedCaller {
  principal: Principal;
  /** The rate-limit bucket: one per credential, shared by /api/v1 and /api/mcp. */
  rateLimitBucket: string;
  /** Requests per window for this credential; null means the service default (RATE_LIMIT_MAX). */
  rateLimit: number | null;
}

/** The bearer credential → its caller, or AppError unauthorized (401). */
export async function authenticateCaller(prisma: PrismaClient, authorization: string | null | undefined): Promise<AuthenticatedCaller> {
  const key = await authenticateApiKey(prisma, authorization);
  return { principal: { kind: "api", ...key }, rateLimitBucket: `api-key:${key.apiKeyId}`, rateLimit: key.rateLimit };
}

/** Counts one request against the caller's bucket (the same limit and window on every transport). */
export function hitCallerRateLimit(caller: AuthenticatedCaller): Promise<RateLimitResult> {
  return getRateLimiter().hit(caller.rateLimitBucket, caller.rateLimit ?? envInt("RATE_LIMIT_MAX", 100), envInt("RATE_LIMIT_WINDOW_MS", 10_000));
}
