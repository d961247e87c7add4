import { AppError } from "@hireflow/core";
import { parseJsonBody, readBodyLimited } from "../../server/rest/body.ts";

const MAX_JSON_BYTES = 16 * 1024;
const MAX_FORM_BYTES = 16 * 1024;

/**
 * Same-origin check for the cookie-setting routes: a browser always sends Origin on a cross-site
 * POST (and Sec-Fetch-Site where supported); requests from non-browser clients have neither.
 */
export function isSameOrigin(req: Request): boolean {
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = req.headers.get("origin");
  // Absent means a same-origin navigation or a non-browser client; present but blank is not an origin.
  if (origin === null) return true;
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * A small JSON object body (content-type application/json only), or a 400 (413 when too large).
 * Read with a limit while it streams, strict UTF-8 and a nesting limit, like the API's bodies.
 */
export async function readJson(req: Request): Promise<unknown> {
  if (!/^application\/json\s*(;|$)/i.test(req.headers.get("content-type") ?? "")) {
    throw new AppError("bad_request", "The request body must be JSON (content-type: application/json)");
  }
  return parseJsonBody(await readBodyLimited(req, MAX_JSON_BYTES));
}

/**
 * A small HTML form body (urlencoded or multipart), read with a limit; null for any other content
 * type. A body that does not parse as the form it claims to be is a 400.
 */
export async function readForm(req: Request): Promise<FormData | null> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(type)) return null;
  const bytes = await readBodyLimited(req, MAX_FORM_BYTES);
  try {
    return await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("bad_request", "The request body is not a valid form");
  }
}
