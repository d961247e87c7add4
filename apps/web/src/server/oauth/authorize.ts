import { type AuthorizationRequest, AuthorizationRedirectError, validateAuthorizationRequest } from "@hireflow/core/identity/oauth/authorization";
import { OAuthError } from "@hireflow/core/identity/oauth/errors";
import { type PrismaClient } from "@hireflow/db";
import { resourceScopes } from "./metadata.ts";

/**
 * An authorization request as the consent page and its decision read it: validated completely, with the
 * resource's own scopes (MCP: the tools'), which a client naming no scope asks for and the page ticks.
 */
export function readAuthorizationRequest(prisma: PrismaClient, origin: string, query: URLSearchParams): Promise<AuthorizationRequest> {
  return validateAuthorizationRequest(prisma, origin, query, { resourceScopes });
}

/** What GET /oauth/authorize does with a request, decided before anything is rendered. */
export type AuthorizeStep<S> =
  /** The request is bad and the client and redirect URI are good: back to the client with ?error=… (OAuth 2.1 §4.1.2.1). */
  | { kind: "redirect"; to: string }
  /** The request is bad and the redirect URI is not known to be the client's: shown here, never redirected. */
  | { kind: "error"; message: string }
  /** A good request and no session: sign in, then come back to it. */
  | { kind: "sign-in"; to: string }
  | { kind: "consent"; request: AuthorizationRequest; session: S };

/**
 * The consent page's decision (docs/OAUTH.md). The request is checked first — client, redirect URI, PKCE,
 * resource, scopes, a metadata document URL on a private address — and only a good one asks the member to
 * sign in: a signed-out member no longer signs in just to learn the app sent a bad request.
 */
export async function authorizeStep<S>(prisma: PrismaClient, origin: string, query: URLSearchParams, session: S | null): Promise<AuthorizeStep<S>> {
  let request: AuthorizationRequest;
  try {
    request = await readAuthorizationRequest(prisma, origin, query);
  } catch (error) {
    if (error instanceof AuthorizationRedirectError) return { kind: "redirect", to: error.redirectTo };
    return { kind: "error", message: OAuthError.is(error) ? error.description : "The authorization request could not be read" };
  }
  if (session === null) return { kind: "sign-in", to: `/sign-in?next=${encodeURIComponent(`/oauth/authorize?${query.toString()}`)}` };
  return { kind: "consent", request, session };
}

/**
 * Where the member is sent back to, as the consent page names it: the host of an http(s) redirect URI, the
 * scheme and host of an app's own (`cursor://anysphere.cursor-mcp`, `com.example.app:`).
 */
export function returnTarget(redirectUri: string): string {
  try {
    const url = new URL(redirectUri);
    if (url.protocol === "https:" || url.protocol === "http:") return url.host;
    return url.host ? `${url.protocol}//${url.host}` : url.protocol;
  } catch {
    return redirectUri;
  }
}
