import { dataEnvelope } from "../../contracts/common.ts";
import { applicationsReportSchema, reportInput } from "../../contracts/report.ts";
import { applicationsReport } from "../../services/reports.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only (/reports): new candidates per week. */
export const getApplicationsReportProcedure = companyProcedure
  .input(reportInput)
  .output(dataEnvelope(applicationsReportSchema))
  .query(async ({ ctx, input }) => ({ data: await applicationsReport(ctx.svc, input) }));
