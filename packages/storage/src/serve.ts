import { getStorage } from "./select.ts";
import { FileTokenError, verifyFileToken, type FileTokenOptions } from "./tokens.ts";
import type { BlobStorage } from "./types.ts";

// Browsers may keep a downloaded resume this long at most, even if its link lives longer, so a deleted
// file does not linger in caches for a whole day.
const MAX_CACHE_SECONDS = 60 * 60;
const SAFE_CONTENT_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(?:\s*;\s*[A-Za-z0-9!#$&^_.+-]+=(?:[A-Za-z0-9!#$&^_.+-]+|"[^"\\\r\n]*"))*$/;

export interface ServeSignedFileOptions extends FileTokenOptions {
  /** Called with unexpected storage failures before answering 500; defaults to console.error. */
  onError?: (error: unknown) => void;
  /** Whether the signed key may still be served (false → 404), e.g. not a resume of an erased candidate. */
  isServable?: (key: string) => Promise<boolean>;
}

/**
 * The whole of `GET /api/files/[token]`: the token is the credential (no API key), and it names exactly
 * one key, so it can never be turned into a read of another blob.
 */
export async function serveSignedFile(
  token: string,
  storage: BlobStorage = getStorage(),
  options: ServeSignedFileOptions = {},
): Promise<Response> {
  let claims;
  try {
    claims = verifyFileToken(token, options);
  } catch (error) {
    if (!(error instanceof FileTokenError)) throw error;
    const message = error.reason === "expired" ? "This file link has expired" : "This file link is invalid";
    return errorResponse(403, "forbidden", message);
  }

  if (options.isServable && !(await options.isServable(claims.key))) return errorResponse(404, "not_found", "File not found");

  let stored;
  try {
    stored = await storage.get(claims.key);
  } catch (error) {
    (options.onError ?? console.error)(error);
    return errorResponse(500, "internal_error", "The file could not be read");
  }
  if (!stored) return errorResponse(404, "not_found", "File not found");

  const now = options.now ?? Date.now();
  const maxAge = Math.max(0, Math.min(MAX_CACHE_SECONDS, Math.floor((claims.expiresAt.getTime() - now) / 1000)));
  return new Response(stored.body, {
    status: 200,
    headers: {
      "content-type": safeContentType(claims.contentType ?? stored.contentType),
      "content-length": String(stored.size),
      "content-disposition": contentDisposition(claims.filename),
      "cache-control": `private, max-age=${maxAge}`,
      "x-content-type-options": "nosniff",
      // Uploaded files are untrusted: even if a browser renders one, it gets no scripts and no origin.
      "content-security-policy": "default-src 'none'; sandbox",
      // The URL is the credential; keep it out of Referer headers.
      "referrer-policy": "no-referrer",
    },
  });
}

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<RFC 5987>` for any input, including quotes,
 * CR/LF, path separators, lone surrogates and non-Latin scripts.
 */
export function contentDisposition(filename: string): string {
  const name = cleanFilename(filename);
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

function cleanFilename(filename: string): string {
  const name = (filename.split(/[/\\]/).pop() ?? "")
    // encodeURIComponent throws on lone surrogates.
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 200);
  return name && name !== "." && name !== ".." ? name : "download";
}

function encodeRfc5987(value: string): string {
  // encodeURIComponent leaves ' ( ) * unescaped, which RFC 5987's attr-char does not allow.
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function safeContentType(value: string): string {
  return SAFE_CONTENT_TYPE.test(value) ? value : "application/octet-stream";
}

function errorResponse(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
