import { AppError, screeningAuditCsv, systemContext } from "@hireflow/core";
import { sessionTokenFromCookieHeader, verifySession } from "@hireflow/core/auth/sessions";
import { getPrisma } from "@hireflow/db";
import { handleRoute } from "@/lib/server/route-errors";

export const dynamic = "force-dynamic";

/**
 * GET → every AI scoring of the job's candidates as CSV (docs/SCREENING.md, "Audit"), for a signed-in
 * user of the job's company; another company's job is a 404 like everywhere else.
 */
export function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handleRoute(async () => {
    const prisma = getPrisma();
    const session = await verifySession(prisma, sessionTokenFromCookieHeader(req.headers.get("cookie")));
    if (!session) throw new AppError("unauthorized", "Sign in to download the screening audit");
    const { id } = await ctx.params;
    if (!/^[1-9][0-9]{0,9}$/.test(id) || Number(id) > 2_147_483_647) throw AppError.notFound("Job", id);
    const csv = await screeningAuditCsv(systemContext(prisma, session.user.company.id, { type: "user", userId: session.user.id }), Number(id));
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="screening-audit-job-${id}.csv"`,
        "cache-control": "no-store",
      },
    });
  });
}
