import { type AnyJobDefinition } from "../runtime/index.ts";
import { deliverBatchJob } from "./deliver-batch.ts";
import { deliverWebhookJob } from "./deliver.ts";

/**
 * Webhook delivery: the first attempts of a batch of new deliveries together (the outbox publisher fans
 * the events out), then one run per delivery that needs retries or a redelivery (recovery: deliverySweepSchedule).
 */
export const webhookJobs: AnyJobDefinition[] = [deliverBatchJob, deliverWebhookJob];

export { deliverWebhookJob } from "./deliver.ts";
export { deliverBatchJob, runFirstAttempts } from "./deliver-batch.ts";
export { deliverySweepSchedule, startDeliverySweeper, sweepOverdueDeliveries } from "./sweeper.ts";
export { runAttempt, type AttemptResult } from "./attempt.ts";
export { DELIVERY_REQUESTED, DELIVERIES_REQUESTED, deliveryRequest } from "./events.ts";
export { signWebhook, signatureHeaders, verifyWebhookSignature, secretKeyBytes, type VerifyOptions } from "./signing.ts";
export { postWebhook, parseRetryAfter, type PostOutcome } from "./http.ts";
export { retryScheduleMs, DEFAULT_RETRY_SCHEDULE_MS } from "./config.ts";
