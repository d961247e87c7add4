import { envInt } from "@hireflow/config";
import { logger } from "@hireflow/core";

/**
 * E-mail delivery settings, read when used so tests (and operators) can change them through the
 * environment. SMTP_URL itself is @hireflow/config's smtpUrl(): unset, messages are kept in the log.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** After a transient failure (a 4xx answer, no connection): 30 s, 2 min, 10 min, 30 min, 2 h, 6 h, 12 h — eight attempts over about 21 hours. */
export const DEFAULT_EMAIL_RETRY_SCHEDULE_MS = [30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR, 12 * HOUR];

/** Delays between attempts (EMAIL_RETRY_SCHEDULE_MS="30000,120000,…"); attempts = delays + 1. */
export function emailRetryScheduleMs(): number[] {
  const raw = process.env.EMAIL_RETRY_SCHEDULE_MS?.trim();
  if (!raw) return DEFAULT_EMAIL_RETRY_SCHEDULE_MS;
  const parsed = raw.split(",").map((part) => Number(part.trim()));
  if (parsed.every((ms) => Number.isInteger(ms) && ms > 0)) return parsed;
  logger.warn("EMAIL_RETRY_SCHEDULE_MS is not a list of positive integers; using the default schedule", { value: raw });
  return DEFAULT_EMAIL_RETRY_SCHEDULE_MS;
}

/** How long the SMTP server has to accept a connection, greet, and answer each command (SMTP_TIMEOUT_MS, default 30 s). */
export const smtpTimeoutMs = () => envInt("SMTP_TIMEOUT_MS", 30 * SECOND);

/** While an attempt runs, its message's next_attempt_at is pushed this far ahead: the sweeper leaves live attempts alone. */
export const emailAttemptLeaseMs = () => 4 * smtpTimeoutMs() + 30 * SECOND;

/** The sweeper looks every EMAIL_SWEEP_INTERVAL_MS (30 s) for queued messages overdue by EMAIL_SWEEP_MARGIN_MS (60 s). */
export const emailSweepIntervalMs = () => envInt("EMAIL_SWEEP_INTERVAL_MS", 30 * SECOND);
export const emailSweepMarginMs = () => envInt("EMAIL_SWEEP_MARGIN_MS", 60 * SECOND);

/** Characters of the server's answer kept on the message. */
export const ERROR_MAX_CHARS = 1000;
