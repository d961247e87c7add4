import { careersJobState } from "@hireflow/core/careers";
import { getPrisma } from "@hireflow/db";
import { type NextRequest, NextResponse } from "next/server";
import { withSecurityHeaders } from "@/server/security-headers";

/**
 * Sends signed-out visitors of the app's pages to the sign-in page. This is the optimistic check
 * (is there a session cookie at all?); every app page verifies the session itself against the
 * database (requireSession in the (app) layout and pages), and /api/trpc resolves it per request.
 * Public: the sign-in page, invitation links, careers pages, candidates' offer links, the API reference, the OAuth
 * consent page (it validates the app's request first, then asks for a session), every /api route and static files.
 */
const SESSION_COOKIE = "hf_session";
// /oauth/authorize checks an app's authorization request before it asks for a session (a bad one is never
// seen only after signing in); the page and its decision verify the session themselves.
const PUBLIC_PREFIXES = ["/sign-in", "/careers", "/offers", "/schedule", "/docs", "/invite", "/.well-known", "/oauth/authorize"];

function isPublic(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * A path whose percent-encoding is malformed (`/api/v1/candidates/%zz`) makes Next fail while it
 * decodes the route's dynamic segment and answer a bare 500 before any route code runs: answered
 * here instead with the API's 400 envelope. The matcher sends only /api paths holding a "%" here.
 */
function malformedPath(pathname: string): Response | null {
  try {
    decodeURIComponent(pathname);
    return null;
  } catch {
    const id = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(12)))).replace(/\+/g, "-").replace(/\//g, "_");
    const body = { error: { code: "bad_request", message: "The request path is not valid percent-encoded UTF-8" } };
    return Response.json(body, { status: 400, headers: { "request-id": `req_${id}` } });
  }
}

const CAREERS_JOB = /^\/careers\/([a-z0-9-]{1,100})\/jobs\/([1-9][0-9]{0,8})\/?$/;

/**
 * A careers job page whose job is closed, inactive or no longer public answers 410 Gone with no
 * markup (Google drops a 410 from its index at once; a 404 it retries). A page cannot set that
 * status, so it is decided here, before the page renders. An unknown job falls through to the page's 404.
 */
async function goneJobPage(pathname: string): Promise<Response | null> {
  const match = CAREERS_JOB.exec(pathname);
  if (!match) return null;
  if ((await careersJobState(getPrisma(), match[1]!, Number(match[2]))) !== "gone") return null;
  return new NextResponse("This job is no longer open.\n", { status: 410, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname.startsWith("/api/")) return malformedPath(pathname) ?? NextResponse.next();
  const gone = await goneJobPage(pathname);
  if (gone) return gone;
  // Every page response carries the per-request CSP nonce (src/server/security-headers.ts).
  if (isPublic(pathname) || request.cookies.get(SESSION_COOKIE)?.value) return withSecurityHeaders(request);
  const signIn = new URL("/sign-in", request.url);
  if (pathname !== "/") signIn.searchParams.set("next", `${pathname}${search}`);
  return withSecurityHeaders(request, NextResponse.redirect(signIn));
}

export const config = {
  // Not /api/** (but for paths holding a "%"), Next's own assets, or files with an extension
  // (favicon.ico, robots.txt, images).
  matcher: ["/((?!api/|_next/static|_next/image|.*\\.[A-Za-z0-9]+$).*)", "/api/:path(.*%.*)"],
};
