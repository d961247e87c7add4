import { AppError } from "@hireflow/core";

export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Reads a request body up to `limit` bytes while it streams: a declared or actual size over the
 * limit stops reading at once (413) instead of buffering it.
 */
export async function readBodyLimited(req: Request, limit: number): Promise<Uint8Array> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function tooLarge(limit: number): AppError {
  return new AppError("payload_too_large", `The request body must not exceed ${Math.round(limit / 1024)} KB`);
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/** Strict JSON: valid UTF-8, parseable, and an object at the top level. */
export function parseJsonBody(bytes: Uint8Array): unknown {
  if (bytes.byteLength === 0) return undefined;
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new AppError("bad_request", "The request body is not valid UTF-8");
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
