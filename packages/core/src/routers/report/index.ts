import { router } from "../../trpc.ts";
import { getApplicationsReportProcedure } from "./get-applications-report.ts";
import { getFitScoresReportProcedure } from "./get-fit-scores-report.ts";
import { getImpactRatiosReportProcedure } from "./get-impact-ratios-report.ts";
import { getFunnelReportProcedure } from "./get-funnel-report.ts";
import { getRejectReasonsReportProcedure } from "./get-reject-reasons-report.ts";
import { getSourcesReportProcedure } from "./get-sources-report.ts";
import { getTimeInStageReportProcedure } from "./get-time-in-stage-report.ts";

/**
 * The web app's reports (/reports): one procedure per chart. No `meta.openapi` (not part of the REST
 * API) except impactRatios, GET /reports/impact_ratios.
 */
export const reportRouter = router({
  funnel: getFunnelReportProcedure,
  timeInStage: getTimeInStageReportProcedure,
  applications: getApplicationsReportProcedure,
  sources: getSourcesReportProcedure,
  fitScores: getFitScoresReportProcedure,
  rejectReasons: getRejectReasonsReportProcedure,
  impactRatios: getImpactRatiosReportProcedure,
});
