import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { webhookEndpointIdInput, webhookEndpointSchema } from "../contract/webhook-endpoint.ts";
import { getWebhookEndpoint } from "../endpoints.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const getWebhookEndpointProcedure = companyProcedure
  .meta({
    scope: "webhooks:read",
    settings: true,
    openapi: {
      method: "GET",
      path: "/webhook_endpoints/{id}",
      tags: ["Webhooks"],
      summary: "Retrieve a webhook endpoint",
      description: "The endpoint without its secret.",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 404: "Webhook endpoint not found" },
    },
  })
  .input(webhookEndpointIdInput)
  .output(dataEnvelope(webhookEndpointSchema))
  .query(async ({ ctx, input }) => ({ data: await getWebhookEndpoint(ctx.svc, input.id) }));
