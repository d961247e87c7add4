import { listEnvelope } from "../../../kernel/contract/common.ts";
import { listWebhookEndpointsInput, webhookEndpointSchema } from "../contract/webhook-endpoint.ts";
import { listWebhookEndpoints } from "../endpoints.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const listWebhookEndpointsProcedure = companyProcedure
  .meta({
    scope: "webhooks:read",
    settings: true,
    openapi: {
      method: "GET",
      path: "/webhook_endpoints",
      tags: ["Webhooks"],
      summary: "List webhook endpoints",
      description: "Newest first, without secrets. Pass `pagination.next_cursor` as `cursor` for the next page.",
      protect: true,
      errorResponses: { 400: "Invalid cursor or limit", 401: "Missing or invalid API key" },
    },
  })
  .input(listWebhookEndpointsInput)
  .output(listEnvelope(webhookEndpointSchema))
  .query(({ ctx, input }) => listWebhookEndpoints(ctx.svc, input));
