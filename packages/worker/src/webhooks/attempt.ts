import { logger, webhookBody } from "@hireflow/core";
import { type PrismaClient } from "@hireflow/db";
import { retryAfterCapMs, timeoutMs, USER_AGENT } from "./config.ts";
import { postWebhook, type PostOutcome } from "./http.ts";
import { signatureHeaders } from "./signing.ts";
import { type AttemptRecord, claimAttempt, type ClaimedAttempt, disableEndpoint, disableIfFailingTooLong, failIfEndpointDisabled, recordAttempt } from "./store.ts";

/** JSON, because it is a step result (stored by Inngest and replayed). */
export type AttemptResult =
  | { outcome: "succeeded" | "failed"; attempt: number; status_code: number | null }
  | { outcome: "retry"; attempt: number; status_code: number | null; delay_ms: number }
  /** Nothing sent: another run owns this attempt, or the delivery or its endpoint is gone or disabled. */
  | { outcome: "skipped" };

/** An attempt that was sent: what to write on its row, what to answer, and what it says of the endpoint. */
export interface SentAttempt {
  claim: ClaimedAttempt;
  record: AttemptRecord;
  result: Exclude<AttemptResult, { outcome: "skipped" }>;
  /** 410 Gone: the endpoint asked to be switched off. */
  gone: boolean;
}

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
  const sent = await sendAttempt(claim, body, delayMs);
  await recordAttempt(prisma, claim, sent.record);
  await afterRecorded(prisma, sent);
  return sent.result;
}

/** POSTs a claimed attempt's body, signed, and decides what its row says and what comes next. */
export async function sendAttempt(claim: ClaimedAttempt, body: string, delayMs: number | null): Promise<SentAttempt> {
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
  const attempt = claim.attempt;
  const statusCode = sent.statusCode;

  if (ok) return { claim, gone: false, record: { ...base, status: "succeeded", nextAttemptAt: null }, result: { outcome: "succeeded", attempt, status_code: statusCode } };
  if (statusCode === 410) return { claim, gone: true, record: { ...base, status: "failed", nextAttemptAt: null }, result: { outcome: "failed", attempt, status_code: 410 } };
  if (delayMs !== null) {
    const delay = nextDelay(delayMs, sent);
    return { claim, gone: false, record: { ...base, status: "pending", nextAttemptAt: new Date(Date.now() + delay) }, result: { outcome: "retry", attempt, status_code: statusCode, delay_ms: delay } };
  }
  return { claim, gone: false, record: { ...base, status: "failed", nextAttemptAt: null }, result: { outcome: "failed", attempt, status_code: statusCode } };
}

/** What a recorded attempt means for its endpoint: 410 disables it at once, a last failure may after 5 days of them. */
export async function afterRecorded(prisma: PrismaClient, sent: SentAttempt): Promise<void> {
  const endpointId = sent.claim.endpointId;
  if (sent.gone) {
    await disableEndpoint(prisma, endpointId, "The endpoint answered 410 Gone");
    logger.warn("webhook endpoint disabled: 410 Gone", { endpoint_id: endpointId, delivery_id: sent.claim.deliveryId });
  } else if (sent.result.outcome === "failed" && (await disableIfFailingTooLong(prisma, endpointId))) {
    logger.warn("webhook endpoint disabled: every delivery failed for 5 days", { endpoint_id: endpointId });
  }
}

/** The schedule's delay, or longer when the receiver asked for it with Retry-After (capped). */
function nextDelay(scheduled: number, sent: PostOutcome): number {
  if (sent.retryAfterMs === null) return scheduled;
  return Math.max(scheduled, Math.min(sent.retryAfterMs, retryAfterCapMs()));
}
