import { type ActiveSession, SESSION_COOKIE, verifySession } from "@hireflow/core/identity/sessions";
import { getPrisma } from "@hireflow/db";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";

/**
 * The signed-in session of the current request, verified against the database (the proxy only
 * checks that a cookie is present). Memoised per request, so a layout and its page share one read.
 */
export const getSession = cache(async (): Promise<ActiveSession | null> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return verifySession(getPrisma(), token);
});

/** The session, or a redirect to the sign-in page that comes back to `returnTo` afterwards. */
export async function requireSession(returnTo?: string): Promise<ActiveSession> {
  const session = await getSession();
  if (!session) redirect(returnTo ? `/sign-in?next=${encodeURIComponent(returnTo)}` : "/sign-in");
  return session;
}

/**
 * Only same-site paths may be a post-sign-in destination (no open redirect via ?next=). Without one,
 * "/": the home page sends each role to its start page (an interviewer to My interviews).
 */
export function safeReturnPath(value: string | string[] | null | undefined): string {
  const path = Array.isArray(value) ? value[0] : value;
  if (!path || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\") || path.startsWith("/api/")) return "/";
  return path;
}
