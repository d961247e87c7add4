import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { overdueScorecardsInput, overdueScorecardsReportSchema } from "../contract/interview-report.ts";
import { overdueScorecardsReport } from "../interview-reports.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** GET /reports/overdue_scorecards and the Reports page's "Scorecards overdue". */
export const getOverdueScorecardsReportProcedure = companyProcedure
  .meta({
    scope: "reports:read",
    openapi: {
      method: "GET",
      path: "/reports/overdue_scorecards",
      tags: ["Reports"],
      summary: "Scorecards overdue",
      description:
        "Interviewers who have not submitted their scorecard for an interview that ended more than `hours` ago (default 24) and ended in the range: the total, a row per interviewer (how many, the oldest) and the list with how long each is overdue (the longest first, at most 500). Canceled interviews and candidates already hired or rejected are left out.",
      protect: true,
      errorResponses: { 400: "Validation failed", 401: "Missing or invalid API key", 403: "The key lacks reports:read", 404: "Job not found" },
    },
  })
  .input(overdueScorecardsInput)
  .output(dataEnvelope(overdueScorecardsReportSchema))
  .query(async ({ ctx, input }) => ({ data: await overdueScorecardsReport(ctx.svc, input) }));
