import { randomBytes } from "node:crypto";

const MAX_KEY_LENGTH = 512;
const MAX_STEM_LENGTH = 100;
// A segment may not start with a dot, which rules out ".", ".." and hidden files (the local driver keeps its
// temp files under ".tmp"). No slashes, backslashes, NUL, spaces or other characters a filesystem or URL
// could interpret.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
/** Suffix of the local driver's content-type sidecar; reserved so a key can never name a sidecar. */
export const META_SUFFIX = ".meta.json";

export class StorageKeyError extends Error {
  override readonly name = "StorageKeyError";
}

/** True only for keys shaped like those `put` generates; drivers refuse everything else. */
export function isValidKey(key: unknown): key is string {
  if (typeof key !== "string" || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  const segments = key.split("/");
  if (!segments.every((segment) => SEGMENT.test(segment))) return false;
  return !key.endsWith(META_SUFFIX);
}

export function assertValidPrefix(prefix: string): void {
  if (!isValidKey(prefix) || prefix.length > 200) {
    throw new StorageKeyError(`Invalid storage prefix: ${JSON.stringify(prefix)}`);
  }
}

/**
 * Reduces an uploader-supplied name to a portable, harmless key segment. The original name is not lost:
 * it travels in the signed URL and is restored in content-disposition.
 */
export function sanitizeFilename(filename: string): string {
  const base = filename.split(/[/\\]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  const rawStem = dot > 0 ? base.slice(0, dot) : base;
  const ext = dot > 0 ? toAscii(base.slice(dot + 1)).replace(/[^A-Za-z0-9]/g, "").slice(0, 16) : "";
  const stem = toAscii(rawStem)
    .replace(/^[._-]+|[._-]+$/g, "")
    .slice(0, MAX_STEM_LENGTH) || "file";
  let safe = ext ? `${stem}.${ext}` : stem;
  if (safe.endsWith(META_SUFFIX)) safe = `${safe.slice(0, -META_SUFFIX.length)}.meta_json`;
  return SEGMENT.test(safe) ? safe : "file";
}

function toAscii(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/_{2,}/g, "_");
}

/** `<prefix>/<128 random bits, base64url>/<sanitised filename>`: unguessable, and one blob per folder. */
export function generateKey(prefix: string, filename: string): string {
  assertValidPrefix(prefix);
  return `${prefix}/${randomBytes(16).toString("base64url")}/${sanitizeFilename(filename)}`;
}
