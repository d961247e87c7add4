import { AppError, answerMcpPost, authenticateCaller, type AuthenticatedCaller, type Context, hitCallerRateLimit, rateLimitHeaders, scopeChallenge, toAppError } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { clientIp } from "../../lib/server/client-ip.ts";
import { logServerError, newRequestId } from "../../lib/server/route-errors.ts";
import { JSON_BODY_LIMIT, JSON_MAX_DEPTH, jsonDepth, readBodyLimited } from "../rest/body.ts";
import { JSON_RPC_PARSE_ERROR, jsonRpcErrorResponse } from "./json-rpc-error.ts";
import { mcpInsufficientScopeResponse, mcpUnauthorizedResponse } from "./unauthorized.ts";
import { requestOrigin } from "../../lib/server/request-origin.ts";

export const MCP_PATH = "/api/mcp";

const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * CORS for browser-based MCP clients (the Inspector's web UI, assistants running in a page). Any
 * origin may call: every request must carry a bearer credential in Authorization (an API key or an
 * OAuth token bound to this resource) and no cookie is ever read here, so a page can do nothing its
 * user could not do with the credential anyway — the DNS-rebinding attack the MCP specification's
 * Origin check guards against needs ambient credentials, which this endpoint does not accept. The
 * responses expose what a client must read: the session and protocol headers, WWW-Authenticate (the
 * 401's resource_metadata, where OAuth discovery starts), and the rate-limit headers.
 */
export const MCP_CORS_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "mcp-session-id, mcp-protocol-version, www-authenticate, request-id, retry-after, ratelimit-limit, ratelimit-remaining, ratelimit-reset",
};

/** The preflight's answer: the methods and request headers a Streamable HTTP client sends. */
export const MCP_PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...MCP_CORS_HEADERS,
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "authorization, content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id",
  "access-control-max-age": "7200",
};

/**
 * Every request to /api/mcp: the one entry both the Vercel route handler (app/api/mcp/route.ts) and
 * the self-hosted node server (server/node) call. Around the MCP server of packages/core it does what
 * /api/v1 does around tRPC, with the same functions: the bearer credential (authenticateCaller),
 * the per-credential rate limit (the same bucket as /api/v1), the 1 MB body limit and JSON depth
 * limit, and CORS for browser-based clients. Stateless Streamable HTTP: POST only (and the CORS preflight,
 * OPTIONS) — there are no sessions to resume (GET) or end (DELETE).
 */
export async function handleMcpRequest(req: Request, publishAfterResponse: () => void): Promise<Response> {
  const requestId = newRequestId();
  let limitHeaders: Record<string, string> = {};
  let response: Response;
  try {
    if (req.method === "OPTIONS") {
      // A CORS preflight (or a client asking what the endpoint allows): it carries no credential and reads nothing.
      response = new Response(null, { status: 204, headers: { ...MCP_PREFLIGHT_HEADERS, allow: "POST, OPTIONS" } });
    } else if (req.method !== "POST") {
      const refusal = new AppError("method_not_allowed", "Method not allowed: this MCP server is stateless and answers POST only");
      response = jsonRpcErrorResponse(refusal, undefined, { allow: "POST, OPTIONS" });
    } else {
      const prisma = getPrisma();
      let caller: AuthenticatedCaller;
      try {
        caller = await authenticateCaller(prisma, req.headers.get("authorization"), () => requestOrigin(req), "api/mcp");
      } catch (error) {
        if (toAppError(error).code !== "unauthorized") throw error;
        return withHeaders(mcpUnauthorizedResponse(req), requestId, limitHeaders);
      }
      const limit = await hitCallerRateLimit(caller);
      limitHeaders = rateLimitHeaders(limit);
      if (!limit.allowed) throw new AppError("rate_limited", `Too many requests for this ${caller.principal.kind === "api" ? "API key" : "access token"}; retry in ${limit.resetSeconds} s`);
      const body = parseJsonRpcBody(await readBodyLimited(req, JSON_BODY_LIMIT));
      const challenge = body instanceof Response ? null : scopeChallenge(body, caller.principal);
      if (body instanceof Response) {
        response = body;
      } else if (challenge) {
        // An OAuth token calling a tool outside its grant: 403 with the step-up challenge, before anything runs.
        response = mcpInsufficientScopeResponse(challenge, req);
      } else {
        // A tool may write (a note, a move): on serverless, keep the instance until its events are published.
        if (callsTools(body)) publishAfterResponse();
        const context: Context = { prisma, requestId, principal: caller.principal, ip: clientIp(req) };
        response = await answerMcpPost(req, body, context);
      }
    }
  } catch (error) {
    const appError = toAppError(error);
    logServerError(appError, requestId, { path: MCP_PATH });
    response = jsonRpcErrorResponse(appError);
  }
  return withHeaders(response, requestId, limitHeaders);
}

/** Whether the message (or a message of a batch) is a tools/call, the only kind that can write. */
function callsTools(body: unknown): boolean {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  return messages.some((message) => (message as { method?: unknown } | null)?.method === "tools/call");
}

/** The body as JSON (valid UTF-8, nested at most JSON_MAX_DEPTH), or the JSON-RPC parse error (-32700). */
function parseJsonRpcBody(bytes: Uint8Array): unknown {
  try {
    const text = decoder.decode(bytes);
    if (jsonDepth(text) > JSON_MAX_DEPTH) return parseError(`The request body is nested more than ${JSON_MAX_DEPTH} levels deep`);
    return JSON.parse(text) as unknown;
  } catch {
    return parseError("Parse error: Invalid JSON");
  }
}

function parseError(message: string): Response {
  return jsonRpcErrorResponse(new AppError("bad_request", message), JSON_RPC_PARSE_ERROR);
}

function withHeaders(response: Response, requestId: string, extra: Record<string, string>): Response {
  response.headers.set("request-id", requestId);
  for (const [name, value] of Object.entries(MCP_CORS_HEADERS)) response.headers.set(name, value);
  for (const [name, value] of Object.entries(extra)) response.headers.set(name, value);
  return response;
}
