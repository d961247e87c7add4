export { allJobs, allSchedules } from "./registry.ts";
export { flushOutbox, startBackgroundWork, stopBackgroundWork } from "./background.ts";
export { outboxSweepSchedule, publishPendingEvents, startOutboxPublisher, type OutboxEventData } from "./outbox/publisher.ts";
export { eventRetentionSchedule, pruneOldEvents, eventsRetentionDays, DEFAULT_EVENTS_RETENTION_DAYS } from "./outbox/retention.ts";
export { candidateRetentionSchedule, eraseExpiredCandidates } from "./privacy/retention.ts";
export { oauthTokenCleanupSchedule, pruneOAuthTokens, oauthCleanupGraceHours, DEFAULT_OAUTH_CLEANUP_GRACE_HOURS } from "./oauth/token-cleanup.ts";
export { offerExpirySchedule } from "./offers/expiry.ts";
