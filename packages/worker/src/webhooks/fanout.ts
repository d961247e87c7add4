import { WEBHOOK_EVENT_TYPES } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { defineJob } from "../runtime/index.ts";
import { deliveryRequest, fanOutEventSchema } from "./events.ts";
import { createDeliveries } from "./store.ts";

/**
 * Fan-out of a published event: one delivery row per enabled endpoint subscribed to its type (a
 * `webhook.test` goes to the endpoint it names, whatever its subscriptions), then one delivery
 * request per row. Replays find the rows already there and request them under the same ids.
 */
function fanOutJob(type: string) {
  return defineJob({
    id: `webhook-fanout-${type.replace(/[^a-z0-9]+/gi, "-")}`,
    event: type,
    retries: 5,
    schema: fanOutEventSchema,
    handler: async ({ event, step }) => {
      const { event_id, company_id, payload } = event.data;
      const endpointId = type === "webhook.test" ? (payload.webhook_endpoint as { id?: number } | undefined)?.id : undefined;
      if (type === "webhook.test" && typeof endpointId !== "number") return { deliveries: 0 };
      const ids = await step.run("create-deliveries", () =>
        createDeliveries(getPrisma(), { id: event_id, companyId: company_id, type, ...(endpointId === undefined ? {} : { endpointId }) }),
      );
      await step.sendEvent("request-deliveries", ids.map((id) => deliveryRequest(id, 0)));
      return { deliveries: ids.length };
    },
  });
}

export const fanOutJobs = [...WEBHOOK_EVENT_TYPES, "webhook.test"].map(fanOutJob);
