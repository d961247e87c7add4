import { randomBytes } from "node:crypto";
import { type AppError, logger, toAppError, toErrorBody } from "@hireflow/core";
import { textResponse } from "./text-response.ts";

/**
 * Request ids and errors for every route handler (the REST gateway included): one place where an
 * error becomes HTTP, so each route answers the same envelope, carries the same `request-id`
 * header and logs an unexpected failure the same way.
 */
// 96 random bits per id, drawn from a buffer filled 256 ids at a time: one randomBytes call per
// request was ~3 % of a cached-key GET's CPU (docs/BENCHMARKS.md profile). Ids are not secrets.
const ID_BYTES = 12;
const IDS_PER_FILL = 256;
let idPool = Buffer.alloc(0);
let idOffset = 0;

export function newRequestId(): string {
  if (idOffset >= idPool.length) {
    idPool = randomBytes(ID_BYTES * IDS_PER_FILL);
    idOffset = 0;
  }
  const id = idPool.toString("base64url", idOffset, idOffset + ID_BYTES);
  idOffset += ID_BYTES;
  return `req_${id}`;
}

/** The one log line of a 5xx: request id, code and cause; `extra` names where (e.g. the procedure). */
export function logServerError(appError: AppError, requestId: string, extra: Record<string, unknown> = {}): void {
  if (appError.status < 500) return;
  logger.error("request failed", { request_id: requestId, code: appError.code, ...extra, error: appError.cause ?? appError });
}

/**
 * Any thrown value → `{ error: { code, message, details? } }` with its status and the request id.
 * A 5xx is logged once, at error level, with the request id and the cause (the body never shows it).
 */
export function routeErrorResponse(error: unknown, requestId: string): Response {
  const appError = toAppError(error);
  logServerError(appError, requestId);
  const headers = new Headers({ "content-type": "application/json", "request-id": requestId, ...appError.headers });
  return textResponse(JSON.stringify(toErrorBody(appError)), { status: appError.status, headers });
}

/** Sets the request-id header, copying the response when its headers are immutable (Response.redirect). */
export function withRequestIdHeader(response: Response, requestId: string): Response {
  try {
    response.headers.set("request-id", requestId);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set("request-id", requestId);
    return copy;
  }
}

/**
 * Runs a route handler with a fresh request id: whatever it returns gets the `request-id` header,
 * whatever it throws becomes the envelope through routeErrorResponse.
 */
export async function handleRoute(handler: (requestId: string) => Response | Promise<Response>): Promise<Response> {
  const requestId = newRequestId();
  let response: Response;
  try {
    response = await handler(requestId);
  } catch (error) {
    return routeErrorResponse(error, requestId);
  }
  return withRequestIdHeader(response, requestId);
}
