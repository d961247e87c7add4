import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { webhookDeliveryIdInput, webhookDeliverySchema } from "../contract/webhook-endpoint.ts";
import { redeliverWebhook } from "../endpoints.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const redeliverWebhookDeliveryProcedure = companyProcedure
  .meta({
    scope: "webhooks:write",
    settings: true,
    openapi: {
      method: "POST",
      path: "/webhook_deliveries/{id}/redeliver",
      tags: ["Webhooks"],
      summary: "Redeliver an event",
      description: "Sends the delivery's event again (same `webhook-id`), starting a new run of attempts with the retry schedule from the beginning. Answers with the delivery, back to `pending`. The body is empty or `{}` (with `content-type: application/json`, like every POST).",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 404: "Webhook delivery not found", 409: "The endpoint is disabled" },
    },
    successStatus: 202,
  })
  .input(webhookDeliveryIdInput)
  .output(dataEnvelope(webhookDeliverySchema))
  .mutation(async ({ ctx, input }) => ({ data: await redeliverWebhook(ctx.svc, input.id) }));
