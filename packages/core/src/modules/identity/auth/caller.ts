import { envInt } from "@hireflow/config";
import { type PrismaClient } from "@hireflow/db";
import { type Principal } from "../../../kernel/principal.ts";
import { getRateLimiter, type RateLimitResult } from "../../../kernel/rate-limit.ts";
import { authenticateBearer, rateLimitKey } from "./bearer.ts";
import { type ProtectedApi } from "./oauth-tokens.ts";

/**
 * Who sent a request with `Authorization: Bearer …`, as every bearer-authenticated transport sees it:
 * the principal the tRPC caller acts as, and the rate-limit bucket it spends. /api/v1 (the REST
 * gateway) and /api/mcp both resolve their caller here and nowhere else, so API keys and OAuth access
 * tokens (bearer.ts) work the same on both.
 */
export interface AuthenticatedCaller {
  principal: Principal;
  /** The rate-limit bucket: one per API key or OAuth grant, shared by /api/v1 and /api/mcp. */
  rateLimitBucket: string;
  /** Requests per window for this credential; null means the service default (RATE_LIMIT_MAX). */
  rateLimit: number | null;
}

/**
 * The bearer credential → its caller, or AppError unauthorized (401). `origin` and `api` say where the
 * call is made: an OAuth token is good only for the resource it was issued for (RFC 8707).
 */
export async function authenticateCaller(prisma: PrismaClient, authorization: string | null | undefined, origin: () => string, api: ProtectedApi): Promise<AuthenticatedCaller> {
  const principal = await authenticateBearer(prisma, authorization, origin, api);
  return { principal, rateLimitBucket: rateLimitKey(principal), rateLimit: principal.kind === "api" ? principal.rateLimit : null };
}

/** Counts one request against the caller's bucket (the same limit and window on every transport). */
export function hitCallerRateLimit(caller: AuthenticatedCaller): Promise<RateLimitResult> {
  return getRateLimiter().hit(caller.rateLimitBucket, caller.rateLimit ?? envInt("RATE_LIMIT_MAX", 100), envInt("RATE_LIMIT_WINDOW_MS", 10_000));
}
