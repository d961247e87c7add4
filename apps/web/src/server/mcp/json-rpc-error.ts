import { type AppError, toErrorBody } from "@hireflow/core";

/**
 * JSON-RPC's "server error" code, which the MCP SDK's own transport also answers HTTP-level
 * refusals with (406, 413, 415): an MCP client shows the message of whatever JSON-RPC error it gets.
 */
export const JSON_RPC_SERVER_ERROR = -32000;
export const JSON_RPC_PARSE_ERROR = -32700;

/**
 * A refusal of /api/mcp before any message was handled (401, 405, 413, 429): the HTTP status of the
 * error, a JSON-RPC error body with id null, and the API's error envelope as its `data`.
 */
export function jsonRpcErrorResponse(error: AppError, code = JSON_RPC_SERVER_ERROR, headers: Record<string, string> = {}): Response {
  const body = { jsonrpc: "2.0", error: { code, message: error.message, data: toErrorBody(error).error }, id: null };
  return new Response(JSON.stringify(body), { status: error.status, headers: { "content-type": "application/json", ...error.headers, ...headers } });
}
