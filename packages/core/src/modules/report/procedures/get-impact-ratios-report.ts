import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { impactRatioInput, impactRatioReportSchema } from "../contract/impact-ratio.ts";
import { impactRatioReport } from "../impact-ratios.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** The first report of the REST API (and the web app's Reports → Impact ratios). */
export const getImpactRatiosReportProcedure = companyProcedure
  .meta({
    scope: "reports:read",
    openapi: {
      method: "GET",
      path: "/reports/impact_ratios",
      tags: ["Reports"],
      summary: "Impact ratios of the AI screening (bias audit tables)",
      description:
        "NYC Local Law 144's bias audit tables from the company's own data: for each sex, race/ethnicity (EEO-1) and sex × race/ethnicity category of the voluntary self-identification, the applicants, their selection rate (`mode=selection`: moved forward by the AI agent, or with `selected_stage_type` reached a stage of that type) or scoring rate (`mode=scoring`: scored above the sample's median fit score), and the impact ratio (the rate ÷ the highest rate of a category that is not under 2 % of the sample). The sample: applicants of the date range the screening assessed. Declined and missing answers count as unknown. Rates and ratios have 3 decimal places.",
      protect: true,
      errorResponses: { 400: "Validation failed", 401: "Missing or invalid API key", 403: "The key lacks reports:read", 404: "Job not found" },
    },
  })
  .input(impactRatioInput)
  .output(dataEnvelope(impactRatioReportSchema))
  .query(async ({ ctx, input }) => ({ data: await impactRatioReport(ctx.svc, input) }));
