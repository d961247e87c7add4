import { CSRF_HEADER, csrfTokenMatches, deleteSession, sessionTokenFromCookieHeader, verifySession } from "@hireflow/core/auth/sessions";
import { getPrisma } from "@hireflow/db";
import { NextResponse } from "next/server";
import { sessionCookieOptions } from "@/lib/server/cookie";

export const dynamic = "force-dynamic";

/**
 * POST (a plain form with the csrf_token field, or fetch with x-csrf-token) → ends the session,
 * clears the cookie and redirects to the sign-in page. A request without the session's CSRF token
 * leaves the session alone.
 */
export async function POST(req: Request): Promise<Response> {
  const prisma = getPrisma();
  const token = sessionTokenFromCookieHeader(req.headers.get("cookie"));
  const session = await verifySession(prisma, token);
  const form = (req.headers.get("content-type") ?? "").includes("form") ? await req.formData().catch(() => null) : null;
  const sent = req.headers.get(CSRF_HEADER) ?? (form?.get("csrf_token") as string | null | undefined);
  if (session && !csrfTokenMatches(session.csrfToken, sent)) {
    return NextResponse.json({ error: { code: "forbidden", message: "Missing or invalid CSRF token" } }, { status: 403 });
  }
  if (session) await deleteSession(prisma, token);
  const res = NextResponse.redirect(new URL("/sign-in", req.url), 303);
  res.cookies.set({ ...sessionCookieOptions(), value: "", maxAge: 0, expires: new Date(0) });
  return res;
}
