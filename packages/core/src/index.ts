export * from "./errors.ts";
export * from "./context.ts";
export { appRouter, type AppRouter } from "./routers/index.ts";
export { assertScope, createCallerFactory, type Meta } from "./trpc.ts";
export { API_SCOPES, API_SCOPE_DESCRIPTIONS, isApiScope, normalizeScopes, type ApiScope } from "./auth/scopes.ts";
export { procedureMetas, type ProcedureMeta } from "./routers/meta.ts";
export { scopedDb, type ScopedDb } from "./tenancy.ts";
export { authenticateApiKey, generateApiKey, hashApiKey, API_KEY_PREFIX } from "./auth/api-keys.ts";
export { authenticateCaller, hitCallerRateLimit, type AuthenticatedCaller } from "./auth/caller.ts";
export { authenticateBearer, rateLimitKey } from "./auth/bearer.ts";
export { ACCESS_TOKEN_PREFIX, audienceAllows, type OAuthPrincipal, type ProtectedApi } from "./auth/oauth-tokens.ts";
export { hashPassword, verifyPassword } from "./auth/passwords.ts";
export * from "./contracts/common.ts";
export * from "./contracts/candidate.ts";
export * from "./contracts/job.ts";
export * from "./contracts/note.ts";
export * from "./contracts/webhook-endpoint.ts";
export * from "./contracts/webhook-events.ts";
export * from "./contracts/screening.ts";
export {
  requestScreening,
  loadScreeningSubject,
  saveScreeningOutcome,
  failScreening,
  skipScreening,
  modelScoringsToday,
  requestRescore,
  screeningProgress,
  screeningAuditCsv,
  agentDecision,
  type ScreeningSubject,
  type ScreeningTrigger,
  type AgentAction,
} from "./services/screening.ts";
export { createCompany, slugify } from "./services/companies.ts";
export { createApiKey, listApiKeys, revokeApiKey, describeApiKey, type ApiKeyDto, type MeDto } from "./services/api-keys.ts";
export { createUser } from "./services/users.ts";
export { createJob, updateJob, getJob, listJobs } from "./services/jobs.ts";
export { createCandidate, getCandidate, updateCandidate, listCandidates, changeStage, lockCandidate, type StoredResume } from "./services/candidates.ts";
export { addNote } from "./services/notes.ts";
export { recordEvent, onEventsCommitted, notifyEventsCommitted, EVENT_TYPES, WEBHOOK_EVENT_TYPES, type EventType } from "./services/events.ts";
export { candidateInclude, serializeCandidate, serializeCandidateDetail, serializeJob, notePreview } from "./services/serialize.ts";
export { DEFAULT_PIPELINE, readJobStages, readPipelineTemplate, replaceJobStages, resolveStage, type PipelineStage } from "./services/job-pipeline.ts";
export { listRejectReasons } from "./services/reject-reasons.ts";
export { normalizePhone } from "./services/phone.ts";
export { logger, redact, setLogSink, type Logger } from "./logger.ts";
export { createMemoryRateLimiter, createRedisRateLimiter, getRateLimiter, rateLimitHeaders, type RateLimiter, type RateLimitResult } from "./rate-limit.ts";
export { RESUME_MAX_BYTES, RESUME_CONTENT_TYPES, type ResumeFileType, type ResumeExtractionResult } from "./contracts/resume.ts";
export {
  claimResumeProcessing,
  applyResumeExtraction,
  failResumeProcessing,
  requeueStuckResumes,
  resumeBlobInUse,
  type ResumeClaim,
  type ResumeSaveResult,
  type RequeuedResume,
  unreferencedResumeBlobKeys,
} from "./services/resumes.ts";
export {
  createWebhookEndpoint,
  listWebhookEndpoints,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  sendWebhookTest,
  listWebhookDeliveries,
  redeliverWebhook,
  generateWebhookSecret,
  WEBHOOK_SECRET_PREFIX,
} from "./services/webhook-endpoints.ts";
export { allowPrivateWebhookUrls, assertWebhookUrlAllowed, isBlockedAddress, guardedLookup, BlockedAddressError } from "./services/webhook-url.ts";
export { candidateUrl } from "./services/events.ts";
export { webhookBody, webhookPayloads, type DeliveredEvent, type CandidateReader, type DeliveryOptions, type ScorecardNotesReader } from "./services/webhook-payload.ts";
export { listEvents, getEvent } from "./services/public-events.ts";
export { funnelReport, timeInStageReport, applicationsReport, sourcesReport, fitScoresReport, rejectReasonsReport } from "./services/reports.ts";
export { interviewsPerStageReport, timeToFirstInterviewReport, overdueScorecardsReport } from "./services/interview-reports.ts";
export { interviewReportCsv } from "./services/interview-report-csv.ts";
export { reportCsv } from "./services/report-csv.ts";
export * from "./contracts/event.ts";
export { submitApplication, limitApplications, findOpenJob, APPLICATION_RECEIVED } from "./services/applications.ts";
export { applicationInput, HONEYPOT_FIELD, type ApplicationInput } from "./contracts/application.ts";
export { eraseCandidate, exportCandidate } from "./services/candidate-erasure.ts";
export { getScreeningExplanation } from "./services/screening-explanation.ts";
export { agentPlaced, agentPlacedIds } from "./services/agent-override.ts";
export { countRetentionEligible, getPrivacySettings, retentionEligibleIds, updatePrivacySettings, type RetentionRule } from "./services/privacy.ts";
export { getCompanyScreeningSettings, updateCompanyScreeningSettings } from "./services/company-screening.ts";
export { agentHeldBack } from "./services/screening.ts";
export { USER_ROLES, ROLE_LABELS, ROLE_DESCRIPTIONS, canEraseCandidates, canManageSettings, isUserRole, type UserRole } from "./auth/roles.ts";
export { assertSettingsAccess } from "./trpc.ts";
export { recordAudit, listAuditLog, listAuditActors, auditLogCsv, AUDIT_CSV_MAX_ROWS, type AuditEntryInput } from "./services/audit.ts";
export { AUDIT_ACTIONS, type AuditAction, type AuditEntryDto, auditLogFilters } from "./contracts/audit-log.ts";
export { listMembers, changeMemberRole, removeMember } from "./services/team.ts";
export { inviteMember, listInvitations, revokeInvitation, describeInvitation, acceptInvitation, hashInvitationToken, INVITATION_TTL_MS, type InvitationPreview } from "./services/invitations.ts";
export { type MemberDto, type InvitationDto, type CreatedInvitationDto } from "./contracts/team.ts";
export {
  queueEmail,
  listEmailMessages,
  getEmailMessage,
  getComposableEmail,
  composableEmail,
  EMAIL_QUEUED_EVENT,
  type OutgoingEmail,
  type EmailAttachmentInput,
  type StoredAttachment,
  type ComposableEmail,
} from "./services/email.ts";
export { getEmailSettings, updateEmailSettings } from "./services/email-settings.ts";
export { parseMailbox, formatMailbox, senderOf, type Mailbox } from "./services/email-sender.ts";
export { invitationEmail } from "./services/invitation-email.ts";
export { recordEmailOutcome, cancelScheduledRejections } from "./services/candidate-emails.ts";
export * from "./services/candidate-email-template.ts";
export { escapeHtml } from "./services/html.ts";
export * from "./contracts/email.ts";
export { openJobWhere, careersJobState, careersUrl, getCareersJob } from "./services/careers.ts";
export { jobPosting, inlineJson, descriptionHtml } from "./services/job-posting.ts";
export { loadJobBoard, listPublishingSlugs, renderOnce, type JobBoard } from "./services/job-board.ts";
export { indeedFeedXml, jobsFeedJson, cdata, feedJob, type FeedJob } from "./services/job-feeds.ts";
export { limitJobBoard } from "./services/job-board-limit.ts";
export { embedScriptJs, embedSnippet, publicJobsApiUrl } from "./services/job-board-embed.ts";
export { COUNTRY_CODES } from "./contracts/countries.ts";
export { applicationOriginAllowed } from "./services/application-cors.ts";
export { scheduleInterview, updateInterview, cancelInterview, getInterview, listInterviews } from "./services/interviews.ts";
export { submitScorecard } from "./services/scorecards.ts";
export { calendarInvitation, foldLine, escapeText, vtimezone, zoneTransitions, offsetMinutes, type CalendarEvent, type CalendarPerson } from "./services/icalendar.ts";
export { listCompanyUsers } from "./services/users.ts";
export * from "./contracts/interview.ts";
export * from "./contracts/self-identification.ts";
export * from "./contracts/impact-ratio.ts";
export { impactRatioReport } from "./services/impact-ratios.ts";
export { rateCategories, round3 } from "./services/impact-ratio-math.ts";
export { impactRatioCsv, threePlaces } from "./services/impact-ratio-csv.ts";
export { answerMcpPost, grantedScopes, MCP_RESOURCE_TEMPLATES, MCP_TOOLS, missingScopes } from "./mcp/index.ts";
