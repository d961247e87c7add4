import { webhookBody, webhookPayloads } from "@hireflow/core";
import { getPrisma, type PrismaClient } from "@hireflow/db";
import { defineJob } from "../runtime/index.ts";
import { afterRecorded, type AttemptResult, sendAttempt } from "./attempt.ts";
import { retryScheduleMs, webhookDeliveryConcurrency } from "./config.ts";
import { DELIVERIES_REQUESTED, deliveriesRequestSchema, retryRequest } from "./events.ts";
import { claimFirstAttempts, type ClaimedAttempt, failFirstAttemptsOfDisabledEndpoints, recordAttempts } from "./store.ts";

/** POSTs of one batch in flight at once (the batch's runs are limited too: deliverBatchJob). */
const POSTS_IN_FLIGHT = 32;

/** One delivery's first attempt as the batch reports it: JSON, a step result. */
export type FirstAttempt = { delivery_id: number } & Exclude<AttemptResult, { outcome: "skipped" }>;

/**
 * The first attempts of many new deliveries in three round trips to the database however many they
 * are: one claim (the conditional UPDATE of every row), the POSTs side by side, one record. A batch of
 * stage changes costs the database a statement each way instead of two per delivery. A slow receiver
 * delays only its batch's record, not its neighbours' receipt. Each attempt is claimed once, as a
 * single attempt is (store.ts), so a repeat of the request sends nothing twice.
 */
export async function runFirstAttempts(prisma: PrismaClient, deliveryIds: readonly number[]): Promise<FirstAttempt[]> {
  const claims = await claimFirstAttempts(prisma, deliveryIds);
  if (claims.length < deliveryIds.length) {
    const claimed = new Set(claims.map((claim) => claim.deliveryId));
    await failFirstAttemptsOfDisabledEndpoints(prisma, deliveryIds.filter((id) => !claimed.has(id)));
  }
  if (claims.length === 0) return [];
  const bodies = await bodiesOf(prisma, claims);
  const delay = retryScheduleMs()[0] ?? null;
  const sent = await mapInFlight(claims, POSTS_IN_FLIGHT, (claim, i) => sendAttempt(claim, bodies[i]!, delay));
  await recordAttempts(prisma, sent);
  for (const attempt of sent) if (attempt.gone || attempt.result.outcome === "failed") await afterRecorded(prisma, attempt);
  return sent.map((attempt) => ({ delivery_id: attempt.claim.deliveryId, ...attempt.result }));
}

/**
 * Every claim's body: built once per event (one query for all the batch's candidate.applied events),
 * per delivery only where the endpoint's opt-ins change it (scorecard notes).
 */
async function bodiesOf(prisma: PrismaClient, claims: readonly ClaimedAttempt[]): Promise<string[]> {
  const events = [...new Map(claims.map((claim) => [claim.event.id, claim.event])).values()];
  const payloads = await webhookPayloads(prisma, events);
  const byEvent = new Map(events.map((event, i) => [event.id, JSON.stringify(payloads[i])]));
  return Promise.all(
    claims.map((claim) =>
      claim.includeScorecardNotes && claim.event.type === "scorecard.submitted"
        ? webhookBody(prisma, claim.event, { includeScorecardNotes: true })
        : byEvent.get(claim.event.id)!,
    ),
  );
}

async function mapInFlight<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The first attempts of the deliveries the publisher fanned out, a batch per run; a delivery whose
 * first attempt failed continues in a run of its own (deliverWebhookJob) with the retry schedule's
 * wait first. The step's result is stored, so a retried run never sends a batch twice.
 */
export const deliverBatchJob = defineJob({
  id: "webhook-deliver-batch",
  event: DELIVERIES_REQUESTED,
  retries: 3,
  // Each run has up to POSTS_IN_FLIGHT receivers in flight; a few runs side by side keep a burst
  // moving while one batch waits on a slow receiver.
  localConcurrency: Math.max(1, Math.ceil(webhookDeliveryConcurrency() / 10)),
  schema: deliveriesRequestSchema,
  handler: async ({ event, step }) => {
    const attempts = await step.run("first-attempts", () => runFirstAttempts(getPrisma(), event.data.delivery_ids));
    const retries = attempts.flatMap((attempt) => (attempt.outcome === "retry" ? [retryRequest(attempt.delivery_id, attempt.delay_ms)] : []));
    if (retries.length) await step.sendEvent("retries", retries);
    return { attempts: attempts.length, retries: retries.length };
  },
});

