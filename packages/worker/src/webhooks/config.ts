import { envInt } from "@hireflow/config";
import { logger } from "@hireflow/core";

/**
 * Delivery settings, read when used so tests (and operators) can change them through the
 * environment. The defaults follow the issue: 2xx within 10 s; retries after about 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h and 10 h (eight attempts over roughly 28 hours).
 */
const SECOND = 1000;
const HOUR = 3600 * SECOND;
export const DEFAULT_RETRY_SCHEDULE_MS = [5 * SECOND, 5 * 60 * SECOND, 30 * 60 * SECOND, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

/** Delays between attempts (WEBHOOK_RETRY_SCHEDULE_MS="5000,300000,…"); attempts = delays + 1. */
export function retryScheduleMs(): number[] {
  const raw = process.env.WEBHOOK_RETRY_SCHEDULE_MS?.trim();
  if (!raw) return DEFAULT_RETRY_SCHEDULE_MS;
  const parsed = raw.split(",").map((part) => Number(part.trim()));
  if (parsed.every((ms) => Number.isInteger(ms) && ms > 0)) return parsed;
  logger.warn("WEBHOOK_RETRY_SCHEDULE_MS is not a list of positive integers; using the default schedule", { value: raw });
  return DEFAULT_RETRY_SCHEDULE_MS;
}

/** How long a receiver has to answer (WEBHOOK_TIMEOUT_MS, default 10 s). */
export const timeoutMs = () => envInt("WEBHOOK_TIMEOUT_MS", 10 * SECOND);

/** Upper bound on a receiver's Retry-After (WEBHOOK_RETRY_AFTER_MAX_MS, default 10 h: the longest backoff step). */
export const retryAfterCapMs = () => envInt("WEBHOOK_RETRY_AFTER_MAX_MS", 10 * HOUR);

/**
 * While an attempt is in flight its row's next_attempt_at is pushed this far ahead: a lease that
 * keeps the sweeper away from live attempts and lets it recover the ones a crash abandoned. The
 * grace beyond the timeout (WEBHOOK_LEASE_GRACE_MS, default 30 s) covers recording the answer.
 */
export const attemptLeaseMs = () => timeoutMs() + envInt("WEBHOOK_LEASE_GRACE_MS", 30 * SECOND);

/** The sweeper looks every WEBHOOK_SWEEP_INTERVAL_MS (30 s) for rows overdue by WEBHOOK_SWEEP_MARGIN_MS (60 s). */
export const sweepIntervalMs = () => envInt("WEBHOOK_SWEEP_INTERVAL_MS", 30 * SECOND);
export const sweepMarginMs = () => envInt("WEBHOOK_SWEEP_MARGIN_MS", 60 * SECOND);

/** An endpoint whose every delivery has failed for this long is disabled. */
export const FAILING_ENDPOINT_DISABLE_MS = 5 * 24 * HOUR;

/** Deliveries in flight at once in one process with the local runner (WEBHOOK_DELIVERY_CONCURRENCY, default 50). */
export const webhookDeliveryConcurrency = () => envInt("WEBHOOK_DELIVERY_CONCURRENCY", 50);

/** Bytes of the receiver's response body kept on the delivery row. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export const USER_AGENT = "Hireflow-Webhooks/1";
