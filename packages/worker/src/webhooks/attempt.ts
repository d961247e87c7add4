import { logger, webhookBody } from "@hireflow/core";
import { type PrismaClient } from "@hireflow/db";
import { retryAfterCapMs, timeoutMs, USER_AGENT } from "./config.ts";
import { postWebhook, type PostOutcome } from "./http.ts";
import { signatureHeaders } from "./signing.ts";
import { claimAttempt, disableEndpoint, disableIfFailingTooLong, failIfEndpointDisabled, recordAttempt } from "./store.ts";

/** JSON, because it is a step result (stored by Inngest and replayed). */
export type AttemptResult =
  | { outcome: "succeeded" | "failed"; attempt: number; status_code: number | null }
  | { outcome: "retry"; attempt: number; status_code: number | null; delay_ms: number }
  /** Nothing sent: another run owns this attempt, or the delivery or its endpoint is gone or disabled. */
  | { outcome: "skipped" };

/**
 * One attempt of a delivery: claim it, POST the signed event, record what happened and decide what
 * comes next. `delayMs` is the schedule's wait before the next attempt; null when this is the last.
 */
export async function runAttempt(prisma: PrismaClient, deliveryId: number, expected: number, delayMs: number | null): Promise<AttemptResult> {
  const claim = await claimAttempt(prisma, deliveryId, expected);
  if (!claim) {
    await failIfEndpointDisabled(prisma, deliveryId, expected);
    return { outcome: "skipped" };
  }
  // Built per endpoint: its opt-ins (include_scorecard_notes) decide what the body carries.
  const body = await webhookBody(prisma, claim.event, { includeScorecardNotes: claim.includeScorecardNotes });
  const headers = {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    // The event id, so every retry (and every endpoint) sees the same webhook-id. During a rotation's
    // grace period two signatures: the current secret's, then the previous one's.
    ...signatureHeaders(claim.secrets, claim.event.id, body),
  };
  const sent = await postWebhook(claim.url, headers, body, timeoutMs());
  const ok = sent.statusCode !== null && sent.statusCode >= 200 && sent.statusCode < 300;
  const base = { statusCode: sent.statusCode, error: sent.error, responseMs: sent.responseMs, excerpt: sent.excerpt };

  if (ok) {
    await recordAttempt(prisma, claim, { ...base, status: "succeeded", nextAttemptAt: null });
    return { outcome: "succeeded", attempt: claim.attempt, status_code: sent.statusCode };
  }
  if (sent.statusCode === 410) {
    await recordAttempt(prisma, claim, { ...base, status: "failed", nextAttemptAt: null });
    await disableEndpoint(prisma, claim.endpointId, "The endpoint answered 410 Gone");
    logger.warn("webhook endpoint disabled: 410 Gone", { endpoint_id: claim.endpointId, delivery_id: deliveryId });
    return { outcome: "failed", attempt: claim.attempt, status_code: 410 };
  }
  if (delayMs !== null) {
    const delay = nextDelay(delayMs, sent);
    await recordAttempt(prisma, claim, { ...base, status: "pending", nextAttemptAt: new Date(Date.now() + delay) });
    return { outcome: "retry", attempt: claim.attempt, status_code: sent.statusCode, delay_ms: delay };
  }
  await recordAttempt(prisma, claim, { ...base, status: "failed", nextAttemptAt: null });
  if (await disableIfFailingTooLong(prisma, claim.endpointId)) {
    logger.warn("webhook endpoint disabled: every delivery failed for 5 days", { endpoint_id: claim.endpointId });
  }
  return { outcome: "failed", attempt: claim.attempt, status_code: sent.statusCode };
}

/** The schedule's delay, or longer when the receiver asked for it with Retry-After (capped). */
function nextDelay(scheduled: number, sent: PostOutcome): number {
  if (sent.retryAfterMs === null) return scheduled;
  return Math.max(scheduled, Math.min(sent.retryAfterMs, retryAfterCapMs()));
}
