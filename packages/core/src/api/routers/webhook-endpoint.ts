import { router } from "../../kernel/trpc.ts";
import { createWebhookEndpointProcedure } from "../../modules/webhook/procedures/create-webhook-endpoint.ts";
import { deleteWebhookEndpointProcedure } from "../../modules/webhook/procedures/delete-webhook-endpoint.ts";
import { getWebhookEndpointProcedure } from "../../modules/webhook/procedures/get-webhook-endpoint.ts";
import { listWebhookDeliveriesProcedure } from "../../modules/webhook/procedures/list-webhook-deliveries.ts";
import { listWebhookEndpointsProcedure } from "../../modules/webhook/procedures/list-webhook-endpoints.ts";
import { redeliverWebhookDeliveryProcedure } from "../../modules/webhook/procedures/redeliver-webhook-delivery.ts";
import { rotateWebhookEndpointSecretProcedure } from "../../modules/webhook/procedures/rotate-webhook-endpoint-secret.ts";
import { testWebhookEndpointProcedure } from "../../modules/webhook/procedures/test-webhook-endpoint.ts";
import { updateWebhookEndpointProcedure } from "../../modules/webhook/procedures/update-webhook-endpoint.ts";

export const webhookEndpointRouter = router({
  create: createWebhookEndpointProcedure,
  list: listWebhookEndpointsProcedure,
  get: getWebhookEndpointProcedure,
  update: updateWebhookEndpointProcedure,
  delete: deleteWebhookEndpointProcedure,
  rotateSecret: rotateWebhookEndpointSecretProcedure,
  test: testWebhookEndpointProcedure,
  listDeliveries: listWebhookDeliveriesProcedure,
  redeliver: redeliverWebhookDeliveryProcedure,
});
