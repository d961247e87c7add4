import { router } from "../../kernel/trpc.ts";
import { getApplicationsReportProcedure } from "../../modules/report/procedures/get-applications-report.ts";
import { getFitScoresReportProcedure } from "../../modules/report/procedures/get-fit-scores-report.ts";
import { getImpactRatiosReportProcedure } from "../../modules/report/procedures/get-impact-ratios-report.ts";
import { getFunnelReportProcedure } from "../../modules/report/procedures/get-funnel-report.ts";
import { getRejectReasonsReportProcedure } from "../../modules/report/procedures/get-reject-reasons-report.ts";
import { getSourcesReportProcedure } from "../../modules/report/procedures/get-sources-report.ts";
import { getTimeInStageReportProcedure } from "../../modules/report/procedures/get-time-in-stage-report.ts";
import { getInterviewsPerStageReportProcedure } from "../../modules/report/procedures/get-interviews-per-stage-report.ts";
import { getOverdueScorecardsReportProcedure } from "../../modules/report/procedures/get-overdue-scorecards-report.ts";
import { getOffersReportProcedure } from "../../modules/report/procedures/get-offers-report.ts";
import { getTimeToFirstInterviewReportProcedure } from "../../modules/report/procedures/get-time-to-first-interview-report.ts";

/**
 * The web app's reports (/reports): one procedure per chart. No `meta.openapi` (not part of the REST
 * API) except impactRatios (GET /reports/impact_ratios), the interview reports (GET
 * /reports/interviews_per_stage, /reports/time_to_first_interview, /reports/overdue_scorecards) and
 * offers (GET /reports/offers).
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
  offers: getOffersReportProcedure,
});
