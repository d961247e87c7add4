import { type AppError } from "@hireflow/core";
import { jsonRpcErrorResponse } from "./json-rpc-error.ts";

/**
 * The 401 of /api/mcp: no credential, or one that resolves to no caller (authenticateCaller).
 * The one place it is built, so that OAuth (issue 24 §2) can add its `WWW-Authenticate: Bearer
 * resource_metadata="…"` challenge here for MCP clients to discover the authorization server.
 */
export function mcpUnauthorizedResponse(error: AppError, _req: Request): Response {
  return jsonRpcErrorResponse(error);
}
