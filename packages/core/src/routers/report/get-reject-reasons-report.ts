import { dataEnvelope } from "../../contracts/common.ts";
import { rejectReasonsReportSchema, reportInput } from "../../contracts/report.ts";
import { rejectReasonsReport } from "../../services/reports.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only (/reports): why the rejected candidates of the range were rejected, per reject reason. */
export const getRejectReasonsReportProcedure = companyProcedure
  .input(reportInput)
  .output(dataEnvelope(rejectReasonsReportSchema))
  .query(async ({ ctx, input }) => ({ data: await rejectReasonsReport(ctx.svc, input) }));
