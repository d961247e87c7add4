import { createHash, randomBytes } from "node:crypto";
import { isProduction } from "@hireflow/config";
import { type PrismaClient } from "@hireflow/db";
import { AppError } from "../../../kernel/errors.ts";
import { apiKeyCacheGeneration, cachedOAuthToken, rememberOAuthToken } from "./api-key-cache.ts";
import { isUserRole, roleScopeCeiling } from "../../../kernel/roles.ts";
import { API_SCOPES, type ApiScope, normalizeScopes } from "../../../kernel/scopes.ts";
import { type OAuthPrincipal } from "../../../kernel/principal.ts";

/**
 * OAuth access and refresh tokens (docs/OAUTH.md). Opaque random strings, stored as SHA-256 hashes:
 * a token is checked by one indexed lookup (or none, from the API key cache), and revoking its grant
 * ends it at once — which a self-contained JWT could not do without the same lookup. So there is no
 * signing key to keep.
 */
export const ACCESS_TOKEN_PREFIX = "hfo_at_";

export const REFRESH_TOKEN_PREFIX = "hfo_rt_";
export const AUTHORIZATION_CODE_PREFIX = "hfo_code_";

export const ACCESS_TOKEN_TTL_S = 3600;
const ACCESS_TOKEN_PATTERN = /^hfo_at_[A-Za-z0-9_-]{43}$/;

export function hashOAuthSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** 256 random bits, base64url, behind a prefix that tells secret scanners and the resolver what it is. */
export function newOAuthSecret(prefix: string): string {
  return prefix + randomBytes(32).toString("base64url");
}

export function isOAuthAccessToken(secret: string): boolean {
  return secret.startsWith(ACCESS_TOKEN_PREFIX);
}

/**
 * The resources this server protects, as seen from `origin`: the whole server (origin), the REST API
 * and the MCP endpoint. A token is audience-bound to one of them; the origin covers both APIs.
 */
export type ProtectedApi = "api/v1" | "api/mcp";

export function resourceFor(origin: string, api: ProtectedApi): string {
  return `${origin}/${api}`;
}

const LOOPBACK_URL = /^(https?:\/\/)(?:localhost|127\.0\.0\.1|\[::1\])((?::\d+)?(?:\/.*)?)$/i;

/**
 * Whether `given` names the resource `expected`: the same URL, or — outside production — the same URL on
 * another loopback name. A development server answers on http://localhost:3000 and http://127.0.0.1:3000
 * alike, and a client (the MCP Inspector, an assistant on the same machine) may have been given either,
 * so a token issued for one works on the other. In production a resource is exactly one URL.
 */
export function resourceMatches(given: string, expected: string): boolean {
  if (given === expected) return true;
  if (isProduction()) return false;
  const local = (url: string) => url.replace(LOOPBACK_URL, "$1localhost$2");
  return LOOPBACK_URL.test(given) && LOOPBACK_URL.test(expected) && local(given) === local(expected);
}

/** Whether a token issued for `resource` may be used on `api` at `origin`. */
export function audienceAllows(resource: string, origin: string, api: ProtectedApi): boolean {
  return resourceMatches(resource, origin) || resourceMatches(resource, resourceFor(origin, api));
}

const invalidToken = () => new AppError("unauthorized", "The access token is missing, invalid, expired or revoked");

/**
 * A bearer access token → the member it acts as, or 401. `origin` and `api` say where it is being used:
 * a token bound to another resource (RFC 8707) is refused like an unknown one.
 */
export async function authenticateOAuthToken(prisma: PrismaClient, token: string, origin: string, api: ProtectedApi): Promise<OAuthPrincipal> {
  if (!ACCESS_TOKEN_PATTERN.test(token)) throw invalidToken();
  const tokenHash = hashOAuthSecret(token);
  const cached = cachedOAuthToken(tokenHash);
  if (cached) {
    if (!audienceAllows(cached.resource, origin, api)) throw invalidToken();
    return cached;
  }
  const generation = apiKeyCacheGeneration();
  const row = await prisma.oAuthToken.findUnique({
    where: { tokenHash },
    select: {
      kind: true,
      expiresAt: true,
      revokedAt: true,
      grant: { select: { id: true, companyId: true, clientId: true, scopes: true, resource: true, revokedAt: true, user: { select: { id: true, role: true, companyId: true } } } },
    },
  });
  if (!row || row.kind !== "access" || row.revokedAt || row.grant.revokedAt || row.expiresAt.getTime() <= Date.now()) throw invalidToken();
  const { grant } = row;
  if (grant.user.companyId !== grant.companyId || !isUserRole(grant.user.role)) throw invalidToken();
  const ceiling = roleScopeCeiling(grant.user.role, API_SCOPES);
  const principal: OAuthPrincipal = Object.freeze({
    companyId: grant.companyId,
    userId: grant.user.id,
    role: grant.user.role,
    grantId: grant.id,
    clientId: grant.clientId,
    // The role as it is today bounds the grant: a member demoted since consenting loses what the new role lacks.
    scopes: Object.freeze(normalizeScopes(grant.scopes).filter((scope) => ceiling.includes(scope))) as ApiScope[],
    resource: grant.resource,
  });
  rememberOAuthToken(tokenHash, generation, principal, row.expiresAt);
  if (!audienceAllows(principal.resource, origin, api)) throw invalidToken();
  return principal;
}
