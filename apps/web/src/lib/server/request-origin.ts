/**
 * The origin the client addressed (scheme and host as it sent them), for OAuth: the issuer in the
 * metadata, the resource a token is bound to (RFC 8707) and the same-origin check of the consent form
 * all have to agree with what the browser or MCP client used. `req.url` does not: behind `npm start`'s
 * server or a proxy it carries the address the server listens on (127.0.0.1), not `localhost` or the
 * public host. Proxies (Vercel) say the public host and scheme in X-Forwarded-Host/-Proto.
 */
function first(value: string | null): string | null {
  const item = value?.split(",")[0]?.trim();
  return item ? item : null;
}

/**
 * `fallback` is the request's URL, parsed only where a header is missing: every /api/v1 call asks for
 * its origin (an OAuth token's audience), and parsing the URL each time cost 40 % as much as the whole
 * API-key check (docs/BENCHMARKS.md, "GET candidate, the lists and PATCH against the code before pipelines").
 */
export function originFromHeaders(headers: Headers, fallback?: string): string {
  const host = first(headers.get("x-forwarded-host")) ?? first(headers.get("host")) ?? (fallback ? new URL(fallback).host : "localhost");
  const proto = first(headers.get("x-forwarded-proto")) ?? (fallback?.startsWith("https:") ? "https" : "http");
  return `${proto === "https" ? "https" : "http"}://${host}`;
}

export function requestOrigin(req: Request): string {
  return originFromHeaders(req.headers, req.url);
}
