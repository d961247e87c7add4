import {
  AppError,
  appRouter,
  authenticateCaller,
  type Context,
  hitCallerRateLimit,
  procedureMetas,
  rateLimitHeaders,
  type StoredResume,
} from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { clientIp } from "../../lib/server/client-ip.ts";
import { newRequestId, routeErrorResponse as errorResponse } from "../../lib/server/route-errors.ts";
import { JSON_BODY_LIMIT, parseJsonBody, readBodyLimited } from "./body.ts";
import { claimIdempotencyKey, idempotencyOwnerOf, purgeExpiredIdempotencyKeys, requestFingerprint, settleIdempotencyKey } from "./idempotency.ts";
import { allowedMethods, assertRouteExists } from "./routes.ts";
import { requestOrigin } from "../../lib/server/request-origin.ts";
import { textResponse } from "../../lib/server/text-response.ts";

/**
 * The REST gateway: HTTP in, a tRPC call through trpc-to-openapi, HTTP out. Around the call it does
 * what every API request needs — API key, rate limit, body limits, idempotency keys — and turns
 * every error into the envelope; it holds no business rule.
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
  createContext: async ({ req }: { req: object }) => exchanges.get(req)!.context,
  responseMeta: ({ paths, errors, ctx }: { paths?: readonly string[]; errors: readonly unknown[]; ctx?: Context }) => {
    if (errors.length) return {};
    // The procedure's own pick for this call (answerStatus: 200 for a replaced scorecard), else its usual status.
    const status = ctx?.reply?.status ?? (paths?.[0] ? successStatus.get(paths[0]) : undefined);
    return status ? { status } : {};
  },
  onError: ({ error, req }: { error: unknown; req: unknown }) => {
    const exchange = exchanges.get(req as object);
    if (exchange) exchange.error = error;
  },
} as never) as unknown as (req: Request, res: unknown) => Promise<void>;

export interface RestOptions {
  requestId?: string;
  /** Body already parsed by another transport (the multipart route), sent as JSON to the procedure. */
  body?: Record<string, unknown>;
  upload?: StoredResume;
}

export async function handleRestRequest(req: Request, options: RestOptions = {}): Promise<Response> {
  const requestId = options.requestId ?? newRequestId();
  const prisma = getPrisma();
  let limitHeaders: Record<string, string> = {};
  try {
    const relative = relativePath(req);
    // OPTIONS discovers what a path allows; it reads nothing, so it needs no key (as a CORS preflight would not carry one).
    if (req.method === "OPTIONS") {
      const allowed = allowedMethods(relative);
      if (!allowed) throw new AppError("not_found", `No such route: OPTIONS ${API_PREFIX}${relative}`);
      return withHeaders(new Response(null, { status: 204, headers: { allow: allowed.join(", ") } }), requestId, {});
    }
    const caller = await authenticateCaller(prisma, req.headers.get("authorization"), () => requestOrigin(req), "api/v1");
    const { principal } = caller;
    const limit = await hitCallerRateLimit(caller);
    limitHeaders = rateLimitHeaders(limit);
    const holder = principal.kind === "api" ? "API key" : "access token";
    if (!limit.allowed) throw new AppError("rate_limited", `Too many requests for this ${holder}; retry in ${limit.resetSeconds} s`);
    assertRouteExists(req.method, relative);

    let body: unknown = options.body;
    if (options.body === undefined && req.method !== "GET" && req.method !== "HEAD" && req.method !== "DELETE") {
      const bytes = await readBodyLimited(req, JSON_BODY_LIMIT);
      // An empty body needs no content type (POST …/rotate_secret, …/test); anything else must be JSON.
      if (bytes.byteLength > 0 && !/^application\/json\s*(;|$)/i.test(req.headers.get("content-type") ?? "")) {
        throw new AppError("bad_request", "The request body must be JSON (content-type: application/json)");
      }
      body = parseJsonBody(bytes);
    }
    const context: Context = { prisma, requestId, principal, upload: options.upload, ip: clientIp(req), reply: {} };
    const idempotencyKey = req.method === "POST" ? req.headers.get("idempotency-key") : null;
    // Stored idempotency keys belong to the API key, or to the OAuth grant (the app acting as the member).
    const owner = idempotencyKey === null ? null : idempotencyOwnerOf(principal);
    if (idempotencyKey === null || owner === null) return withHeaders(await dispatch(req, body, context), requestId, limitHeaders);

    const path = new URL(req.url).pathname;
    const fingerprint = requestFingerprint(req.method, path, { body, upload: options.upload && { size: options.upload.size, filename: options.upload.filename } });
    const claim = await claimIdempotencyKey(prisma, owner, idempotencyKey, fingerprint);
    purgeExpiredIdempotencyKeys(prisma);
    if (claim.kind === "replay") {
      const replayed = new Response(claim.body, { status: claim.status, headers: { ...claim.headers, "idempotent-replayed": "true" } });
      return withHeaders(replayed, requestId, limitHeaders);
    }
    let response: Response;
    try {
      response = await dispatch(req, body, context);
    } catch (error) {
      response = errorResponse(error, requestId);
    }
    await settleIdempotencyKey(prisma, claim.id, response);
    return withHeaders(response, requestId, limitHeaders);
  } catch (error) {
    return withHeaders(errorResponse(error, requestId), requestId, limitHeaders);
  }
}

function withHeaders(response: Response, requestId: string, extra: Record<string, string>): Response {
  response.headers.set("request-id", requestId);
  for (const [name, value] of Object.entries(extra)) response.headers.set(name, value);
  return response;
}

/** The path below /api/v1, e.g. "/candidates/1". */
function relativePath(req: Request): string {
  return new URL(req.url).pathname.slice(API_PREFIX.length) || "/";
}

/** Runs the matching procedure through trpc-to-openapi; errors come back as envelope responses. */
async function dispatch(req: Request, body: unknown, context: Context): Promise<Response> {
  const url = new URL(req.url);
  const relative = relativePath(req);
  const query = queryOf(url);
  // HEAD is GET without the body (the procedures declare GET only).
  const method = req.method === "HEAD" ? "GET" : req.method;
  // The body was read and validated above (or parsed from a form): the handler sees it as JSON.
  const hasBody = req.method !== "GET" && req.method !== "HEAD" && req.method !== "DELETE";
  let jsonHeaders: Headers | undefined;
  const proxied = new Proxy(req, {
    get(target, prop) {
      if (prop === "url") return `${url.origin}${relative}${url.search}`;
      if (prop === "method") return method;
      if (prop === "query") return query;
      if (prop === "body") return body;
      if (prop === "headers" && hasBody) {
        jsonHeaders ??= new Headers(target.headers);
        jsonHeaders.set("content-type", "application/json");
        return jsonHeaders;
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
      // A 204 (an erasure) has no body: the procedure's void output serializes to nothing to send.
      end: (payload?: string) =>
        resolve(res.statusCode === 204 || payload === undefined ? new Response(null, { status: res.statusCode, headers }) : textResponse(payload, { status: res.statusCode, headers })),
    };
    void handle(proxied, res);
  });
  const answer = exchange.error !== undefined ? errorResponse(exchange.error, context.requestId) : response;
  return req.method === "HEAD" ? new Response(null, { status: answer.status, headers: answer.headers }) : answer;
}

/**
 * The query as trpc-to-openapi reads it (name → values), on a null-prototype object: its own
 * parser collects into a plain `{}`, where `?__proto__=1` or `?constructor=1` found the inherited
 * member and crashed with a 500. `__proto__` cannot become an input key at all, so it is refused.
 */
function queryOf(url: URL): Record<string, string[]> {
  const query = Object.create(null) as Record<string, string[]>;
  for (const [key, value] of url.searchParams) {
    if (key === "__proto__") throw AppError.validation([{ field: key, message: "Unknown field" }]);
    (query[key] ??= []).push(value);
  }
  return query;
}

// The one place an error becomes an HTTP response is shared with the other route handlers.
export { errorResponse, newRequestId };
