import { envFlag } from "@hireflow/config";
import { SESSION_COOKIE, SESSION_TTL_MS } from "@hireflow/core/identity/sessions";

/**
 * hf_session: httpOnly (scripts never see the token), SameSite=Lax (not sent on cross-site
 * subrequests or POSTs), Secure in production. HIREFLOW_INSECURE_COOKIES=1 drops Secure for a
 * self-hosted install served over plain http on a private network (browsers refuse Secure cookies
 * there, except on localhost).
 */
export function sessionCookieOptions(expiresAt?: Date) {
  return {
    name: SESSION_COOKIE,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: process.env.NODE_ENV === "production" && !envFlag("HIREFLOW_INSECURE_COOKIES", false),
    path: "/",
    ...(expiresAt ? { expires: expiresAt, maxAge: Math.floor(SESSION_TTL_MS / 1000) } : {}),
  };
}
