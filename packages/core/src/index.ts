export * from "./kernel/errors.ts";
export * from "./kernel/contract/error-codes.ts";
export * from "./kernel/context.ts";
export { type Principal } from "./kernel/principal.ts";
export { appRouter, type AppRouter } from "./api/app-router.ts";
export { assertScope, createCallerFactory, type Meta } from "./kernel/trpc.ts";
export { API_SCOPES, API_SCOPE_DESCRIPTIONS, isApiScope, normalizeScopes, type ApiScope } from "./kernel/scopes.ts";
export { procedureMetas, type ProcedureMeta } from "./api/meta.ts";
export { scopedDb, type ScopedDb } from "./kernel/tenancy.ts";
export { authenticateApiKey, generateApiKey, hashApiKey, API_KEY_PREFIX } from "./modules/identity/auth/api-keys.ts";
export { authenticateCaller, hitCallerRateLimit, type AuthenticatedCaller } from "./modules/identity/auth/caller.ts";
export { authenticateBearer, rateLimitKey } from "./modules/identity/auth/bearer.ts";
export { ACCESS_TOKEN_PREFIX, audienceAllows, type ProtectedApi } from "./modules/identity/auth/oauth-tokens.ts";
export { type OAuthPrincipal } from "./kernel/principal.ts";
export { hashPassword, verifyPassword } from "./modules/identity/auth/passwords.ts";
export * from "./kernel/contract/common.ts";
export * from "./modules/candidate/contract/candidate.ts";
export * from "./modules/job/contract/job.ts";
export * from "./modules/screening/contract/questions.ts";
export * from "./modules/candidate/contract/note.ts";
export * from "./modules/webhook/contract/webhook-endpoint.ts";
export * from "./modules/webhook/contract/webhook-events.ts";
export * from "./modules/screening/contract/screening.ts";
export { loadScreeningSubject, saveScreeningOutcome, failScreening, skipScreening, modelScoringsToday, type ScreeningSubject } from "./modules/candidate/fit-outcome.ts";
export { requestRescore, screeningProgress, screeningAuditCsv } from "./modules/screening/rescore.ts";
export { agentDecision, type AgentAction } from "./modules/screening/agent.ts";
export { requestScreening, type ScreeningTrigger } from "./modules/screening/request.ts";
export { createCompany, slugify } from "./modules/identity/companies.ts";
export { createApiKey, listApiKeys, revokeApiKey, describeApiKey, type ApiKeyDto, type MeDto } from "./modules/identity/api-key-admin.ts";
export { createUser } from "./modules/identity/users.ts";
export { createJob, updateJob, getJob, listJobs } from "./modules/job/jobs.ts";
export { createCandidate } from "./modules/candidate/create.ts";
export { changeStage, lockCandidate } from "./modules/candidate/move/change-stage.ts";
export { getCandidate, listCandidates } from "./modules/candidate/queries.ts";
export { updateCandidate } from "./modules/candidate/update.ts";
export { type StoredResume } from "./kernel/context.ts";
export { addNote } from "./modules/candidate/notes.ts";
export { recordEvent, onEventsCommitted, notifyEventsCommitted } from "./kernel/outbox.ts";
export { EVENT_TYPES, WEBHOOK_EVENT_TYPES, type EventType } from "./kernel/contract/event-types.ts";
export { candidateInclude, serializeCandidate, serializeCandidateDetail, notePreview } from "./modules/candidate/serialize.ts";
export { serializeJob } from "./modules/job/serialize.ts";
export { DEFAULT_PIPELINE, readJobStages, readPipelineTemplate, resolveStage, type JobStage } from "./modules/pipeline/stages.ts";
export { replaceJobStages } from "./modules/job/edit-stages.ts";
export { listRejectReasons } from "./modules/pipeline/reject-reasons.ts";
export { normalizePhone } from "./kernel/phone.ts";
export { logger, redact, setLogSink, type Logger } from "./kernel/logger.ts";
export { createMemoryRateLimiter, createRedisRateLimiter, getRateLimiter, rateLimitHeaders, type RateLimiter, type RateLimitResult } from "./kernel/rate-limit.ts";
export { RESUME_MAX_BYTES, RESUME_CONTENT_TYPES, type ResumeFileType, type ResumeExtractionResult } from "./modules/candidate/contract/resume.ts";
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
} from "./modules/candidate/resumes.ts";
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
} from "./modules/webhook/endpoints.ts";
export { allowPrivateWebhookUrls, assertWebhookUrlAllowed, isBlockedAddress, guardedLookup, BlockedAddressError } from "./kernel/outbound-url.ts";
export { candidateUrl } from "./kernel/outbox.ts";
export { webhookBody, webhookPayloads, type DeliveredEvent, type CandidateReader, type DeliveryOptions, type ScorecardNotesReader } from "./modules/webhook/payload.ts";
export { listEvents, getEvent } from "./modules/webhook/events-api.ts";
export { funnelReport, timeInStageReport, applicationsReport, sourcesReport, fitScoresReport, rejectReasonsReport } from "./modules/report/reports.ts";
export { interviewsPerStageReport, timeToFirstInterviewReport, overdueScorecardsReport } from "./modules/report/interview-reports.ts";
export { interviewReportCsv } from "./modules/report/interview-report-csv.ts";
export { reportCsv } from "./modules/report/report-csv.ts";
export * from "./modules/webhook/contract/event.ts";
export { submitApplication, limitApplications, findOpenJob, APPLICATION_RECEIVED } from "./modules/careers/applications.ts";
export { applicationInput, HONEYPOT_FIELD, type ApplicationInput } from "./modules/careers/contract/application.ts";
export { eraseCandidate, exportCandidate } from "./modules/privacy/erasure.ts";
export { getScreeningExplanation } from "./modules/candidate/screening-explanation.ts";
export { agentPlaced, agentPlacedIds } from "./modules/candidate/move/agent-override.ts";
export { countRetentionEligible, getPrivacySettings, retentionEligibleIds, updatePrivacySettings, type RetentionRule } from "./modules/privacy/retention.ts";
export { getCompanyScreeningSettings, updateCompanyScreeningSettings } from "./modules/screening/company-settings.ts";
export { agentHeldBack } from "./modules/screening/agent.ts";
export { USER_ROLES, ROLE_LABELS, ROLE_DESCRIPTIONS, canEraseCandidates, canManageSettings, isUserRole, type UserRole } from "./kernel/roles.ts";
export { assertSettingsAccess } from "./kernel/trpc.ts";
export { recordAudit, listAuditLog, listAuditActors, auditLogCsv, AUDIT_CSV_MAX_ROWS, type AuditEntryInput } from "./modules/audit/audit.ts";
export { AUDIT_ACTIONS, type AuditAction, type AuditEntryDto, auditLogFilters } from "./modules/audit/contract/audit-log.ts";
export { listMembers, changeMemberRole, removeMember } from "./modules/identity/team.ts";
export { inviteMember, listInvitations, revokeInvitation, describeInvitation, acceptInvitation, hashInvitationToken, INVITATION_TTL_MS, type InvitationPreview } from "./modules/identity/member-invitations.ts";
export { type MemberDto, type InvitationDto, type CreatedInvitationDto } from "./modules/identity/contract/team.ts";
export { listEmailMessages, getEmailAttachment } from "./modules/mail/email-log.ts";
export {
  queueEmail,
  getEmailMessage,
  getComposableEmail,
  composableEmail,
  EMAIL_QUEUED_EVENT,
  type OutgoingEmail,
  type EmailAttachmentInput,
  type StoredAttachment,
  type ComposableEmail,
} from "./modules/mail/outgoing.ts";
export { getEmailSettings, updateEmailSettings } from "./modules/mail/settings.ts";
export { parseMailbox, formatMailbox, senderOf, type Mailbox } from "./modules/mail/sender.ts";
export { invitationEmail } from "./modules/identity/member-invitation-email.ts";
export { recordEmailOutcome, cancelScheduledRejections } from "./modules/mail/candidate-emails.ts";
export * from "./modules/mail/candidate-templates.ts";
export * from "./modules/mail/contract/templates.ts";
export { escapeHtml } from "./kernel/html.ts";
export * from "./modules/mail/contract/email.ts";
export { openJobWhere, careersJobState, careersUrl, getCareersJob } from "./modules/careers/careers.ts";
export { jobPosting, inlineJson, descriptionHtml } from "./modules/careers/job-posting.ts";
export { loadJobBoard, listPublishingSlugs, renderOnce, type JobBoard } from "./modules/careers/job-board.ts";
export { indeedFeedXml, jobsFeedJson, cdata, feedJob, type FeedJob } from "./modules/careers/job-feeds.ts";
export { limitJobBoard } from "./modules/careers/job-board-limit.ts";
export { embedScriptJs, embedSnippet, publicJobsApiUrl } from "./modules/careers/job-board-embed.ts";
export { COUNTRY_CODES } from "./kernel/contract/countries.ts";
export { applicationOriginAllowed } from "./modules/careers/application-cors.ts";
export { scheduleInterview, updateInterview, cancelInterview, getInterview, listInterviews } from "./modules/interview/interviews.ts";
export { submitScorecard } from "./modules/interview/scorecards.ts";
export { calendarInvitation, foldLine, escapeText, vtimezone, zoneTransitions, offsetMinutes, type CalendarEvent, type CalendarPerson } from "./modules/interview/icalendar.ts";
export { listCompanyUsers } from "./modules/identity/users.ts";
export * from "./modules/interview/contract/interview.ts";
export * from "./modules/identity/contract/user.ts";
export * from "./modules/candidate/contract/self-identification.ts";
export * from "./modules/report/contract/impact-ratio.ts";
export { impactRatioReport } from "./modules/report/impact-ratios.ts";
export { rateCategories, round3 } from "./modules/report/impact-ratio-math.ts";
export { impactRatioCsv, threePlaces } from "./modules/report/impact-ratio-csv.ts";
export { answerMcpPost, grantedScopes, MCP_RESOURCE_TEMPLATES, MCP_SCOPES, MCP_TOOLS, missingScopes, scopeChallenge, type ScopeChallenge } from "./api/mcp/index.ts";
export * from "./modules/offer/contract/offer.ts";
export * from "./modules/offer/contract/letter-template.ts";
export * from "./modules/offer/contract/public-offer.ts";
export * from "./modules/offer/contract/settings.ts";
export { createOffer, updateOffer, getOffer, listOffers } from "./modules/offer/offers.ts";
export { requestOfferApproval, decideOffer, offersAwaitingDecision } from "./modules/offer/approvals.ts";
export { sendOffer, withdrawOffer, renderOfferLetter, hashOfferToken, offerLinkOf } from "./modules/offer/sending.ts";
export { getPublicOffer, getPublicOfferLetter, acceptOffer, declineOffer, type AnswerMeta } from "./modules/offer/answer.ts";
export type { Block as LetterBlock, Run as LetterRun } from "./modules/offer/letter/html-blocks.ts";
export { expireDueOffers } from "./modules/offer/expiry.ts";
export * from "./modules/scheduling/contract/index.ts";
export { getAvailability, putAvailability } from "./modules/scheduling/availability.ts";
export { createSchedulingLink, getSchedulingLink, listSchedulingLinks, revokeSchedulingLink, schedulingUrlOf } from "./modules/scheduling/links.ts";
export { bookSlot, cancelBooking, getPublicSchedulingLink, getPublicSlots, rescheduleSlot } from "./modules/scheduling/booking.ts";
export { limitSchedulingLinks } from "./modules/scheduling/link-limit.ts";
export { panelFreeSlots } from "./modules/scheduling/pool.ts";
export { limitOfferLinks } from "./modules/offer/link-limit.ts";
export { unreferencedOfferFileKeys } from "./modules/offer/privacy.ts";
export { offersReport } from "./modules/report/offer-reports.ts";
export { offersReportCsv } from "./modules/report/offer-report-csv.ts";
