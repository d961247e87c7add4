import { dataEnvelope } from "../../contracts/common.ts";
import { webhookEndpointIdInput, webhookEndpointWithSecretSchema } from "../../contracts/webhook-endpoint.ts";
import { rotateWebhookSecret } from "../../services/webhook-endpoints.ts";
import { companyProcedure } from "../../trpc.ts";

export const rotateWebhookEndpointSecretProcedure = companyProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/webhook_endpoints/{id}/rotate_secret",
      tags: ["Webhooks"],
      summary: "Rotate the signing secret",
      description: "Replaces the secret at once (retries of earlier events are signed with the new one) and returns it; the old secret stops verifying. The body is empty or `{}` (with `content-type: application/json`, like every POST).",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 404: "Webhook endpoint not found" },
    },
  })
  .input(webhookEndpointIdInput)
  .output(dataEnvelope(webhookEndpointWithSecretSchema))
  .mutation(async ({ ctx, input }) => ({ data: await rotateWebhookSecret(ctx.svc, input.id) }));
