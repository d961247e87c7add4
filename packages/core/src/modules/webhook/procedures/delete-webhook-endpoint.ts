import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { deletedWebhookEndpointSchema, webhookEndpointIdInput } from "../contract/webhook-endpoint.ts";
import { deleteWebhookEndpoint } from "../endpoints.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const deleteWebhookEndpointProcedure = companyProcedure
  .meta({
    scope: "webhooks:write",
    settings: true,
    openapi: {
      method: "DELETE",
      path: "/webhook_endpoints/{id}",
      tags: ["Webhooks"],
      summary: "Delete a webhook endpoint",
      description: "Deletes the endpoint and its delivery history; pending retries stop. Answers 200 with `{ data: { id, deleted: true } }`.",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 404: "Webhook endpoint not found" },
    },
  })
  .input(webhookEndpointIdInput)
  .output(dataEnvelope(deletedWebhookEndpointSchema))
  .mutation(async ({ ctx, input }) => ({ data: await deleteWebhookEndpoint(ctx.svc, input.id) }));
