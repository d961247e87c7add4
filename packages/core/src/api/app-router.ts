import { router } from "../kernel/trpc.ts";
import { apiKeyRouter } from "./routers/api-key.ts";
import { connectedAppRouter } from "./routers/connected-app.ts";
import { auditLogRouter } from "./routers/audit-log.ts";
import { candidateRouter } from "./routers/candidate.ts";
import { careerSiteRouter } from "./routers/career-site.ts";
import { careersRouter } from "./routers/careers.ts";
import { eventRouter } from "./routers/event.ts";
import { jobRouter } from "./routers/job.ts";
import { meRouter } from "./routers/me.ts";
import { webhookEndpointRouter } from "./routers/webhook-endpoint.ts";
import { pipelineRouter } from "./routers/pipeline.ts";
import { privacyRouter } from "./routers/privacy.ts";
import { screeningSettingsRouter } from "./routers/screening-settings.ts";
import { reportRouter } from "./routers/report.ts";
import { teamRouter } from "./routers/team.ts";
import { rejectReasonRouter } from "./routers/reject-reason.ts";
import { pipelineTemplateRouter } from "./routers/pipeline-template.ts";
import { emailLogRouter } from "./routers/email-log.ts";
import { emailSettingsRouter } from "./routers/email-settings.ts";
import { rejectionEmailRouter } from "./routers/rejection-email.ts";
import { interviewRouter } from "./routers/interview.ts";
import { scorecardRouter } from "./routers/scorecard.ts";
import { userRouter } from "./routers/user.ts";
import { offerRouter, offerSettingsRouter } from "./routers/offer.ts";
import { availabilityRouter, schedulingLinkRouter } from "./routers/scheduling.ts";

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
  offers: offerRouter,
  schedulingLinks: schedulingLinkRouter,
  availability: availabilityRouter,
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
  rejectionEmails: rejectionEmailRouter,
  careerSite: careerSiteRouter,
  offerSettings: offerSettingsRouter,
});

export type AppRouter = typeof appRouter;
