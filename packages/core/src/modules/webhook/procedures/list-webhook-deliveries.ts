import { listEnvelope } from "../../../kernel/contract/common.ts";
import { listWebhookDeliveriesInput, webhookDeliverySchema } from "../contract/webhook-endpoint.ts";
import { listWebhookDeliveries } from "../endpoints.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const listWebhookDeliveriesProcedure = companyProcedure
  .meta({
    scope: "webhooks:read",
    settings: true,
    openapi: {
      method: "GET",
      path: "/webhook_endpoints/{id}/deliveries",
      tags: ["Webhooks"],
      summary: "List an endpoint's deliveries",
      description: "Newest first: event type, status, every attempt, last status code, latency, next attempt and the first 1 KB of the last response. Pass `pagination.next_cursor` as `cursor` for the next page.",
      protect: true,
      errorResponses: { 400: "Invalid id, filter or cursor", 401: "Missing or invalid API key", 404: "Webhook endpoint not found" },
    },
  })
  .input(listWebhookDeliveriesInput)
  .output(listEnvelope(webhookDeliverySchema))
  .query(({ ctx, input }) => listWebhookDeliveries(ctx.svc, input));
