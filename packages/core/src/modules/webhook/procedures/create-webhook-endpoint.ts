import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { createWebhookEndpointInput, webhookEndpointWithSecretSchema } from "../contract/webhook-endpoint.ts";
import { createWebhookEndpoint } from "../endpoints.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const createWebhookEndpointProcedure = companyProcedure
  .meta({
    scope: "webhooks:write",
    settings: true,
    openapi: {
      method: "POST",
      path: "/webhook_endpoints",
      tags: ["Webhooks"],
      summary: "Register a webhook endpoint",
      description:
        "Registers an https URL to receive events (`events` empty or omitted: every event type). The URL must not resolve to a loopback, private, link-local or metadata address. The response carries the signing `secret`, shown only here and on rotation.",
      protect: true,
      errorResponses: { 400: "Validation failed (URL, event types)", 401: "Missing or invalid API key" },
    },
    successStatus: 201,
  })
  .input(createWebhookEndpointInput)
  .output(dataEnvelope(webhookEndpointWithSecretSchema))
  .mutation(async ({ ctx, input }) => ({ data: await createWebhookEndpoint(ctx.svc, input) }));
