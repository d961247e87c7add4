/** E-mail delivery: one run per queued message (recovery: emailSweepSchedule); the .eml of the log is composeEmail. */
export { sendEmailJob } from "./job.ts";
export { emailSweepSchedule, startEmailSweeper, sweepOverdueEmails } from "./sweeper.ts";
export { runEmailAttempt, type EmailAttemptResult } from "./attempt.ts";
export { composeEmail } from "./compose.ts";
export { describeSmtpError, sendRaw, type SendOutcome } from "./transport.ts";
export { emailRetryScheduleMs, DEFAULT_EMAIL_RETRY_SCHEDULE_MS } from "./config.ts";
export { emailRecoveryRequest, emailSendRequestSchema } from "./events.ts";
