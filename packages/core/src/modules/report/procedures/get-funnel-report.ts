import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { funnelReportSchema, reportInput } from "../contract/report.ts";
import { funnelReport } from "../reports.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only (/reports): how far the candidates who applied in the range got, stage by stage. */
export const getFunnelReportProcedure = companyProcedure
  .input(reportInput)
  .output(dataEnvelope(funnelReportSchema))
  .query(async ({ ctx, input }) => ({ data: await funnelReport(ctx.svc, input) }));
