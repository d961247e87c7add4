import http from "node:http";
import { ERROR_CODES, ERROR_STATUS } from "@hireflow/core";
import { expect } from "vitest";
import * as trpcRoute from "@/app/api/trpc/[...trpc]/route";
import { startBuiltServer, testingTheBuild } from "../../helpers/built-server.ts";
import { serve } from "../../helpers/server.ts";
import { type Procedure } from "./trpc-procedures.ts";
import { type Session } from "./trpc-resources.ts";

/**
 * The real /api/trpc/[...trpc] route module over HTTP, dispatched the way Next dispatches a route
 * file: its exported GET and POST, HEAD through GET (Next implements HEAD with the GET export), and
 * 405 for a method the file does not export (Next answers those itself; they never reach the code).
 */
export function startTrpcApp(): Promise<{ url: string; close: () => Promise<void> }> {
  if (testingTheBuild()) return startBuiltServer();
  const route = trpcRoute as unknown as Record<string, ((req: Request) => Promise<Response>) | undefined>;
  return serve(async (req) => {
    const { pathname } = new URL(req.url);
    if (!pathname.startsWith("/api/trpc/")) return new Response("not found", { status: 404 });
    const handler = route[req.method === "HEAD" ? "GET" : req.method];
    if (!handler) return new Response(null, { status: 405 });
    return handler(req);
  });
}

export interface TrpcResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body; undefined when it is not JSON. */
  json: any;
}

export interface RawRequest {
  method: string;
  /** The part after /api/trpc/, e.g. "pipeline.move" (sent as given: callers encode). */
  path: string;
  query?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

/**
 * One request on its own connection (node:http, no keep-alive). The route may answer before it has
 * read a body (a 404 path, a bad CSRF token, the wrong method); on a reused keep-alive connection
 * the unread rest of a large body then stalls the next request until the test server's socket
 * times out, which is the test transport's problem, not the app's.
 */
export function send(baseUrl: string, request: RawRequest): Promise<TrpcResponse> {
  // The WHATWG URL parser encodes what a browser or fetch would (spaces, non-ASCII) before sending.
  const url = new URL(`${baseUrl}/api/trpc/${request.path}${request.query ? `?${request.query}` : ""}`);
  const body = request.body === undefined ? undefined : typeof request.body === "string" ? Buffer.from(request.body, "utf8") : Buffer.from(request.body as Uint8Array);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: `${url.pathname}${url.search}`,
        headers: { ...request.headers, ...(body ? { "content-length": String(body.length) } : {}) },
        agent: false,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const headers = new Headers();
          for (const [key, value] of Object.entries(res.headers)) {
            if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
            else if (value !== undefined) headers.set(key, value);
          }
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          req.destroy();
          resolve({ status: res.statusCode!, headers, text, json });
        });
      },
    );
    // Writing the rest of a body the server answered without reading may fail; the answer counts.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    req.end(body);
  });
}

/**
 * Calls a procedure the way the web app's tRPC client does (no batching, no transformer): a query
 * is GET ?input=<JSON>, a mutation a POST of the JSON input with the session's CSRF token.
 */
export function call(baseUrl: string, proc: Procedure, input: unknown, session?: Session): Promise<TrpcResponse> {
  const headers: Record<string, string> = {};
  if (session) headers.cookie = session.cookie;
  if (proc.type === "query") {
    const query = input === undefined ? "" : `input=${encodeURIComponent(JSON.stringify(input))}`;
    return send(baseUrl, { method: "GET", path: proc.path, query, headers });
  }
  if (session) headers["x-csrf-token"] = session.csrf;
  headers["content-type"] = "application/json";
  return send(baseUrl, { method: "POST", path: proc.path, headers, body: input === undefined ? undefined : JSON.stringify(input) });
}

/** The app's error code in a tRPC error answer (`error.data.error.code`). */
export const errorCode = (res: TrpcResponse): string | undefined => res.json?.error?.data?.error?.code;

/** Every answer has a request id; an error answer is tRPC's error shape carrying the API's envelope and the same status. */
export function checkResponse(res: TrpcResponse, context: string, method = "GET") {
  expect(res.headers.get("request-id"), `${context}: no request-id header`).toMatch(/^req_[A-Za-z0-9_-]+$/);
  if (method === "HEAD") return;
  if (res.status < 400) {
    expect(res.json, `${context}: a success is not { result: { data } }`).toEqual({ result: { data: expect.anything() } });
    return;
  }
  if (res.json === undefined) throw new Error(`${context}: ${res.status} without a JSON body: ${res.text.slice(0, 200)}`);
  const error = res.json.error;
  expect(Object.keys(res.json), context).toEqual(["error"]);
  expect(typeof error?.message, context).toBe("string");
  expect(error?.data?.httpStatus, `${context}: the body's httpStatus is not the response status`).toBe(res.status);
  const appError = error?.data?.error;
  expect(ERROR_CODES, context).toContain(appError?.code);
  expect(ERROR_STATUS[appError.code as keyof typeof ERROR_STATUS], `${context}: error code and status disagree`).toBe(res.status);
  expect(typeof appError.message, context).toBe("string");
  if (appError.details !== undefined) {
    expect(Array.isArray(appError.details), context).toBe(true);
    for (const detail of appError.details as unknown[]) expect(detail, context).toEqual({ field: expect.any(String), message: expect.any(String) });
  }
  // Stack traces stay on the server (the formatter drops them even outside production).
  expect(error?.data?.stack, `${context}: a stack trace in the answer`).toBeUndefined();
}
