import { AppError } from "@hireflow/core";
import { CSRF_HEADER, csrfTokenMatches, deleteSession, sessionTokenFromCookieHeader, verifySession } from "@hireflow/core/identity/sessions";
import { getPrisma } from "@hireflow/db";
import { NextResponse } from "next/server";
import { sessionCookieOptions } from "@/lib/server/cookie";
import { readForm } from "@/lib/server/requests";
import { handleRoute } from "@/lib/server/route-errors";

export const dynamic = "force-dynamic";

/**
 * POST (a plain form with the csrf_token field, or fetch with x-csrf-token) → ends the session,
 * clears the cookie and redirects to the sign-in page. A request without the session's CSRF token
 * leaves the session alone.
 */
export function POST(req: Request): Promise<Response> {
  return handleRoute(async () => {
    const prisma = getPrisma();
    const token = sessionTokenFromCookieHeader(req.headers.get("cookie"));
    const session = await verifySession(prisma, token);
    const field = (await readForm(req))?.get("csrf_token");
    // A file where the token belongs is no token.
    const sent = req.headers.get(CSRF_HEADER) ?? (typeof field === "string" ? field : null);
    if (session && !csrfTokenMatches(session.csrfToken, sent)) throw new AppError("forbidden", "Missing or invalid CSRF token");
    if (session) await deleteSession(prisma, token);
    const res = NextResponse.redirect(new URL("/sign-in", req.url), 303);
    res.cookies.set({ ...sessionCookieOptions(), value: "", maxAge: 0, expires: new Date(0) });
    return res;
  });
}
