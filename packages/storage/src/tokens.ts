import { createHmac, timingSafeEqual } from "node:crypto";
import { appBaseUrl, envInt, secretKey } from "@hireflow/config";
import { isValidKey } from "./keys.ts";

const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
// Far above any real token (a key is at most 512 chars); stops us hashing megabytes from a hostile URL.
const MAX_TOKEN_LENGTH = 4096;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
// Separates the HMAC input for file URLs from any other use of the same secret (e.g. session cookies).
const PURPOSE = "hireflow.file.v1";

export interface FileTokenInput {
  key: string;
  /** Shown to the downloader in content-disposition; any Unicode is fine. */
  filename: string;
  /** Overrides the stored content type when serving. */
  contentType?: string;
  /** Defaults to FILE_URL_TTL_SECONDS, else 24 h. Zero or negative yields an already expired token. */
  expiresInSeconds?: number;
}

export interface FileTokenClaims {
  key: string;
  filename: string;
  contentType?: string;
  expiresAt: Date;
}

/** Seams for tests and key rotation; production callers pass nothing. */
export interface FileTokenOptions {
  secret?: string;
  /** Current time in ms since the epoch. */
  now?: number;
}

export type FileTokenErrorReason = "malformed" | "bad_signature" | "expired";

export class FileTokenError extends Error {
  override readonly name = "FileTokenError";
  constructor(
    readonly reason: FileTokenErrorReason,
    message: string,
  ) {
    super(message);
  }
}

/** Compact on-the-wire form: short field names keep the URL short. */
interface Payload {
  k: string;
  f: string;
  t?: string;
  /** Expiry, seconds since the epoch. */
  e: number;
}

export function fileUrlTtlSeconds(): number {
  return envInt("FILE_URL_TTL_SECONDS", DEFAULT_TTL_SECONDS);
}

export function signFileToken(input: FileTokenInput, options: FileTokenOptions = {}): string {
  if (!isValidKey(input.key)) throw new TypeError(`Not a storage key: ${JSON.stringify(input.key)}`);
  const ttl = input.expiresInSeconds ?? fileUrlTtlSeconds();
  if (!Number.isFinite(ttl)) throw new TypeError("expiresInSeconds must be a finite number");
  const now = options.now ?? Date.now();
  const payload: Payload = { k: input.key, f: input.filename, e: Math.floor(now / 1000 + ttl) };
  if (input.contentType) payload.t = input.contentType;
  const encoded = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
  return `${encoded}.${sign(encoded, options.secret ?? secretKey()).toString("base64url")}`;
}

/** Returns the claims of a genuine, unexpired token; throws FileTokenError otherwise. */
export function verifyFileToken(token: string, options: FileTokenOptions = {}): FileTokenClaims {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) {
    throw new FileTokenError("malformed", "File token is malformed");
  }
  const parts = token.split(".");
  const [encoded, signature] = parts;
  if (parts.length !== 2 || !encoded || !signature || !BASE64URL.test(encoded) || !BASE64URL.test(signature)) {
    throw new FileTokenError("malformed", "File token is malformed");
  }
  const given = Buffer.from(signature, "base64url");
  const expected = sign(encoded, options.secret ?? secretKey());
  // Re-encoding rejects the non-canonical spellings base64url allows in the last character, so each
  // token has exactly one valid form. The length check comes first because timingSafeEqual demands it.
  if (
    given.length !== expected.length ||
    given.toString("base64url") !== signature ||
    !timingSafeEqual(given, expected)
  ) {
    throw new FileTokenError("bad_signature", "File token signature is invalid");
  }
  const payload = parsePayload(encoded);
  const now = options.now ?? Date.now();
  if (now >= payload.e * 1000) throw new FileTokenError("expired", "File token has expired");
  const claims: FileTokenClaims = { key: payload.k, filename: payload.f, expiresAt: new Date(payload.e * 1000) };
  if (payload.t !== undefined) claims.contentType = payload.t;
  return claims;
}

/** The public download URL for a blob: `${APP_BASE_URL}/api/files/<token>`. */
export function fileUrl(input: FileTokenInput, options: FileTokenOptions = {}): string {
  return `${appBaseUrl()}/api/files/${signFileToken(input, options)}`;
}

function sign(encodedPayload: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(`${PURPOSE}.${encodedPayload}`).digest();
}

// Only reached with a valid signature, so a failure here means a signing bug or a leaked secret;
// it is still reported as "malformed" rather than trusted.
function parsePayload(encoded: string): Payload {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8"));
  } catch {
    throw new FileTokenError("malformed", "File token is malformed");
  }
  const p = value as Partial<Payload> | null;
  if (
    !p ||
    typeof p !== "object" ||
    !isValidKey(p.k) ||
    typeof p.f !== "string" ||
    (p.t !== undefined && typeof p.t !== "string") ||
    typeof p.e !== "number" ||
    !Number.isSafeInteger(p.e)
  ) {
    throw new FileTokenError("malformed", "File token is malformed");
  }
  return p as Payload;
}
