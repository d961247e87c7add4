import { dataEnvelope } from "../../contracts/common.ts";
import { timeInStageReportSchema, reportInput } from "../../contracts/report.ts";
import { timeInStageReport } from "../../services/reports.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only (/reports): the median time spent in each stage, from the stage-change history. */
export const getTimeInStageReportProcedure = companyProcedure
  .input(reportInput)
  .output(dataEnvelope(timeInStageReportSchema))
  .query(async ({ ctx, input }) => ({ data: await timeInStageReport(ctx.svc, input) }));
