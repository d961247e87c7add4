import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { timeInStageReportSchema, reportInput } from "../contract/report.ts";
import { timeInStageReport } from "../reports.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only (/reports): the median time spent in each stage, from the stage-change history. */
export const getTimeInStageReportProcedure = companyProcedure
  .input(reportInput)
  .output(dataEnvelope(timeInStageReportSchema))
  .query(async ({ ctx, input }) => ({ data: await timeInStageReport(ctx.svc, input) }));
