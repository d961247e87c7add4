import { dataEnvelope } from "../../contracts/common.ts";
import { deletedWebhookEndpointSchema, webhookEndpointIdInput } from "../../contracts/webhook-endpoint.ts";
import { deleteWebhookEndpoint } from "../../services/webhook-endpoints.ts";
import { companyProcedure } from "../../trpc.ts";

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
