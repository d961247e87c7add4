import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { offersReportInput, offersReportSchema } from "../contract/offer-report.ts";
import { offersReport } from "../offer-reports.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** GET /reports/offers and the Reports page's "Offers" (interviewers are refused: no `meta.interviewer`). */
export const getOffersReportProcedure = companyProcedure
  .meta({
    scope: "reports:read",
    openapi: {
      method: "GET",
      path: "/reports/offers",
      tags: ["Reports"],
      summary: "Offer acceptance and time to hire",
      description:
        "For the offers sent in the range (local days in `tz`): how many were accepted, declined, expired, withdrawn or are still open, and the acceptance rate accepted / (accepted + declined + expired). For the offers accepted in the range: the days from the candidate's application to the acceptance — median, 75th and 90th percentile. Company-wide and per job.",
      protect: true,
      errorResponses: { 400: "Validation failed", 401: "Missing or invalid API key", 403: "The key lacks reports:read", 404: "Job not found" },
    },
  })
  .input(offersReportInput)
  .output(dataEnvelope(offersReportSchema))
  .query(async ({ ctx, input }) => ({ data: await offersReport(ctx.svc, input) }));
