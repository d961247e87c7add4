import { dataEnvelope } from "../../contracts/common.ts";
import { funnelReportSchema, reportInput } from "../../contracts/report.ts";
import { funnelReport } from "../../services/reports.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only (/reports): how far the candidates who applied in the range got, stage by stage. */
export const getFunnelReportProcedure = companyProcedure
  .input(reportInput)
  .output(dataEnvelope(funnelReportSchema))
  .query(async ({ ctx, input }) => ({ data: await funnelReport(ctx.svc, input) }));
