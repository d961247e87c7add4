import { router } from "../../trpc.ts";
import { getApplicationsReportProcedure } from "./get-applications-report.ts";
import { getFitScoresReportProcedure } from "./get-fit-scores-report.ts";
import { getImpactRatiosReportProcedure } from "./get-impact-ratios-report.ts";
import { getFunnelReportProcedure } from "./get-funnel-report.ts";
import { getRejectReasonsReportProcedure } from "./get-reject-reasons-report.ts";
import { getSourcesReportProcedure } from "./get-sources-report.ts";
import { getTimeInStageReportProcedure } from "./get-time-in-stage-report.ts";
import { getInterviewsPerStageReportProcedure } from "./get-interviews-per-stage-report.ts";
import { getOverdueScorecardsReportProcedure } from "./get-overdue-scorecards-report.ts";
import { getTimeToFirstInterviewReportProcedure } from "./get-time-to-first-interview-report.ts";

/**
 * The web app's reports (/reports): one procedure per chart. No `meta.openapi` (not part of the REST
 * API) except impactRatios (GET /reports/impact_ratios) and the interview reports (GET
 * /reports/interviews_per_stage, /reports/time_to_first_interview, /reports/overdue_scorecards).
 */
export const reportRouter = router({
  funnel: getFunnelReportProcedure,
  timeInStage: getTimeInStageReportProcedure,
  applications: getApplicationsReportProcedure,
  sources: getSourcesReportProcedure,
  fitScores: getFitScoresReportProcedure,
  rejectReasons: getRejectReasonsReportProcedure,
  impactRatios: getImpactRatiosReportProcedure,
  interviewsPerStage: getInterviewsPerStageReportProcedure,
  timeToFirstInterview: getTimeToFirstInterviewReportProcedure,
  overdueScorecards: getOverdueScorecardsReportProcedure,
});
