import { type AnyJobDefinition } from "../runtime/index.ts";
import { sweepers } from "../sweepers.ts";
import { deliverWebhookJob } from "./deliver.ts";
import { fanOutJobs } from "./fanout.ts";
import { startDeliverySweeper } from "./sweeper.ts";

/** Webhook delivery: fan-out per event type, one delivery run per endpoint, and the recovery sweeper. */
export const webhookJobs: AnyJobDefinition[] = [...fanOutJobs, deliverWebhookJob];

sweepers.push(() => startDeliverySweeper());

export { deliverWebhookJob } from "./deliver.ts";
export { fanOutJobs } from "./fanout.ts";
export { startDeliverySweeper, sweepOverdueDeliveries } from "./sweeper.ts";
export { runAttempt, type AttemptResult } from "./attempt.ts";
export { DELIVERY_REQUESTED, deliveryRequest } from "./events.ts";
export { signWebhook, signatureHeaders, verifyWebhookSignature, secretKeyBytes, type VerifyOptions } from "./signing.ts";
export { postWebhook, parseRetryAfter, type PostOutcome } from "./http.ts";
export { retryScheduleMs, DEFAULT_RETRY_SCHEDULE_MS } from "./config.ts";
