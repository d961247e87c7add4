import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { webhookEndpointIdInput, webhookTestSentSchema } from "../contract/webhook-endpoint.ts";
import { sendWebhookTest } from "../endpoints.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const testWebhookEndpointProcedure = companyProcedure
  .meta({
    scope: "webhooks:write",
    settings: true,
    openapi: {
      method: "POST",
      path: "/webhook_endpoints/{id}/test",
      tags: ["Webhooks"],
      summary: "Send a test event",
      description: "Queues a `webhook.test` event for this endpoint only (whatever its `events`), signed and retried like any delivery; follow it in the endpoint's deliveries. The body is empty or `{}` (with `content-type: application/json`, like every POST).",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 404: "Webhook endpoint not found", 409: "The endpoint is disabled" },
    },
    successStatus: 202,
  })
  .input(webhookEndpointIdInput)
  .output(dataEnvelope(webhookTestSentSchema))
  .mutation(async ({ ctx, input }) => ({ data: await sendWebhookTest(ctx.svc, input.id) }));
