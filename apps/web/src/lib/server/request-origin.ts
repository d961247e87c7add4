import { appBaseUrl, isProduction } from "@hireflow/config";

/**
 * The server's origin for OAuth: the issuer in the metadata, the resource a token is bound to (RFC 8707),
 * the URLs of the 401/403 challenges and the same-origin check of the consent form all have to agree with
 * what the browser or MCP client used.
 *
 * In production that is APP_BASE_URL, whatever the request's Host or X-Forwarded-* headers say: a client
 * can send any of them, and metadata or a challenge built from them would send the next client to the
 * sender's server (and an audience check that followed them would accept a token on whichever name the
 * sender chose). Elsewhere — development, tests, and a production build on a loopback APP_BASE_URL (`npm
 * start` on a laptop, the e2e and test:build servers) — it is the address the client addressed: `req.url`
 * does not say it (behind `npm start`'s server or a proxy it carries the address the server listens on,
 * 127.0.0.1, not `localhost` or the public host), so the Host and X-Forwarded-Host/-Proto headers do.
 */
function first(value: string | null): string | null {
  const item = value?.split(",")[0]?.trim();
  return item ? item : null;
}

const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?$/i;

let configured: { raw: string; origin: string | null } | undefined;

/** APP_BASE_URL's origin when it names a deployment (not a loopback address); parsed once per value. */
function deploymentOrigin(): string | null {
  // A Vercel preview without an APP_BASE_URL of its own answers on its own address, not production's.
  if (!process.env.APP_BASE_URL && process.env.VERCEL_ENV && process.env.VERCEL_ENV !== "production") return null;
  const raw = appBaseUrl();
  if (configured?.raw !== raw) {
    let origin: string | null = null;
    try {
      const url = new URL(raw);
      origin = LOOPBACK_HOST.test(url.host) ? null : url.origin;
    } catch {
      origin = null;
    }
    configured = { raw, origin };
  }
  return configured.origin;
}

/**
 * `fallback` is the request's URL, parsed only where a header is missing: every /api/v1 call asks for
 * its origin (an OAuth token's audience), and parsing the URL each time cost 40 % as much as the whole
 * API-key check (docs/BENCHMARKS.md, "GET candidate, the lists and PATCH against the code before pipelines").
 */
export function originFromHeaders(headers: Headers, fallback?: string): string {
  if (isProduction()) {
    const deployment = deploymentOrigin();
    if (deployment) return deployment;
  }
  const host = first(headers.get("x-forwarded-host")) ?? first(headers.get("host")) ?? (fallback ? new URL(fallback).host : "localhost");
  const proto = first(headers.get("x-forwarded-proto")) ?? (fallback?.startsWith("https:") ? "https" : "http");
  return `${proto === "https" ? "https" : "http"}://${host}`;
}

export function requestOrigin(req: Request): string {
  return originFromHeaders(req.headers, req.url);
}
