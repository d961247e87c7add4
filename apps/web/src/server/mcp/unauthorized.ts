import { type AppError } from "@hireflow/core";
import { withBearerChallenge } from "../oauth/challenge.ts";
import { jsonRpcErrorResponse } from "./json-rpc-error.ts";

/**
 * The 401 of /api/mcp: no credential, or one that resolves to no caller (authenticateCaller). It
 * carries `WWW-Authenticate: Bearer resource_metadata="…"` (RFC 9728), from which an MCP client
 * discovers the authorization server and starts the OAuth sign-in.
 */
export function mcpUnauthorizedResponse(error: AppError, req: Request): Response {
  return withBearerChallenge(req, jsonRpcErrorResponse(error), "api/mcp");
}
