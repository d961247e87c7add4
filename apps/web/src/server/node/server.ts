import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { logger } from "@hireflow/core";
import { securityHeaders } from "../../../next.config.ts";
import { newRequestId, routeErrorResponse } from "../../lib/server/route-errors.ts";
import { answerBoardApi } from "../public/job-board.ts";
import { handleMcpRequest, MCP_PATH } from "../mcp/endpoint.ts";
import { handleApiV1Request } from "../rest/api-v1.ts";
import { handleTrpcRequest, TRPC_ENDPOINT } from "../trpc/endpoint.ts";
import { sendWebResponse, toWebRequest } from "./http-bridge.ts";

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * The API paths this server answers itself: /api/v1 and below, in canonical form only — no "%",
 * no empty, "." or ".." segment, no trailing slash — and not the OpenAPI document (a Next route).
 * Anything else under /api/v1 (a trailing slash Next redirects, a malformed escape proxy.ts
 * answers, an absolute-form URL) keeps going through Next, so those answers do not change either.
 */
const API_PATH = /^\/api\/v1(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$/;
const OPENAPI_DOCUMENT = "/api/v1/openapi.json";

export function isGatewayPath(rawUrl: string | undefined): boolean {
  if (!rawUrl) return false;
  const query = rawUrl.indexOf("?");
  const path = query < 0 ? rawUrl : rawUrl.slice(0, query);
  return path !== OPENAPI_DOCUMENT && API_PATH.test(path);
}

/**
 * GETs of the key-less job board API (issue 27), canonical paths only: answered here like /api/v1 (the
 * same function as their Next route handlers), since Next's route-handler overhead was most of their
 * cost. Their OPTIONS and any other method still go to the Next routes.
 */
const JOB_BOARD_PATH = /^\/api\/public\/companies\/([a-z0-9-]{1,100})\/jobs(?:\/([A-Za-z0-9_~-]+))?$/;

export function jobBoardRequest(method: string | undefined, rawUrl: string | undefined): { slug: string; id?: string } | null {
  if (method !== "GET" || !rawUrl) return null;
  const query = rawUrl.indexOf("?");
  const match = JOB_BOARD_PATH.exec(query < 0 ? rawUrl : rawUrl.slice(0, query));
  return match ? { slug: match[1]!, ...(match[2] !== undefined && { id: match[2] }) } : null;
}

/** /api/mcp exactly (any query): the MCP server, answered here like /api/v1. */
export function isMcpPath(rawUrl: string | undefined): boolean {
  if (!rawUrl?.startsWith(MCP_PATH)) return false;
  return rawUrl.length === MCP_PATH.length || rawUrl[MCP_PATH.length] === "?";
}

/**
 * GETs and POSTs of one tRPC procedure at its canonical path (/api/trpc/jobs.list, any query): answered
 * here like /api/v1 — the web app's every call, and Next's route-handler overhead was most of their CPU.
 * HEAD (Next serves it with the GET export), other methods and any other path (batches, a trailing
 * slash, a "%") keep going to the Next route, whose answers to those do not change.
 */
const TRPC_PATH = new RegExp(`^${TRPC_ENDPOINT}/[A-Za-z][A-Za-z0-9]*(?:\\.[A-Za-z][A-Za-z0-9]*)*$`);

export function isTrpcCall(method: string | undefined, rawUrl: string | undefined): boolean {
  if ((method !== "GET" && method !== "POST") || !rawUrl) return false;
  const query = rawUrl.indexOf("?");
  return TRPC_PATH.test(query < 0 ? rawUrl : rawUrl.slice(0, query));
}

export interface HireflowServerOptions {
  /** Next's request handler: every request that is not an API call. */
  next: NodeHandler;
  /** Host for the request URL when the Host header is missing or not a plain host. */
  fallbackHost: string;
  production: boolean;
}

/**
 * `npm start`'s HTTP server: /api/v1 goes straight to the gateway, /api/trpc's calls to tRPC, /api/mcp to the MCP endpoint (the same function as the Vercel
 * route handler, app/api/v1/[[...path]]/route.ts), everything else to Next. Next answering a route
 * handler costs more CPU than our whole API request (docs/BENCHMARKS.md).
 */
export function createHireflowServer(options: HireflowServerOptions): Server {
  const staticHeaders = securityHeaders(options.production);
  // A long-lived process publishes its events from the commit hook (packages/worker); nothing to keep alive.
  const noDeferredPublish = () => {};

  /** A fetch-style handler's answer written to node:http; a throw is a failure of the bridge, answered as an envelope. */
  const answerWith =
    (handle: (request: Request) => Promise<Response>) =>
    async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
      let response: Response;
      try {
        response = await handle(toWebRequest(req, options.fallbackHost));
      } catch (error) {
        response = routeErrorResponse(error, newRequestId());
      }
      await sendWebResponse(res, response, staticHeaders, req);
    };

  const answerApi = answerWith((request) => handleApiV1Request(request, noDeferredPublish));
  const answerMcp = answerWith((request) => handleMcpRequest(request, noDeferredPublish));
  const answerTrpcCall = answerWith((request) => handleTrpcRequest(request, noDeferredPublish));
  const answerTrpc = (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Next's server adds the connection's address when a request has no x-forwarded-for (client-ip.ts
    // reads it): the same here, so a procedure sees the same client IP whichever server answered it.
    if (req.headers["x-forwarded-for"] === undefined && req.socket.remoteAddress) req.rawHeaders.push("x-forwarded-for", req.socket.remoteAddress);
    return answerTrpcCall(req, res);
  };
  const answerBoard = (board: { slug: string; id?: string }) => answerWith((request) => answerBoardApi(request, board.slug, board.id));

  const server = createServer((req, res) => {
    const gateway = isGatewayPath(req.url);
    const board = gateway ? null : jobBoardRequest(req.method, req.url);
    const handler = gateway ? answerApi : isTrpcCall(req.method, req.url) ? answerTrpc : isMcpPath(req.url) ? answerMcp : board ? answerBoard(board) : options.next;
    handler(req, res).catch((error: unknown) => {
      logger.error("request failed outside the handlers", { url: req.url, error });
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ error: { code: "internal_error", message: "Internal server error" } }));
      } else res.destroy();
    });
  });
  // Idle keep-alive sockets live longer than clients' and proxies' own (60 s is common): with Node's 5 s, a
  // client that reuses an idle socket just as the server closes it gets ECONNRESET (seen in the e2e runs).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
