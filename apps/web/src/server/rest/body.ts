import { AppError } from "@hireflow/core";
import { readStreamLimited } from "@hireflow/storage";
import { lingerThenCancel } from "./multipart.ts";

export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Reads a request body up to `limit` bytes while it streams: a declared or actual size over the
 * limit stops keeping it at once (413) instead of buffering it. The rest is drained briefly, not
 * cut off: a fast client still sending when the socket closes gets a reset instead of the 413.
 */
export async function readBodyLimited(req: Request, limit: number): Promise<Uint8Array> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) {
    if (req.body) lingerThenCancel(req.body.getReader());
    throw tooLarge(limit);
  }
  if (!req.body) return new Uint8Array(0);
  const body = await readStreamLimited(req.body, limit, lingerThenCancel);
  if (!body) throw tooLarge(limit);
  return body;
}

function tooLarge(limit: number): AppError {
  return new AppError("payload_too_large", `The request body must not exceed ${Math.round(limit / 1024)} KB`);
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * No request of the API nests deeper than a handful of levels. Anything deeper is refused before
 * parsing, because every consumer after JSON.parse (zod, the idempotency fingerprint, the logger,
 * Prisma's JSON columns) walks values recursively and a 100k-deep array overflows their stacks.
 */
export const JSON_MAX_DEPTH = 32;

/** The deepest nesting of arrays/objects in JSON text, counted without recursion (strings skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) max = Math.max(max, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

/** Strict JSON: valid UTF-8, at most JSON_MAX_DEPTH levels, parseable, and an object at the top level. */
export function parseJsonBody(bytes: Uint8Array): unknown {
  if (bytes.byteLength === 0) return undefined;
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new AppError("bad_request", "The request body is not valid UTF-8");
  }
  if (jsonDepth(text) > JSON_MAX_DEPTH) {
    throw new AppError("bad_request", `The request body is nested more than ${JSON_MAX_DEPTH} levels deep`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new AppError("bad_request", "The request body must be a JSON object");
  }
  return parsed;
}
