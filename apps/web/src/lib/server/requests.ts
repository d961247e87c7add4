import { AppError } from "@hireflow/core";

const MAX_JSON_BYTES = 16 * 1024;

/**
 * Same-origin check for the cookie-setting routes: a browser always sends Origin on a cross-site
 * POST (and Sec-Fetch-Site where supported); requests from non-browser clients have neither.
 */
export function isSameOrigin(req: Request): boolean {
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = req.headers.get("origin");
  if (!origin) return true;
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** A small JSON body (content-type application/json only), or a 400. */
export async function readJson(req: Request): Promise<unknown> {
  if (!/^application\/json\s*(;|$)/i.test(req.headers.get("content-type") ?? "")) {
    throw new AppError("bad_request", "The request body must be JSON (content-type: application/json)");
  }
  const text = await req.text();
  if (text.length > MAX_JSON_BYTES) throw new AppError("payload_too_large", "The request body is too large");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON");
  }
}
