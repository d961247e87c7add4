import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { fitScoresReportSchema, reportInput } from "../contract/report.ts";
import { fitScoresReport } from "../reports.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only (/reports): the fit-score distribution of each stage (screening skew). */
export const getFitScoresReportProcedure = companyProcedure
  .input(reportInput)
  .output(dataEnvelope(fitScoresReportSchema))
  .query(async ({ ctx, input }) => ({ data: await fitScoresReport(ctx.svc, input) }));
