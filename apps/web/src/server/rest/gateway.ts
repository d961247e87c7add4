import { randomBytes } from "node:crypto";
import {
  AppError,
  appRouter,
  authenticateApiKey,
  type Context,
  logger,
  procedureMetas,
  type StoredResume,
  toAppError,
  toErrorBody,
} from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { JSON_BODY_LIMIT, parseJsonBody, readBodyLimited } from "./body.ts";

/**
 * The REST gateway: HTTP in, a tRPC call through trpc-to-openapi, HTTP out. It authenticates the
 * API key into the tRPC context and turns every error into the envelope; it holds no business rule.
 */
export const API_PREFIX = "/api/v1";

const successStatus = new Map(procedureMetas.flatMap(({ path, meta }) => (meta.successStatus ? [[path, meta.successStatus] as const] : [])));

interface Exchange {
  context: Context;
  error?: unknown;
}
const exchanges = new WeakMap<object, Exchange>();

// Built once: trpc-to-openapi's own fetch adapter rebuilds (and in development re-validates) the
// router on every request.
const handle = createOpenApiNodeHttpHandler({
  router: appRouter,
  createContext: async ({ req }: { req: object }) => {
    const exchange = exchanges.get(req)!;
    const principal = await authenticateApiKey(exchange.context.prisma, (req as Request).headers.get("authorization"));
    exchange.context.principal = { kind: "api", ...principal };
    return exchange.context;
  },
  responseMeta: ({ paths, errors }: { paths?: readonly string[]; errors: readonly unknown[] }) => {
    if (errors.length) return {};
    const status = paths?.[0] ? successStatus.get(paths[0]) : undefined;
    return status ? { status } : {};
  },
  onError: ({ error, req }: { error: unknown; req: unknown }) => {
    const exchange = exchanges.get(req as object);
    if (exchange) exchange.error = error;
  },
} as never) as unknown as (req: Request, res: unknown) => Promise<void>;

export function newRequestId(): string {
  return `req_${randomBytes(12).toString("base64url")}`;
}

export interface RestOptions {
  requestId?: string;
  /** Body already parsed by another transport (the multipart route), sent as JSON to the procedure. */
  body?: Record<string, unknown>;
  upload?: StoredResume;
}

export async function handleRestRequest(req: Request, options: RestOptions = {}): Promise<Response> {
  const requestId = options.requestId ?? newRequestId();
  const url = new URL(req.url);
  const context: Context = { prisma: getPrisma(), requestId, principal: null, upload: options.upload };
  try {
    let body: unknown = options.body;
    if (options.body === undefined && req.method !== "GET" && req.method !== "HEAD" && req.method !== "DELETE") {
      const type = req.headers.get("content-type") ?? "";
      if (!/^application\/json\s*(;|$)/i.test(type)) {
        throw new AppError("bad_request", "The request body must be JSON (content-type: application/json)");
      }
      body = parseJsonBody(await readBodyLimited(req, JSON_BODY_LIMIT));
    }
    const relative = url.pathname.slice(API_PREFIX.length) || "/";
    const proxied = new Proxy(req, {
      get(target, prop) {
        if (prop === "url") return `${url.origin}${relative}${url.search}`;
        if (prop === "body") return body;
        if (prop === "headers" && options.body !== undefined) {
          const headers = new Headers(target.headers);
          headers.set("content-type", "application/json");
          return headers;
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const exchange: Exchange = { context };
    exchanges.set(proxied, exchange);
    const response = await new Promise<Response>((resolve) => {
      const headers = new Headers();
      const res = {
        statusCode: 200,
        setHeader: (key: string, value: string | string[]) => {
          if (Array.isArray(value)) for (const v of value) headers.append(key, v);
          else headers.set(key, value);
        },
        end: (payload?: string) => resolve(new Response(payload ?? null, { status: res.statusCode, headers })),
      };
      void handle(proxied, res);
    });
    if (exchange.error !== undefined) return errorResponse(exchange.error, requestId);
    response.headers.set("request-id", requestId);
    return response;
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

/** The one place an error becomes an HTTP response. */
export function errorResponse(error: unknown, requestId: string): Response {
  const appError = toAppError(error);
  if (appError.status >= 500) {
    logger.error("request failed", { request_id: requestId, code: appError.code, error: appError.cause ?? appError });
  }
  const headers = new Headers({ "content-type": "application/json", "request-id": requestId, ...appError.headers });
  return new Response(JSON.stringify(toErrorBody(appError)), { status: appError.status, headers });
}
