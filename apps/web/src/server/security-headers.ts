import { NextResponse } from "next/server";

/**
 * The Content-Security-Policy of the web app's pages. App Router pages inline their hydration
 * scripts, so the only strict policy is a nonce per request: Next reads the nonce back from the
 * CSP request header while rendering and stamps it on its own scripts. The static headers
 * (nosniff, referrer policy, framing, HSTS) are in next.config.ts because they never vary.
 */
export const NONCE_HEADER = "x-nonce";

export interface CspOptions {
  /** React's dev build evaluates code and injects styles: 'unsafe-eval' and inline styles in development only. */
  development?: boolean;
  /** upgrade-insecure-requests only when the app is served over https; over http it would break every asset. */
  https?: boolean;
  /**
   * Inline styles without a nonce: only the API reference (/docs), whose renderer (Scalar) injects
   * its CSS at run time as <style> elements that cannot carry the nonce, and an e-mail of the e-mail
   * log, whose HTML body (styled by style attributes, as e-mail is) is shown in a sandboxed srcdoc
   * iframe, which inherits this page's policy. Scripts stay nonce-only.
   */
  inlineStyles?: boolean;
  /**
   * Images from any https host: only the public careers pages, which show the company's logo from its
   * own site (Settings → Careers site). An image cannot run script; the app's signed-in pages keep 'self'.
   */
  remoteImages?: boolean;
}

/** The pages given `inlineStyles` (see CspOptions). */
export const API_REFERENCE_PATH = "/docs";

export function isApiReferencePath(pathname: string): boolean {
  return pathname === API_REFERENCE_PATH || pathname.startsWith(`${API_REFERENCE_PATH}/`);
}

/** Settings → E-mail log → one message (its HTML body's preview). */
export function isEmailPreviewPath(pathname: string): boolean {
  return /^\/settings\/email-log\/[^/]+\/?$/.test(pathname);
}

/** 16 random bytes, base64: unguessable and fresh per request. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string, options: CspOptions = {}): string {
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic': scripts the nonce'd bootstrap loads are trusted; host allowlists are ignored.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ""}`,
    // Dev mode injects styles without the nonce (hot reload, the dev overlay). A nonce in the
    // directive would make browsers ignore 'unsafe-inline', so development lists no nonce here.
    options.development || options.inlineStyles ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    `img-src 'self' blob: data:${options.remoteImages ? " https:" : ""}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

function optionsFromEnvironment(): CspOptions {
  return {
    development: process.env.NODE_ENV === "development",
    https: (process.env.APP_BASE_URL ?? "").startsWith("https:"),
  };
}

/**
 * For proxy.ts: continues the request with a fresh nonce (or takes the response the proxy already
 * decided on, such as a redirect) and sets the policy on the response. Call it on every page
 * response the proxy returns.
 */
export function withSecurityHeaders(request: Request, response?: NextResponse, options: CspOptions = optionsFromEnvironment()): NextResponse {
  const nonce = createNonce();
  const pathname = new URL(request.url).pathname;
  const inlineStyles = options.inlineStyles ?? (!response && (isApiReferencePath(pathname) || isEmailPreviewPath(pathname)));
  const remoteImages = options.remoteImages ?? (pathname === "/careers" || pathname.startsWith("/careers/"));
  const policy = contentSecurityPolicy(nonce, { ...options, inlineStyles, remoteImages });
  let result = response;
  if (!result) {
    const headers = new Headers(request.headers);
    headers.set(NONCE_HEADER, nonce);
    headers.set("content-security-policy", policy);
    result = NextResponse.next({ request: { headers } });
  }
  result.headers.set("content-security-policy", policy);
  return result;
}
