import { timingSafeEqual } from "node:crypto";
import { type PrismaClient } from "@hireflow/db";
import { waitForApiKeyCaches } from "../auth/api-key-cache.ts";
import { ACCESS_TOKEN_PREFIX, ACCESS_TOKEN_TTL_S, hashOAuthSecret, newOAuthSecret, REFRESH_TOKEN_PREFIX, resourceMatches } from "../auth/oauth-tokens.ts";
import { normalizeScopes } from "../../../kernel/scopes.ts";
import { systemContext } from "../../../kernel/context.ts";
import { recordAudit } from "../../audit/audit.ts";
import { s256 } from "./authorization.ts";
import { type OAuthClientInfo } from "./clients.ts";
import { OAuthError } from "./errors.ts";

/** A refresh token lasts 30 days from its issue; each use replaces it (rotation). */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600_000;

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

async function issueTokens(tx: Tx, grant: { id: number; scopes: string[] }): Promise<TokenResponse> {
  const access = newOAuthSecret(ACCESS_TOKEN_PREFIX);
  const refresh = newOAuthSecret(REFRESH_TOKEN_PREFIX);
  const now = Date.now();
  await tx.oAuthToken.createMany({
    data: [
      { grantId: grant.id, kind: "access", tokenHash: hashOAuthSecret(access), expiresAt: new Date(now + ACCESS_TOKEN_TTL_S * 1000) },
      { grantId: grant.id, kind: "refresh", tokenHash: hashOAuthSecret(refresh), expiresAt: new Date(now + REFRESH_TOKEN_TTL_MS) },
    ],
  });
  await tx.oAuthGrant.update({ where: { id: grant.id }, data: { lastUsedAt: new Date(now) } });
  return { access_token: access, token_type: "Bearer", expires_in: ACCESS_TOKEN_TTL_S, refresh_token: refresh, scope: normalizeScopes(grant.scopes).join(" ") };
}

/** The token request's resource, if it names one, must be the authorised one (or its loopback alias in development). */
function sameResource(granted: string, asked: string | null): boolean {
  return asked === null || asked === "" || resourceMatches(asked.replace(/\/+$/, ""), granted);
}

/** grant_type=authorization_code: the code once, with its PKCE verifier and redirect URI, for this client. */
export async function exchangeAuthorizationCode(
  prisma: PrismaClient,
  client: OAuthClientInfo,
  params: { code: string | null; codeVerifier: string | null; redirectUri: string | null; resource: string | null },
): Promise<TokenResponse> {
  if (!params.code) throw new OAuthError("invalid_request", "code is required");
  if (!params.codeVerifier) throw new OAuthError("invalid_request", "code_verifier is required (PKCE)");
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(params.codeVerifier)) throw new OAuthError("invalid_grant", "code_verifier must be 43 to 128 unreserved characters");
  const codeHash = hashOAuthSecret(params.code);
  let replayedGrantId: number | null = null;
  try {
    return await prisma.$transaction(async (tx) => {
    // Marking it used in the same statement that finds it: two concurrent exchanges cannot both win.
    const claimed = await tx.oAuthAuthorizationCode.updateManyAndReturn({ where: { codeHash, usedAt: null }, data: { usedAt: new Date() } });
    const code = claimed[0];
    if (!code) {
      // A code presented twice was stolen or replayed: the tokens it bought stop too (OAuth 2.1 §4.1.3).
      const used = await tx.oAuthAuthorizationCode.findUnique({ where: { codeHash }, select: { grantId: true } });
      replayedGrantId = used?.grantId ?? null;
      throw new OAuthError("invalid_grant", "The authorization code is invalid or was already used");
    }
    const grant = await tx.oAuthGrant.findUniqueOrThrow({ where: { id: code.grantId } });
    if (grant.clientId !== client.id) throw new OAuthError("invalid_grant", "The authorization code was issued to another client");
    if (code.expiresAt.getTime() <= Date.now()) throw new OAuthError("invalid_grant", "The authorization code has expired");
    if (grant.revokedAt) throw new OAuthError("invalid_grant", "The grant was revoked");
    // Exactly the URI of the authorization request (RFC 6749 §4.1.3), loopback port included.
    if (params.redirectUri !== code.redirectUri) {
      throw new OAuthError("invalid_grant", "redirect_uri does not match the authorization request");
    }
    const expected = Buffer.from(code.codeChallenge);
    const given = Buffer.from(s256(params.codeVerifier!));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new OAuthError("invalid_grant", "code_verifier does not match the code_challenge");
    if (!sameResource(grant.resource, params.resource)) throw new OAuthError("invalid_target", "resource differs from the one the member authorised");
    return issueTokens(tx, grant);
    });
  } finally {
    if (replayedGrantId !== null) {
      await prisma.oAuthGrant.updateMany({ where: { id: replayedGrantId, revokedAt: null }, data: { revokedAt: new Date() } });
      await waitForApiKeyCaches(prisma);
    }
  }
}

/**
 * grant_type=refresh_token with rotation: the token is spent and a new pair issued. A spent token
 * presented again means two parties hold it, so the whole grant is revoked (OAuth 2.1 §4.3.1) and audited.
 */
export async function refreshTokens(prisma: PrismaClient, client: OAuthClientInfo, params: { refreshToken: string | null; resource: string | null; scope: string | null }): Promise<TokenResponse> {
  if (!params.refreshToken) throw new OAuthError("invalid_request", "refresh_token is required");
  const tokenHash = hashOAuthSecret(params.refreshToken);
  let reused: { grantId: number; companyId: number; userId: string; clientName: string } | null = null;
  try {
    return await prisma.$transaction(async (tx) => {
      const row = await tx.oAuthToken.findUnique({ where: { tokenHash }, include: { grant: { include: { client: { select: { name: true } } } } } });
      if (!row || row.kind !== "refresh") throw new OAuthError("invalid_grant", "The refresh token is invalid");
      if (row.grant.clientId !== client.id) throw new OAuthError("invalid_grant", "The refresh token was issued to another client");
      if (row.grant.revokedAt || row.revokedAt) throw new OAuthError("invalid_grant", "The refresh token was revoked");
      const spent = await tx.oAuthToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
      if (spent.count === 0) {
        reused = { grantId: row.grantId, companyId: row.grant.companyId, userId: row.grant.userId, clientName: row.grant.client.name };
        throw new OAuthError("invalid_grant", "The refresh token was already used; the grant is revoked");
      }
      if (row.expiresAt.getTime() <= Date.now()) throw new OAuthError("invalid_grant", "The refresh token has expired");
      if (!sameResource(row.grant.resource, params.resource)) throw new OAuthError("invalid_target", "resource differs from the one the member authorised");
      if (params.scope) {
        const asked = params.scope.split(" ").filter(Boolean);
        if (asked.some((scope) => !row.grant.scopes.includes(scope))) throw new OAuthError("invalid_scope", "A refresh cannot widen the granted scopes");
      }
      return issueTokens(tx, row.grant);
    });
  } finally {
    if (reused) await revokeForReuse(prisma, reused);
  }
}

async function revokeForReuse(prisma: PrismaClient, reused: { grantId: number; companyId: number; userId: string; clientName: string }): Promise<void> {
  const svc = systemContext(prisma, reused.companyId);
  await svc.db.$transaction(async (tx) => {
    const { count } = await tx.oAuthGrant.updateMany({ where: { id: reused.grantId, revokedAt: null }, data: { revokedAt: new Date() } });
    if (count === 1) {
      await recordAudit(tx, svc, { action: "oauth_grant.reuse_detected", target: { type: "oauth_grant", id: reused.grantId, label: reused.clientName }, data: { user_id: reused.userId } });
    }
  });
  await waitForApiKeyCaches(prisma);
}

/**
 * RFC 7009: revoking an access or refresh token of this client. A refresh token takes its grant with
 * it (every token of the grant ends); an access token ends alone. Unknown tokens are not an error.
 */
export async function revokeToken(prisma: PrismaClient, client: OAuthClientInfo, token: string | null): Promise<void> {
  if (!token) throw new OAuthError("invalid_request", "token is required");
  const row = await prisma.oAuthToken.findUnique({ where: { tokenHash: hashOAuthSecret(token) }, include: { grant: { select: { clientId: true } } } });
  if (!row || row.grant.clientId !== client.id) return;
  if (row.kind === "refresh") await prisma.oAuthGrant.updateMany({ where: { id: row.grantId, revokedAt: null }, data: { revokedAt: new Date() } });
  else {
    await prisma.oAuthToken.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt: new Date() } });
    // The cache holds access tokens by grant; a single token's revocation drops its grant's entries.
    await prisma.$executeRaw`SELECT pg_notify('hireflow_api_keys', ${`grant:${row.grantId}`})`;
  }
  await waitForApiKeyCaches(prisma);
}
