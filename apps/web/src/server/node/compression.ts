import { promisify } from "node:util";
import { gzip, gzipSync } from "node:zlib";

const gzipAsync = promisify(gzip);

/**
 * Up to this size a body is gzipped on the event loop: zlib's async call hands each body to the thread
 * pool and back, which for an API answer of a few KB cost ~80 µs of CPU against ~12 µs for the same
 * work done in place (node:zlib, measured on these cores); above it a large list or feed is compressed
 * off the loop so other requests are not held up behind it.
 */
export const SYNC_GZIP_MAX_BYTES = 64 * 1024;

/**
 * Below this a gzip member's own overhead and the CPU are not worth it (the threshold `next start`'s
 * compression used): single resources and error envelopes go out as they are, list pages compressed.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:[a-z0-9.+-]*\+)?json\b)/i;

/**
 * Whether an Accept-Encoding header lets us answer with gzip: `gzip` (or `x-gzip`) with a non-zero
 * quality, or `*` with one when gzip is not named. `gzip;q=0` refuses it outright.
 */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  let star: boolean | undefined;
  for (const part of acceptEncoding.split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("q="));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    const accepted = Number.isFinite(quality) && quality > 0;
    if (name === "gzip" || name === "x-gzip") return accepted;
    if (name === "*") star = accepted;
  }
  return star === true;
}

export interface CompressibleResponse {
  status: number;
  method: string;
  headers: Headers;
  body: Buffer;
}

/**
 * The body to send and the headers to set for it: gzip when the client accepts it and the answer is
 * a JSON or text document of at least the threshold, as `next start` answered the API before the
 * node server took it over. A response that already has an encoding or says `no-transform` is sent
 * as it is. `Vary: Accept-Encoding` goes on every compressible type, compressed or not, so a cache
 * never serves one client's encoding to another.
 */
export async function compressForClient(
  acceptEncoding: string | undefined,
  response: CompressibleResponse,
): Promise<{ body: Buffer; encoding?: "gzip"; vary: boolean }> {
  const { status, method, headers, body } = response;
  const type = headers.get("content-type") ?? "";
  if (!COMPRESSIBLE_TYPE.test(type) || headers.has("content-encoding")) return { body, vary: false };
  if (/\bno-transform\b/i.test(headers.get("cache-control") ?? "")) return { body, vary: false };
  const worthIt = method !== "HEAD" && status !== 204 && status !== 304 && body.byteLength >= COMPRESSION_THRESHOLD_BYTES;
  if (!worthIt || !acceptsGzip(acceptEncoding)) return { body, vary: true };
  return { body: body.byteLength <= SYNC_GZIP_MAX_BYTES ? gzipSync(body) : await gzipAsync(body), encoding: "gzip", vary: true };
}
