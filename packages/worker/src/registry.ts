import { emailSweepSchedule, sendEmailJob } from "./email/index.ts";
import { outboxSweepSchedule } from "./outbox/publisher.ts";
import { eventRetentionSchedule } from "./outbox/retention.ts";
import { oauthTokenCleanupSchedule } from "./oauth/token-cleanup.ts";
import { offerExpirySchedule } from "./offers/expiry.ts";
import { candidateRetentionSchedule } from "./privacy/retention.ts";
import { blobGcSchedule, resumeParseJob, resumeSweepSchedule } from "./resume-pipeline/index.ts";
import { type AnyJobDefinition, type ScheduleDefinition } from "./runtime/index.ts";
import { candidateScreenJob } from "./screening/job.ts";
import { deliverySweepSchedule, webhookJobs } from "./webhooks/index.ts";

/**
 * Every background job of Hireflow, served by Inngest at /api/inngest in production and run by
 * the local runner everywhere else. Add a job by adding it here.
 */
export const allJobs: AnyJobDefinition[] = [
  resumeParseJob,
  candidateScreenJob,
  ...webhookJobs,
  sendEmailJob,
];

/**
 * Recovery work that re-sends (or cleans up) what a crash left behind, and housekeeping (events past their
 * retention, dead OAuth tokens): cron functions on Inngest, interval timers in a long-lived process (startBackgroundWork).
 */
export const allSchedules: ScheduleDefinition[] = [outboxSweepSchedule, resumeSweepSchedule, deliverySweepSchedule, blobGcSchedule, eventRetentionSchedule, candidateRetentionSchedule, emailSweepSchedule, oauthTokenCleanupSchedule, offerExpirySchedule];
