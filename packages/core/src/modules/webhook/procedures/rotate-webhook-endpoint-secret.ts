import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { rotateWebhookSecretInput, webhookEndpointWithSecretSchema } from "../contract/webhook-endpoint.ts";
import { rotateWebhookSecret } from "../endpoints.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const rotateWebhookEndpointSecretProcedure = companyProcedure
  .meta({
    scope: "webhooks:write",
    settings: true,
    openapi: {
      method: "POST",
      path: "/webhook_endpoints/{id}/rotate_secret",
      tags: ["Webhooks"],
      summary: "Rotate the signing secret",
      description: [
        "Generates a new secret and returns it (shown only here). Every delivery attempt from now on — retries and redeliveries of earlier events too — is signed with it.",
        "The secret it replaces keeps working for a grace period: until `previous_secret_expires_at`, `webhook-signature` carries two signatures, `v1,<new> v1,<previous>` (Standard Webhooks: a receiver accepts the request when any one matches), so a receiver can switch secrets without rejecting deliveries.",
        "`expire_previous_in_seconds` (0..86400, default 86400 = 24 h) sets the grace period; 0 stops the replaced secret at once.",
        "Only one previous secret is kept: rotating again within the grace period makes the secret being replaced the previous one, and the older one stops at once.",
        "The previous secret is never returned. The body is empty, `{}` or `{\"expire_previous_in_seconds\": …}` (with `content-type: application/json`, like every POST).",
      ].join("\n\n"),
      protect: true,
      errorResponses: { 400: "Invalid id or body", 401: "Missing or invalid API key", 404: "Webhook endpoint not found" },
    },
  })
  .input(rotateWebhookSecretInput)
  .output(dataEnvelope(webhookEndpointWithSecretSchema))
  .mutation(async ({ ctx, input }) => ({ data: await rotateWebhookSecret(ctx.svc, input) }));
