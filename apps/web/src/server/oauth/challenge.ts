import { type ProtectedApi } from "@hireflow/core";
import { requestOrigin } from "../../lib/server/request-origin.ts";

/**
 * Where a client learns how to get a token for `api` (RFC 9728 §5.1): the path-suffixed protected
 * resource metadata of that API, on the origin the request came to.
 */
export function resourceMetadataUrl(origin: string, api: ProtectedApi): string {
  return `${origin}/.well-known/oauth-protected-resource/${api}`;
}

/** The `WWW-Authenticate` value of a 401 from `api` (RFC 6750 §3 with RFC 9728's resource_metadata). */
export function bearerChallenge(req: Request, api: ProtectedApi): string {
  return `Bearer resource_metadata="${resourceMetadataUrl(requestOrigin(req), api)}"`;
}

/**
 * Adds the challenge to a 401 (the body stays the API's error envelope). /api/mcp calls this for its
 * own 401s with "api/mcp", so an MCP client discovers the authorization server from the first refusal.
 */
export function withBearerChallenge(req: Request, response: Response, api: ProtectedApi): Response {
  if (response.status === 401) response.headers.set("www-authenticate", bearerChallenge(req, api));
  return response;
}
