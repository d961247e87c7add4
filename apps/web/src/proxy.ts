import { type NextRequest, NextResponse } from "next/server";
import { withSecurityHeaders } from "@/server/security-headers";

/**
 * Sends signed-out visitors of the app's pages to the sign-in page. This is the optimistic check
 * (is there a session cookie at all?); every app page verifies the session itself against the
 * database (requireSession in the (app) layout and pages), and /api/trpc resolves it per request.
 * Public: the sign-in page, careers pages, the API reference, every /api route and static files.
 */
const SESSION_COOKIE = "hf_session";
const PUBLIC_PREFIXES = ["/sign-in", "/careers", "/docs"];

function isPublic(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // Every page response carries the per-request CSP nonce (src/server/security-headers.ts).
  if (isPublic(pathname) || request.cookies.get(SESSION_COOKIE)?.value) return withSecurityHeaders(request);
  const signIn = new URL("/sign-in", request.url);
  if (pathname !== "/") signIn.searchParams.set("next", `${pathname}${search}`);
  return withSecurityHeaders(request, NextResponse.redirect(signIn));
}

export const config = {
  // Not /api/**, Next's own assets, or files with an extension (favicon.ico, robots.txt, images).
  matcher: ["/((?!api/|_next/static|_next/image|.*\\.[A-Za-z0-9]+$).*)"],
};
