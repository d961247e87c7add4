import { type AnyJobDefinition } from "../runtime/index.ts";
import { deliverWebhookJob } from "./deliver.ts";
import { fanOutJobs } from "./fanout.ts";

/** Webhook delivery: fan-out per event type and one delivery run per endpoint (recovery: deliverySweepSchedule). */
export const webhookJobs: AnyJobDefinition[] = [...fanOutJobs, deliverWebhookJob];

export { deliverWebhookJob } from "./deliver.ts";
export { fanOutJobs } from "./fanout.ts";
export { deliverySweepSchedule, startDeliverySweeper, sweepOverdueDeliveries } from "./sweeper.ts";
export { runAttempt, type AttemptResult } from "./attempt.ts";
export { DELIVERY_REQUESTED, deliveryRequest } from "./events.ts";
export { signWebhook, signatureHeaders, verifyWebhookSignature, secretKeyBytes, type VerifyOptions } from "./signing.ts";
export { postWebhook, parseRetryAfter, type PostOutcome } from "./http.ts";
export { retryScheduleMs, DEFAULT_RETRY_SCHEDULE_MS } from "./config.ts";
