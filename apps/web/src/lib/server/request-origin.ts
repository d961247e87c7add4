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

export function originFromHeaders(headers: Headers, fallback?: URL): string {
  const host = first(headers.get("x-forwarded-host")) ?? first(headers.get("host")) ?? fallback?.host ?? "localhost";
  const proto = first(headers.get("x-forwarded-proto")) ?? fallback?.protocol.replace(/:$/, "") ?? "http";
  return `${proto === "https" ? "https" : "http"}://${host}`;
}

export function requestOrigin(req: Request): string {
  return originFromHeaders(req.headers, new URL(req.url));
}
