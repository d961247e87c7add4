import { getPrisma } from "@hireflow/db";
import { defineJob } from "../runtime/index.ts";
import { runAttempt } from "./attempt.ts";
import { retryScheduleMs, webhookDeliveryConcurrency } from "./config.ts";
import { DELIVERY_REQUESTED, deliveryRequestSchema } from "./events.ts";

/**
 * One run per delivery (or redelivery): one `step.run` per attempt and a `step.sleep` between
 * attempts following the retry schedule. A step that throws (the database, not the receiver) is
 * retried by the driver; the attempt's claim makes sure that never sends it twice.
 */
export const deliverWebhookJob = defineJob({
  id: "webhook-deliver",
  event: DELIVERY_REQUESTED,
  retries: 3,
  // A run mostly waits (its receiver, up to WEBHOOK_TIMEOUT_MS): with the runner's default of 10,
  // ten slow receivers would hold up every company's webhooks, and a burst of stage changes queues
  // behind the ten in flight (docs/BENCHMARKS.md, webhooks). Inngest applies the account's limit.
  localConcurrency: webhookDeliveryConcurrency(),
  schema: deliveryRequestSchema,
  handler: async ({ event, step }) => {
    const { delivery_id: deliveryId, attempt_count: start, schedule_from: offset, delay_ms: delay } = event.data;
    const schedule = retryScheduleMs();
    if (delay) await step.sleep("backoff-0", delay);
    for (let i = 0; ; i++) {
      const result = await step.run(`attempt-${i + 1}`, () => runAttempt(getPrisma(), deliveryId, start + i, schedule[offset + i] ?? null));
      if (result.outcome !== "retry") return { delivery_id: deliveryId, outcome: result.outcome, attempts: i + 1 };
      await step.sleep(`backoff-${i + 1}`, result.delay_ms);
    }
  },
});
