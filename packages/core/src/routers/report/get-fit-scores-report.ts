import { dataEnvelope } from "../../contracts/common.ts";
import { fitScoresReportSchema, reportInput } from "../../contracts/report.ts";
import { fitScoresReport } from "../../services/reports.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only (/reports): the fit-score distribution of each stage (screening skew). */
export const getFitScoresReportProcedure = companyProcedure
  .input(reportInput)
  .output(dataEnvelope(fitScoresReportSchema))
  .query(async ({ ctx, input }) => ({ data: await fitScoresReport(ctx.svc, input) }));
