import { AppError, exportCandidate, systemContext } from "@hireflow/core";
import { sessionTokenFromCookieHeader, verifySession } from "@hireflow/core/auth/sessions";
import { getPrisma } from "@hireflow/db";
import { clientIp } from "@/lib/server/client-ip";
import { handleRoute } from "@/lib/server/route-errors";

export const dynamic = "force-dynamic";

/**
 * GET → the candidate's data export (the same document as GET /api/v1/candidates/{id}/export) as a
 * JSON download, for a signed-in member of the candidate's company; another company's candidate is a 404.
 */
export function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handleRoute(async () => {
    const prisma = getPrisma();
    const session = await verifySession(prisma, sessionTokenFromCookieHeader(req.headers.get("cookie")));
    if (!session) throw new AppError("unauthorized", "Sign in to export a candidate's data");
    const { id } = await ctx.params;
    if (!/^[1-9][0-9]{0,9}$/.test(id) || Number(id) > 2_147_483_647) throw AppError.notFound("Candidate", id);
    // The export is recorded in the audit log with the member and their IP.
    const svc = { ...systemContext(prisma, session.user.company.id, { type: "user", userId: session.user.id }), ip: clientIp(req) };
    const data = await exportCandidate(svc, Number(id));
    return new Response(JSON.stringify({ data }, null, 2), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="candidate-${id}-export.json"`,
        "cache-control": "no-store",
      },
    });
  });
}
