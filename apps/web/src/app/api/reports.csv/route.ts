import { AppError, interviewReportCsv, offersReportCsv, reportCsv } from "@hireflow/core";
import { isInterviewerOnly } from "@hireflow/core/kernel/roles";
import { INTERVIEW_REPORT_KINDS, type InterviewReportKind, OFFER_REPORT_KINDS } from "@hireflow/core/report/contract";
import { REPORT_KINDS, type ReportKind, reportInput } from "@hireflow/core/report/contract";
import { attachment, memberOfRequest } from "@/lib/server/download-route";
import { handleRoute } from "@/lib/server/route-errors";

export const dynamic = "force-dynamic";

/**
 * GET ?report=funnel|time_in_stage|applications|sources|fit_scores|reject_reasons|interviews_per_stage|
 * time_to_first_interview|overdue_scorecards|offers[&job_id=&from=&to=&tz=&hours=] → the numbers of
 * one chart of /reports as CSV, for a signed-in owner, admin or recruiter (an interviewer gets 403,
 * as from the reports' procedures); the parameters are those of the page (an empty one means its
 * default). Another company's job is a 404; bad parameters a 400.
 */
export function GET(req: Request): Promise<Response> {
  return handleRoute(async () => {
    const { svc: member, user } = await memberOfRequest(req, "Sign in to download reports");
    if (isInterviewerOnly(user.role)) throw new AppError("forbidden", "Interviewers can see only the candidates they interview and submit their scorecards; your role is interviewer");
    const svc = { ...member, role: user.role };
    const params = new URL(req.url).searchParams;
    const value = (name: string) => params.get(name) || undefined;
    const report = value("report");
    if (report && (INTERVIEW_REPORT_KINDS as readonly string[]).includes(report)) {
      const params = Object.fromEntries(["job_id", "from", "to", "tz", "hours"].map((name) => [name, value(name)]));
      const { filename, csv } = await interviewReportCsv(svc, report as InterviewReportKind, params);
      return attachment(csv, "text/csv; charset=utf-8", filename);
    }
    if (report && (OFFER_REPORT_KINDS as readonly string[]).includes(report)) {
      const params = Object.fromEntries(["job_id", "from", "to", "tz"].map((name) => [name, value(name)]));
      const { filename, csv } = await offersReportCsv(svc, params);
      return attachment(csv, "text/csv; charset=utf-8", filename);
    }
    if (!report || !(REPORT_KINDS as readonly string[]).includes(report)) {
      throw AppError.validation([{ field: "report", message: `Must be one of ${[...REPORT_KINDS, ...INTERVIEW_REPORT_KINDS, ...OFFER_REPORT_KINDS].join(", ")}` }]);
    }
    const jobId = value("job_id");
    if (jobId !== undefined && (!/^[1-9][0-9]{0,9}$/.test(jobId) || Number(jobId) > 2_147_483_647)) {
      throw AppError.validation([{ field: "job_id", message: "Must be a positive integer" }]);
    }
    // Parsed by the same contract as the page's procedures (a ZodError is a 400 with details).
    const input = reportInput.parse({ job_id: jobId === undefined ? undefined : Number(jobId), from: value("from"), to: value("to"), tz: value("tz") });
    const { filename, csv } = await reportCsv(svc, report as ReportKind, input);
    return attachment(csv, "text/csv; charset=utf-8", filename);
  });
}
