import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { applicationsReportSchema, reportInput } from "../contract/report.ts";
import { applicationsReport } from "../reports.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only (/reports): new candidates per week. */
export const getApplicationsReportProcedure = companyProcedure
  .input(reportInput)
  .output(dataEnvelope(applicationsReportSchema))
  .query(async ({ ctx, input }) => ({ data: await applicationsReport(ctx.svc, input) }));
