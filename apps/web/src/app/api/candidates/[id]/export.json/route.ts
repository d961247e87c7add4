import { exportCandidate } from "@hireflow/core";
import { attachment, memberOfRequest, pathId } from "@/lib/server/download-route";
import { handleRoute } from "@/lib/server/route-errors";

export const dynamic = "force-dynamic";

/**
 * GET → the candidate's data export (the same document as GET /api/v1/candidates/{id}/export) as a
 * JSON download, for a signed-in member of the candidate's company; another company's candidate is a 404.
 * The export is recorded in the audit log with the member and their IP.
 */
export function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handleRoute(async () => {
    const { svc } = await memberOfRequest(req, "Sign in to export a candidate's data", { interviewers: false });
    const id = pathId((await ctx.params).id, "Candidate");
    const data = await exportCandidate(svc, id);
    return attachment(JSON.stringify({ data }, null, 2), "application/json; charset=utf-8", `candidate-${id}-export.json`);
  });
}
