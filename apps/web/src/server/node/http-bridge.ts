import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { knownText } from "../../lib/server/text-response.ts";
import { compressForClient } from "./compression.ts";

/** A Host header that can stand in a URL as it is (name or IPv4, or a bracketed IPv6; optional port). */
const PLAIN_HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;

/**
 * A node:http request as the fetch `Request` the gateway takes. The URL keeps the raw path and
 * query exactly as sent (the gateway reads them itself); a Host header that is not a plain host
 * is replaced by `fallbackHost` rather than failing the request.
 */
export function toWebRequest(req: IncomingMessage, fallbackHost: string): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const host = req.headers.host && PLAIN_HOST.test(req.headers.host) ? req.headers.host : fallbackHost;
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(`http://${host}${req.url ?? "/"}`, {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: "half",
  } as RequestInit);
}

/**
 * Writes a fetch `Response` to node:http. API answers are small JSON documents: the body is read
 * whole and sent with a Content-Length, in one write — gzipped when `req` accepts it and it is big
 * enough (compression.ts). `extraHeaders` are added where the response does not set them (the
 * headers next.config.ts gives every response).
 */
export async function sendWebResponse(
  res: ServerResponse,
  response: Response,
  extraHeaders: readonly { key: string; value: string }[],
  req?: IncomingMessage,
): Promise<void> {
  res.statusCode = response.status;
  for (const { key, value } of extraHeaders) res.setHeader(key, value);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("set-cookie", cookies);
  // A textResponse has its string at hand (asking for its body would make the stream it avoided).
  const text = knownText(response);
  if (text === undefined && !response.body) {
    res.end();
    return;
  }
  let body: Buffer = text !== undefined ? Buffer.from(text) : Buffer.from(await response.arrayBuffer());
  if (req) {
    const sent = await compressForClient(req.headers["accept-encoding"], { status: response.status, method: req.method ?? "GET", headers: response.headers, body });
    if (sent.vary) appendVary(res, "Accept-Encoding");
    if (sent.encoding) {
      body = sent.body;
      res.setHeader("content-encoding", sent.encoding);
      res.setHeader("content-length", body.byteLength);
    }
  }
  if (!res.hasHeader("content-length")) res.setHeader("content-length", body.byteLength);
  res.end(body);
}

function appendVary(res: ServerResponse, field: string): void {
  const current = res.getHeader("vary");
  const listed = (Array.isArray(current) ? current.join(",") : String(current ?? "")).split(",").map((v) => v.trim()).filter(Boolean);
  if (listed.includes("*") || listed.some((v) => v.toLowerCase() === field.toLowerCase())) return;
  res.setHeader("vary", [...listed, field].join(", "));
}
