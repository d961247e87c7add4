import { AppError, MCP_SCOPES, type ScopeChallenge } from "@hireflow/core";
import { bearerChallenge, INVALID_TOKEN_DESCRIPTION, sentBearerToken } from "../oauth/challenge.ts";
import { jsonRpcErrorResponse } from "./json-rpc-error.ts";

/**
 * The 401 of /api/mcp: no credential, or one that resolves to no caller (authenticateCaller). It carries
 * `WWW-Authenticate: Bearer resource_metadata="…", scope="…"` (RFC 9728, MCP 2025-11-25): where an MCP
 * client discovers the authorization server, and the scopes the tools use, which it then asks for. A
 * token that was sent and is not good here (forged, expired, revoked, for another resource) adds
 * `error="invalid_token"` (RFC 6750 §3.1), so a client refreshes or signs in again instead of retrying it.
 * The body is the JSON-RPC error of every HTTP-level refusal, in words for either credential.
 */
export function mcpUnauthorizedResponse(req: Request): Response {
  const sent = sentBearerToken(req);
  const error = sent
    ? new AppError("unauthorized", "The bearer token is not valid here: an unknown, expired or revoked access token or API key, or an access token issued for another resource")
    : new AppError("unauthorized", "Authorization required: sign in with OAuth (an access token for this server) or send an API key, as Authorization: Bearer …");
  const response = jsonRpcErrorResponse(error);
  const challenge = sent ? { error: "invalid_token" as const, scope: MCP_SCOPES, description: INVALID_TOKEN_DESCRIPTION } : { scope: MCP_SCOPES };
  response.headers.set("www-authenticate", bearerChallenge(req, "api/mcp", challenge));
  return response;
}

/**
 * The 403 of MCP's step-up authorization (2025-11-25): an OAuth access token called a tool (or read a
 * resource) outside its grant. `WWW-Authenticate: Bearer error="insufficient_scope", resource_metadata="…",
 * scope="<the scopes the operation needs>"` tells the client what to ask the member for; nothing ran.
 */
export function mcpInsufficientScopeResponse(challenge: ScopeChallenge, req: Request): Response {
  const response = jsonRpcErrorResponse(new AppError("forbidden", challenge.message));
  response.headers.set("www-authenticate", bearerChallenge(req, "api/mcp", { error: "insufficient_scope", scope: challenge.scopes, description: `Needs the scope ${challenge.missing.join(" ")}` }));
  return response;
}
