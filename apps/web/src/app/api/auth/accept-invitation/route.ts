import { acceptInvitation, AppError } from "@hireflow/core";
import { createSession, deleteSession, sessionTokenFromCookieHeader } from "@hireflow/core/identity/sessions";
import { getPrisma } from "@hireflow/db";
import { NextResponse } from "next/server";
import { clientIp } from "@/lib/server/client-ip";
import { sessionCookieOptions } from "@/lib/server/cookie";
import { isSameOrigin, readJson } from "@/lib/server/requests";
import { handleRoute } from "@/lib/server/route-errors";

export const dynamic = "force-dynamic";

/**
 * POST {token, name, password, email?} (JSON only, same origin) → 200, the new member signed in with
 * the hf_session cookie; or the envelope: 400 validation, 404 unknown link, 409 used / revoked /
 * expired link or an e-mail that has an account already. A session the browser had is ended.
 */
export function POST(req: Request): Promise<Response> {
  return handleRoute(async () => {
    if (!isSameOrigin(req)) throw new AppError("forbidden", "Cross-site requests are not allowed");
    const body = await readJson(req);
    const prisma = getPrisma();
    const { userId } = await acceptInvitation(prisma, body, { ip: clientIp(req) });
    await deleteSession(prisma, sessionTokenFromCookieHeader(req.headers.get("cookie")));
    const session = await createSession(prisma, userId);
    const res = NextResponse.json({ data: { signed_in: true } });
    res.cookies.set({ ...sessionCookieOptions(session.expiresAt), value: session.token });
    res.headers.set("cache-control", "no-store");
    return res;
  });
}
