import { dataEnvelope } from "../../contracts/common.ts";
import { sourcesReportSchema, reportInput } from "../../contracts/report.ts";
import { sourcesReport } from "../../services/reports.ts";
import { companyProcedure } from "../../trpc.ts";

/** UI only (/reports): candidates per application source. */
export const getSourcesReportProcedure = companyProcedure
  .input(reportInput)
  .output(dataEnvelope(sourcesReportSchema))
  .query(async ({ ctx, input }) => ({ data: await sourcesReport(ctx.svc, input) }));
