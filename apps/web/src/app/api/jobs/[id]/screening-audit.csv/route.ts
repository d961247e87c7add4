import { screeningAuditCsv } from "@hireflow/core";
import { attachment, memberOfRequest, pathId } from "@/lib/server/download-route";
import { handleRoute } from "@/lib/server/route-errors";

export const dynamic = "force-dynamic";

/**
 * GET → every AI scoring of the job's candidates as CSV (docs/SCREENING.md, "Audit"), for a signed-in
 * user of the job's company; another company's job is a 404 like everywhere else.
 */
export function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handleRoute(async () => {
    const { svc } = await memberOfRequest(req, "Sign in to download the screening audit", { interviewers: false });
    const id = pathId((await ctx.params).id, "Job");
    return attachment(await screeningAuditCsv(svc, id), "text/csv; charset=utf-8", `screening-audit-job-${id}.csv`);
  });
}
