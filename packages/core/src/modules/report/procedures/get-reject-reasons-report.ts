import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { rejectReasonsReportSchema, reportInput } from "../contract/report.ts";
import { rejectReasonsReport } from "../reports.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only (/reports): why the rejected candidates of the range were rejected, per reject reason. */
export const getRejectReasonsReportProcedure = companyProcedure
  .input(reportInput)
  .output(dataEnvelope(rejectReasonsReportSchema))
  .query(async ({ ctx, input }) => ({ data: await rejectReasonsReport(ctx.svc, input) }));
