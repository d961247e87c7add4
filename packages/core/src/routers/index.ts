import { router } from "../trpc.ts";
import { apiKeyRouter } from "./api-key/index.ts";
import { connectedAppRouter } from "./connected-app/index.ts";
import { auditLogRouter } from "./audit-log/index.ts";
import { candidateRouter } from "./candidate/index.ts";
import { careerSiteRouter } from "./career-site/index.ts";
import { careersRouter } from "./careers/index.ts";
import { eventRouter } from "./event/index.ts";
import { jobRouter } from "./job/index.ts";
import { meRouter } from "./me/index.ts";
import { webhookEndpointRouter } from "./webhook-endpoint/index.ts";
import { pipelineRouter } from "./pipeline/index.ts";
import { privacyRouter } from "./privacy/index.ts";
import { screeningSettingsRouter } from "./screening-settings/index.ts";
import { reportRouter } from "./report/index.ts";
import { teamRouter } from "./team/index.ts";
import { rejectReasonRouter } from "./reject-reason/index.ts";
import { pipelineTemplateRouter } from "./pipeline-template/index.ts";
import { emailLogRouter } from "./email-log/index.ts";
import { emailSettingsRouter } from "./email-settings/index.ts";
import { interviewRouter } from "./interview/index.ts";
import { scorecardRouter } from "./scorecard/index.ts";
import { userRouter } from "./user/index.ts";

/** One router serves the web UI (/api/trpc) and, for procedures with `meta.openapi`, REST (/api/v1). */
export const appRouter = router({
  candidates: candidateRouter,
  jobs: jobRouter,
  webhookEndpoints: webhookEndpointRouter,
  me: meRouter,
  events: eventRouter,
  rejectReasons: rejectReasonRouter,
  users: userRouter,
  interviews: interviewRouter,
  scorecards: scorecardRouter,
  // Web app only (no meta.openapi):
  apiKeys: apiKeyRouter,
  connectedApps: connectedAppRouter,
  pipeline: pipelineRouter,
  careers: careersRouter,
  privacy: privacyRouter,
  screeningSettings: screeningSettingsRouter,
  reports: reportRouter,
  team: teamRouter,
  auditLog: auditLogRouter,
  pipelineTemplate: pipelineTemplateRouter,
  emailLog: emailLogRouter,
  emailSettings: emailSettingsRouter,
  careerSite: careerSiteRouter,
});

export type AppRouter = typeof appRouter;
