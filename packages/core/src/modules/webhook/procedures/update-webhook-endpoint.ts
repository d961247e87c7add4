import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { updateWebhookEndpointInput, webhookEndpointSchema } from "../contract/webhook-endpoint.ts";
import { updateWebhookEndpoint } from "../endpoints.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const updateWebhookEndpointProcedure = companyProcedure
  .meta({
    scope: "webhooks:write",
    settings: true,
    openapi: {
      method: "PATCH",
      path: "/webhook_endpoints/{id}",
      tags: ["Webhooks"],
      summary: "Update a webhook endpoint",
      description: "Partial update of `url`, `events`, `enabled` and `description`. `enabled: true` re-enables an endpoint that was disabled (by a 410 Gone, by failing for 5 days, or through the API).",
      protect: true,
      errorResponses: { 400: "Validation failed", 401: "Missing or invalid API key", 404: "Webhook endpoint not found" },
    },
  })
  .input(updateWebhookEndpointInput)
  .output(dataEnvelope(webhookEndpointSchema))
  .mutation(async ({ ctx, input }) => ({ data: await updateWebhookEndpoint(ctx.svc, input) }));
