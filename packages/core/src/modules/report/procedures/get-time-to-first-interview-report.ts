import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { timeToFirstInterviewInput, timeToFirstInterviewReportSchema } from "../contract/interview-report.ts";
import { timeToFirstInterviewReport } from "../interview-reports.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** GET /reports/time_to_first_interview and the Reports page's "Time to first interview". */
export const getTimeToFirstInterviewReportProcedure = companyProcedure
  .meta({
    scope: "reports:read",
    openapi: {
      method: "GET",
      path: "/reports/time_to_first_interview",
      tags: ["Reports"],
      summary: "Time from application to first interview",
      description:
        "For the candidates who applied in the range (local days in `tz`): the days from application to the start of their first interview that is not canceled — median, 75th and 90th percentile — company-wide and per job, with how many candidates had one.",
      protect: true,
      errorResponses: { 400: "Validation failed", 401: "Missing or invalid API key", 403: "The key lacks reports:read", 404: "Job not found" },
    },
  })
  .input(timeToFirstInterviewInput)
  .output(dataEnvelope(timeToFirstInterviewReportSchema))
  .query(async ({ ctx, input }) => ({ data: await timeToFirstInterviewReport(ctx.svc, input) }));
