import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  InitializeRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { type Context } from "../../kernel/context.ts";
import { AppError, toAppError, toErrorBody, zodIssuesToDetails } from "../../kernel/errors.ts";
import { logger } from "../../kernel/logger.ts";
import { missingScopeMessage, missingScopes } from "./access.ts";
import { MCP_RESOURCE_TEMPLATES } from "./resources.ts";
import { type McpCaller, mcpCaller, type McpTool, toolJsonSchema } from "./tool.ts";
import { MCP_TOOLS } from "./tools/index.ts";

const SERVER_INFO = { name: "hireflow", title: "Hireflow", version: "1.0.0" };
const INSTRUCTIONS =
  "Hireflow is a recruiting system (ATS). Jobs have a pipeline of stages; candidates apply to a job, get a fit score against the job's screening criteria, and move through its stages. Use list_jobs / get_job to learn the stage keys, search_candidates (sort fit_score) to find the strongest applicants, get_candidate for a profile with its evidence, then add_note or move_candidate.";

/** The tool list as tools/list sends it, built once: JSON Schema conversion is not per-request work. */
const toolEntries: readonly { tool: McpTool; listed: Tool }[] = MCP_TOOLS.map((tool) => ({
  tool,
  listed: {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: toolJsonSchema(tool.input, "input"),
    outputSchema: toolJsonSchema(tool.output, "output"),
    annotations: { title: tool.title, ...tool.annotations },
  },
}));
const toolsByName = new Map(toolEntries.map((entry) => [entry.tool.name, entry.tool]));

/**
 * A JSON-RPC error whose message goes on the wire as written. The SDK's McpError prefixes its message
 * with "MCP error <code>: ", and a client's McpError adds the prefix again when it reads the answer, so
 * an assistant showed "MCP error -32602: MCP error -32602: Unknown tool: …". The SDK's Protocol answers
 * any thrown error by its `code`, `message` and `data`, so this is all a handler needs to throw.
 */
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** An error's message as it goes on the wire: without the "MCP error <code>: " an McpError put in front of it. */
function wireMessage(error: { code?: unknown; message?: string }): string {
  const message = error.message ?? "Internal error";
  const prefix = `MCP error ${String(error.code)}: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

function toolError(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

/** A failed procedure as the assistant sees it: the message, then the API's error envelope. */
function failedCall(error: unknown, context: Context, tool: string): CallToolResult {
  const appError = toAppError(error);
  if (appError.status >= 500) logger.error("MCP tool failed", { request_id: context.requestId, tool, code: appError.code, error: appError.cause ?? appError });
  return toolError(`${appError.message}\n${JSON.stringify(toErrorBody(appError))}`);
}

/**
 * tools/call, as the SDK's server and the direct answer (answerToolCall) both run it: an unknown tool is
 * JSON-RPC invalid params; a tool outside the principal's scopes, invalid arguments or a failed
 * procedure are tool errors (isError), checked in that order before anything runs.
 */
async function callTool(context: Context, caller: McpCaller, params: { name: string; arguments?: Record<string, unknown> }): Promise<CallToolResult> {
  const principal = context.principal;
  if (!principal) throw new AppError("unauthorized", "No credential: send an OAuth access token or an API key");
  const tool = toolsByName.get(params.name);
  if (!tool) throw new RpcError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
  const missing = missingScopes(principal, tool.scopes);
  if (missing.length) return toolError(missingScopeMessage(`The tool ${tool.name}`, principal, missing));
  const args = tool.input.safeParse(params.arguments ?? {});
  if (!args.success) return failedCall(AppError.validation(zodIssuesToDetails(args.error.issues), "The tool's arguments are invalid"), context, tool.name);
  try {
    const result = (await tool.run(caller, args.data)) as Record<string, unknown>;
    return { content: [{ type: "text", text: tool.summarize(result) }], structuredContent: result };
  } catch (error) {
    return failedCall(error, context, tool.name);
  }
}

/**
 * The MCP server for one request, acting as `context.principal`. Tools and resource templates
 * outside the principal's scopes are not listed; calling one anyway is a tool error naming the
 * missing scope, returned before any procedure runs (so never a partial write).
 */
function createServer(context: Context): Server {
  const principal = context.principal;
  if (!principal) throw new AppError("unauthorized", "No credential: send an OAuth access token or an API key");
  const caller = mcpCaller(context);
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false }, resources: {} }, instructions: INSTRUCTIONS });

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: toolEntries.filter(({ tool }) => missingScopes(principal, tool.scopes).length === 0).map(({ listed }) => listed),
  }));

  server.setRequestHandler(CallToolRequestSchema, (request) => callTool(context, caller, request.params));

  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [] }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: MCP_RESOURCE_TEMPLATES.filter((template) => missingScopes(principal, template.scopes).length === 0).map(
      ({ uriTemplate, name, title, description, mimeType }) => ({ uriTemplate, name, title, description, mimeType }),
    ),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    for (const template of MCP_RESOURCE_TEMPLATES) {
      const id = template.match(uri);
      if (id === null) continue;
      const missing = missingScopes(principal, template.scopes);
      if (missing.length) throw new RpcError(ErrorCode.InvalidRequest, missingScopeMessage(`Reading ${template.uriTemplate}`, principal, missing));
      try {
        return { contents: [{ uri, mimeType: template.mimeType, text: await template.read(caller, id) }] };
      } catch (error) {
        const appError = toAppError(error);
        // -32002: the MCP specification's "resource not found".
        if (appError.code === "not_found") throw new RpcError(-32002, "Resource not found", { uri });
        if (appError.status >= 500) logger.error("MCP resource read failed", { request_id: context.requestId, uri, error: appError.cause ?? appError });
        throw new RpcError(ErrorCode.InternalError, appError.status >= 500 ? "Internal error" : appError.message);
      }
    }
    throw new RpcError(-32002, "Resource not found", { uri });
  });
  return server;
}

/** The requests this server answers, with the SDK's schema of each. */
const REQUEST_SCHEMAS: Record<string, { safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  "tools/list": ListToolsRequestSchema,
  "tools/call": CallToolRequestSchema,
  "resources/list": ListResourcesRequestSchema,
  "resources/templates/list": ListResourceTemplatesRequestSchema,
  "resources/read": ReadResourceRequestSchema,
};

/**
 * A request whose params do not fit its method → JSON-RPC's -32602 Invalid params. The SDK's server
 * parses params inside the handler it wraps and answers a mismatch as -32603 Internal error (with
 * zod's issue dump as the message), which tells a client the server failed when the client did.
 */
function invalidParamsAnswer(body: unknown): Response | undefined {
  if (!body || typeof body !== "object" || Array.isArray(body)) return undefined;
  const message = body as { jsonrpc?: unknown; id?: unknown; method?: unknown };
  if (message.jsonrpc !== "2.0" || (typeof message.id !== "string" && typeof message.id !== "number") || typeof message.method !== "string") return undefined;
  if (message.method === "tools/call" && plainToolCallParams((message as { params?: unknown }).params)) return undefined;
  const schema = Object.hasOwn(REQUEST_SCHEMAS, message.method) ? REQUEST_SCHEMAS[message.method] : undefined;
  const parsed = schema?.safeParse(body);
  if (!parsed || parsed.success) return undefined;
  const issues = (parsed.error?.issues ?? []).map((issue) => `${issue.path.map(String).join(".") || "params"}: ${issue.message}`).join("; ");
  const answer = { jsonrpc: "2.0", id: message.id, error: { code: ErrorCode.InvalidParams, message: `Invalid params: ${issues}` } };
  return new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } });
}

/**
 * Params CallToolRequestSchema accepts, told without running it (a zod parse of the SDK's schema cost a
 * measurable share of a tools/call, docs/BENCHMARKS.md issue 24): a name, arguments absent or a plain
 * object (a record of unknown values), and neither `_meta` nor `task` (those are left to the schema).
 * Anything else is parsed by the schema as before, so what is refused, and how, does not change.
 */
function plainToolCallParams(params: unknown): boolean {
  if (!params || typeof params !== "object" || Array.isArray(params)) return false;
  const p = params as { name?: unknown; arguments?: unknown; _meta?: unknown; task?: unknown };
  if (typeof p.name !== "string" || p._meta !== undefined || p.task !== undefined) return false;
  const args = p.arguments;
  if (args === undefined) return true;
  if (!args || typeof args !== "object" || Array.isArray(args)) return false;
  const proto = Object.getPrototypeOf(args);
  return proto === Object.prototype || proto === null;
}

/**
 * A single tools/call request that the SDK's transport would accept as it is: a JSON-RPC request with
 * an id (not a batch, not a notification, no task), the Accept and Content-Type the Streamable HTTP
 * transport requires and, if the client sent one, a protocol revision the SDK supports. Anything else
 * (including every refusal the transport words itself: 406, 415, an unsupported revision) goes to the SDK.
 */
function plainToolCall(request: Request, body: unknown): { id: string | number; params: { name: string; arguments?: Record<string, unknown> } } | undefined {
  if (!body || typeof body !== "object" || Array.isArray(body)) return undefined;
  const message = body as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
  if (message.method !== "tools/call" || message.jsonrpc !== "2.0" || (typeof message.id !== "string" && typeof message.id !== "number")) return undefined;
  const params = message.params as { name?: unknown; arguments?: unknown; task?: unknown } | undefined;
  if (!params || typeof params.name !== "string" || params.task !== undefined) return undefined;
  const accept = request.headers.get("accept") ?? "";
  if (!accept.includes("application/json") || !accept.includes("text/event-stream")) return undefined;
  if (request.headers.get("content-type")?.split(";")[0]!.trim().toLowerCase() !== "application/json") return undefined;
  const revision = request.headers.get("mcp-protocol-version");
  if (revision !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(revision)) return undefined;
  return message as { id: string | number; params: { name: string; arguments?: Record<string, unknown> } };
}

/**
 * tools/call answered directly, with the response the SDK's server and JSON-mode transport give it
 * (mcp.test.ts compares the two: a batch of one goes through the SDK). Stateless and one request per POST, a
 * tools/call needs none of the per-request machinery the SDK sets up — a Server with its handlers, a
 * transport, the connection, the JSON-RPC schema parses — which cost several times the tool's own read
 * (docs/BENCHMARKS.md, issue 24). The params were validated by invalidParamsAnswer as the SDK would.
 */
async function answerToolCall(message: { id: string | number; params: { name: string; arguments?: Record<string, unknown> } }, context: Context): Promise<Response> {
  let reply: unknown;
  try {
    reply = { result: await callTool(context, mcpCaller(context), message.params), jsonrpc: "2.0", id: message.id };
  } catch (error) {
    // As the SDK's Protocol answers a handler's error (the message once, without an McpError's prefix).
    const e = error as { code?: unknown; message?: string; data?: unknown };
    const code = typeof e.code === "number" && Number.isSafeInteger(e.code) ? e.code : ErrorCode.InternalError;
    reply = { jsonrpc: "2.0", id: message.id, error: { code, message: wireMessage(e), ...(e.data !== undefined && { data: e.data }) } };
  }
  return new Response(JSON.stringify(reply), { status: 200, headers: { "content-type": "application/json" } });
}

/**
 * Answers one Streamable HTTP POST statelessly: a plain tools/call directly (answerToolCall), anything
 * else with a new SDK server and transport per request (no sessions, so any instance of a serverless
 * deployment can answer any request), JSON responses instead of an SSE stream (every tool answers at
 * once). `body` is the JSON-RPC message the transport glue already read and parsed with the gateway's limits.
 */
export async function answerMcpPost(request: Request, body: unknown, context: Context): Promise<Response> {
  const invalid = invalidParamsAnswer(body);
  if (invalid) return invalid;
  const toolCall = plainToolCall(request, body);
  if (toolCall) return answerToolCall(toolCall, context);
  const server = createServer(context);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: body });
  } finally {
    void server.close();
  }
}
