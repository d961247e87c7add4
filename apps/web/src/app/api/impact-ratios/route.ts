import { AppError, impactRatioCsv, impactRatioInput, impactRatioReport } from "@hireflow/core";
import { attachment, memberOfRequest } from "@/lib/server/download-route";
import { handleRoute } from "@/lib/server/route-errors";

export const dynamic = "force-dynamic";

/**
 * GET ?format=csv|json&job_id=&from=&to=&mode=[&selected_stage_type=] → the impact-ratio report of
 * /reports/impact-ratios as a file, for a signed-in user: the same contract and service as
 * GET /api/v1/reports/impact_ratios, so the page, the CSV and the JSON show the same numbers.
 */
export function GET(req: Request): Promise<Response> {
  return handleRoute(async () => {
    const { svc } = await memberOfRequest(req, "Sign in to download reports", { interviewers: false });
    const params = new URL(req.url).searchParams;
    const format = params.get("format");
    if (format !== "csv" && format !== "json") throw AppError.validation([{ field: "format", message: "Must be csv or json" }]);
    const value = (name: string) => params.get(name) || undefined;
    // A ZodError is a 400 with details.
    const input = impactRatioInput.parse({ job_id: value("job_id"), from: value("from"), to: value("to"), mode: value("mode"), selected_stage_type: value("selected_stage_type") });
    const report = await impactRatioReport(svc, input);
    if (format === "json") {
      const job = report.job_id === null ? "all-jobs" : `job-${report.job_id}`;
      return attachment(JSON.stringify({ data: report }, null, 2), "application/json", `impact-ratios-${report.mode}-${job}-${report.from}-${report.to}.json`);
    }
    const { filename, csv } = impactRatioCsv(report);
    return attachment(csv, "text/csv; charset=utf-8", filename);
  });
}
