import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { interviewsPerStageInput, interviewsPerStageReportSchema } from "../contract/interview-report.ts";
import { interviewsPerStageReport } from "../interview-reports.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** GET /reports/interviews_per_stage and the Reports page's "Interviews per stage". */
export const getInterviewsPerStageReportProcedure = companyProcedure
  .meta({
    scope: "reports:read",
    openapi: {
      method: "GET",
      path: "/reports/interviews_per_stage",
      tags: ["Reports"],
      summary: "Interviews per stage",
      description:
        "Interviews that start in the range (local days in `tz`), counted as scheduled (not ended yet), completed (ended) or canceled, per stage of the job's interview plan their kit belongs to; an ad hoc interview counts at its candidate's current stage. One job's report has a row per stage of its pipeline; company-wide a row per stage type.",
      protect: true,
      errorResponses: { 400: "Validation failed", 401: "Missing or invalid API key", 403: "The key lacks reports:read", 404: "Job not found" },
    },
  })
  .input(interviewsPerStageInput)
  .output(dataEnvelope(interviewsPerStageReportSchema))
  .query(async ({ ctx, input }) => ({ data: await interviewsPerStageReport(ctx.svc, input) }));
