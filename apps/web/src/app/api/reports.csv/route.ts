import { AppError, reportCsv, systemContext } from "@hireflow/core";
import { sessionTokenFromCookieHeader, verifySession } from "@hireflow/core/auth/sessions";
import { REPORT_KINDS, type ReportKind, reportInput } from "@hireflow/core/contracts/report";
import { getPrisma } from "@hireflow/db";
import { handleRoute } from "@/lib/server/route-errors";

export const dynamic = "force-dynamic";

/**
 * GET ?report=funnel|time_in_stage|applications|sources|fit_scores[&job_id=&from=&to=&tz=] → the
 * numbers of one chart of /reports as CSV, for a signed-in user; the parameters are those of the
 * page (an empty one means its default). Another company's job is a 404; bad parameters a 400.
 */
export function GET(req: Request): Promise<Response> {
  return handleRoute(async () => {
    const prisma = getPrisma();
    const session = await verifySession(prisma, sessionTokenFromCookieHeader(req.headers.get("cookie")));
    if (!session) throw new AppError("unauthorized", "Sign in to download reports");
    const params = new URL(req.url).searchParams;
    const value = (name: string) => params.get(name) || undefined;
    const report = value("report");
    if (!report || !(REPORT_KINDS as readonly string[]).includes(report)) {
      throw AppError.validation([{ field: "report", message: `Must be one of ${REPORT_KINDS.join(", ")}` }]);
    }
    const jobId = value("job_id");
    if (jobId !== undefined && (!/^[1-9][0-9]{0,9}$/.test(jobId) || Number(jobId) > 2_147_483_647)) {
      throw AppError.validation([{ field: "job_id", message: "Must be a positive integer" }]);
    }
    // Parsed by the same contract as the page's procedures (a ZodError is a 400 with details).
    const input = reportInput.parse({ job_id: jobId === undefined ? undefined : Number(jobId), from: value("from"), to: value("to"), tz: value("tz") });
    const svc = systemContext(prisma, session.user.company.id, { type: "user", userId: session.user.id });
    const { filename, csv } = await reportCsv(svc, report as ReportKind, input);
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${filename}"`,
        "cache-control": "no-store",
      },
    });
  });
}
