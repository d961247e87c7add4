import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { sourcesReportSchema, reportInput } from "../contract/report.ts";
import { sourcesReport } from "../reports.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

/** UI only (/reports): candidates per application source. */
export const getSourcesReportProcedure = companyProcedure
  .input(reportInput)
  .output(dataEnvelope(sourcesReportSchema))
  .query(async ({ ctx, input }) => ({ data: await sourcesReport(ctx.svc, input) }));
