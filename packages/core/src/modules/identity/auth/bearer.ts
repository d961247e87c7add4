import { type PrismaClient } from "@hireflow/db";
import { type Principal } from "../../../kernel/principal.ts";
import { authenticateApiKey } from "./api-keys.ts";
import { authenticateOAuthToken, isOAuthAccessToken, type ProtectedApi } from "./oauth-tokens.ts";

/**
 * The one principal resolution of the public APIs (/api/v1 and /api/mcp): `Authorization: Bearer …`
 * holds either an API key (hf_live_…, the company) or an OAuth access token (hfo_at_…, a member through
 * an app they connected). `origin` and `api` say where the call is made, for the token's audience (RFC 8707);
 * the origin is asked for only then (working it out from the request's headers was ~1 % of an API-key GET's CPU).
 * Both are cached per process and invalidated at once on revocation (api-key-cache.ts). Throws 401.
 */
export async function authenticateBearer(prisma: PrismaClient, authorization: string | null | undefined, origin: () => string, api: ProtectedApi): Promise<Principal> {
  const token = authorization?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i)?.[1];
  if (token && isOAuthAccessToken(token)) return { kind: "oauth", ...(await authenticateOAuthToken(prisma, token, origin(), api)) };
  return { kind: "api", ...(await authenticateApiKey(prisma, authorization)) };
}

/** The rate-limit bucket of a principal: per API key, or per OAuth grant (one app of one member). */
export function rateLimitKey(principal: Principal): string {
  if (principal.kind === "api") return `api-key:${principal.apiKeyId}`;
  if (principal.kind === "oauth") return `oauth-grant:${principal.grantId}`;
  return `user:${principal.userId}`;
}
