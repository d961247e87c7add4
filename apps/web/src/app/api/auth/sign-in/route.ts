import { AppError } from "@hireflow/core";
import { signIn } from "@hireflow/core/identity/sign-in";
import { getPrisma } from "@hireflow/db";
import { NextResponse } from "next/server";
import { clientIp } from "@/lib/server/client-ip";
import { sessionCookieOptions } from "@/lib/server/cookie";
import { isSameOrigin, readJson } from "@/lib/server/requests";
import { handleRoute } from "@/lib/server/route-errors";

export const dynamic = "force-dynamic";

/**
 * POST {email, password} (JSON only) → 200 and the hf_session cookie, or the error envelope
 * (400 validation, 401 wrong credentials, 429 too many attempts). JSON plus the same-origin check
 * keeps other sites from signing a visitor into an account of theirs (login CSRF).
 */
export function POST(req: Request): Promise<Response> {
  return handleRoute(async () => {
    if (!isSameOrigin(req)) throw new AppError("forbidden", "Cross-site sign-in is not allowed");
    const body = await readJson(req);
    const { session } = await signIn(getPrisma(), body, { ip: clientIp(req) });
    const res = NextResponse.json({ data: { signed_in: true } });
    res.cookies.set({ ...sessionCookieOptions(session.expiresAt), value: session.token });
    res.headers.set("cache-control", "no-store");
    return res;
  });
}
