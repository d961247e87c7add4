import { createHash } from "node:crypto";
import { type PrismaClient } from "@hireflow/db";
import { AUTHORIZATION_CODE_PREFIX, hashOAuthSecret, newOAuthSecret, type ProtectedApi, resourceFor, resourceMatches } from "../auth/oauth-tokens.ts";
import { roleScopeCeiling, type UserRole } from "../../../kernel/roles.ts";
import { API_SCOPES, type ApiScope, isApiScope, normalizeScopes } from "../../../kernel/scopes.ts";
import { systemContext } from "../../../kernel/context.ts";
import { recordAudit } from "../../audit/audit.ts";
import { findClient, type OAuthClientInfo } from "./clients.ts";
import { OAuthError } from "./errors.ts";
import { redirectUriMatches } from "./redirect-uris.ts";

/** An authorization code lives a minute (OAuth 2.1 recommends short) and is used once. */
export const AUTHORIZATION_CODE_TTL_MS = 60_000;

/** A validated /oauth/authorize request, as the consent screen shows it and the decision uses it. */
export interface AuthorizationRequest {
  client: OAuthClientInfo;
  redirectUri: string;
  /** What the client asked for (the resource's scopes when it named none). */
  scopes: ApiScope[];
  /** Those of `scopes` the resource uses: ticked on the consent screen, the others shown unticked. */
  suggested: ApiScope[];
  /** The resource the token will be bound to (RFC 8707), as the client named it. */
  resource: string;
  /** The API that resource is; null for the whole server (both APIs). */
  api: ProtectedApi | null;
  state: string | null;
  codeChallenge: string;
}

export interface AuthorizationOptions {
  /**
   * The scopes a resource uses (the MCP server: only its tools'); every API scope when absent. A client
   * that names no scope asks for these, and only these are ticked on the consent screen.
   */
  resourceScopes?: (api: ProtectedApi | null) => readonly ApiScope[];
}

/**
 * Errors before the redirect URI is known to be the client's are shown to the member, never sent to
 * the URI (it could be an attacker's); later ones go back to the client as ?error=… (RFC 6749 §4.1.2.1).
 */
export class AuthorizationRedirectError extends Error {
  constructor(
    readonly redirectTo: string,
    readonly error: OAuthError,
  ) {
    super(error.message);
  }
}

export function redirectWithParams(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The server's resources (RFC 8707) as seen from `origin`: a token is bound to one of them. Without
 * a resource parameter the token is for the whole server (both APIs). In development a loopback alias
 * of the origin (127.0.0.1 for localhost) names the same resource (resourceMatches), kept as the client wrote it.
 */
export function validResource(origin: string, raw: string | null | undefined): { resource: string; api: ProtectedApi | null } | null {
  if (raw === null || raw === undefined || raw === "") return { resource: origin, api: null };
  const resource = raw.replace(/\/+$/, "");
  if (resourceMatches(resource, origin)) return { resource, api: null };
  for (const api of ["api/v1", "api/mcp"] as const) if (resourceMatches(resource, resourceFor(origin, api))) return { resource, api };
  return null;
}

/**
 * Checks an authorization request completely — client (a metadata document URL is refused on a private
 * address before any fetch), redirect URI, response type, PKCE, resource, scopes — and needs no member:
 * the consent page runs it before asking anyone to sign in, so a bad request is never seen only after
 * signing in. Errors before the redirect URI is known to be the client's are thrown as OAuthError (the
 * page shows them); later ones as AuthorizationRedirectError (the page sends them back to the client).
 */
export async function validateAuthorizationRequest(prisma: PrismaClient, origin: string, params: URLSearchParams, options: AuthorizationOptions = {}): Promise<AuthorizationRequest> {
  const one = (name: string) => {
    const values = params.getAll(name);
    if (values.length > 1) throw new OAuthError("invalid_request", `${name} is given more than once`);
    return values[0] ?? null;
  };
  const client = await findClient(prisma, one("client_id"));
  const redirectUri = one("redirect_uri");
  if (!redirectUri) {
    if (client.redirectUris.length !== 1) throw new OAuthError("invalid_request", "redirect_uri is required");
  } else if (!redirectUriMatches(client.redirectUris, redirectUri)) {
    throw new OAuthError("invalid_request", "redirect_uri does not match any redirect URI registered for this client");
  }
  const target = redirectUri ?? client.redirectUris[0]!;
  const state = one("state");
  const fail = (error: OAuthError) => new AuthorizationRedirectError(redirectWithParams(target, { error: error.error, error_description: error.description, state }), error);
  if (one("response_type") !== "code") throw fail(new OAuthError("unsupported_response_type", "response_type must be code"));
  const challenge = one("code_challenge");
  const method = one("code_challenge_method");
  // OAuth 2.1 and the MCP spec: PKCE with S256 always; `plain` would hand the verifier to anyone who saw the request.
  if (!challenge) throw fail(new OAuthError("invalid_request", "code_challenge is required (PKCE)"));
  if (method !== "S256") throw fail(new OAuthError("invalid_request", "code_challenge_method must be S256"));
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) throw fail(new OAuthError("invalid_request", "code_challenge must be the base64url SHA-256 of the verifier (43 characters)"));
  const bound = validResource(origin, one("resource"));
  if (!bound) throw fail(new OAuthError("invalid_target", `resource must be ${origin}/api/mcp, ${origin}/api/v1 or ${origin}`));
  const requested = one("scope");
  const words = requested ? requested.split(" ").filter(Boolean) : [];
  const unknown = words.filter((word) => !isApiScope(word));
  if (unknown.length) throw fail(new OAuthError("invalid_scope", `Unknown scope ${unknown.join(", ")}`));
  const used = options.resourceScopes?.(bound.api) ?? API_SCOPES;
  const scopes = words.length ? normalizeScopes(words) : [...used];
  return { client, redirectUri: target, scopes, suggested: scopes.filter((scope) => used.includes(scope)), ...bound, state, codeChallenge: challenge };
}

export interface Member {
  userId: string;
  companyId: number;
  role: UserRole;
}

/**
 * The member approved: a grant of the scopes they ticked — only ones the client asked for and the
 * role allows (never more, whatever the form posted) — and a one-use code for the client.
 */
export async function approveAuthorization(prisma: PrismaClient, member: Member, request: AuthorizationRequest, ticked: readonly string[], ip: string | null): Promise<string> {
  const ceiling = roleScopeCeiling(member.role, API_SCOPES);
  const scopes = normalizeScopes(ticked).filter((scope) => request.scopes.includes(scope) && ceiling.includes(scope));
  if (scopes.length === 0) {
    return redirectWithParams(request.redirectUri, { error: "access_denied", error_description: "No scope was granted", state: request.state });
  }
  // A partner app registered by one company is not offered to another's members.
  if (request.client.kind === "preregistered" && request.client.companyId !== member.companyId) throw new OAuthError("unauthorized_client", "This app belongs to another company");
  const code = newOAuthSecret(AUTHORIZATION_CODE_PREFIX);
  const svc = { ...systemContext(prisma, member.companyId, { type: "user", userId: member.userId }), ip };
  await svc.db.$transaction(async (tx) => {
    const grant = await tx.oAuthGrant.create({ data: { companyId: member.companyId, userId: member.userId, clientId: request.client.id, scopes, resource: request.resource } });
    await tx.oAuthAuthorizationCode.create({
      data: { grantId: grant.id, codeHash: hashOAuthSecret(code), redirectUri: request.redirectUri, codeChallenge: request.codeChallenge, expiresAt: new Date(Date.now() + AUTHORIZATION_CODE_TTL_MS) },
    });
    await recordAudit(tx, svc, { action: "oauth_grant.consented", target: { type: "oauth_grant", id: grant.id, label: request.client.name }, data: { client_id: request.client.id, scopes, resource: request.resource } });
  });
  return redirectWithParams(request.redirectUri, { code, state: request.state });
}

export function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}
