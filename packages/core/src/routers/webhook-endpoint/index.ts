import { router } from "../../trpc.ts";
import { createWebhookEndpointProcedure } from "./create-webhook-endpoint.ts";
import { deleteWebhookEndpointProcedure } from "./delete-webhook-endpoint.ts";
import { getWebhookEndpointProcedure } from "./get-webhook-endpoint.ts";
import { listWebhookDeliveriesProcedure } from "./list-webhook-deliveries.ts";
import { listWebhookEndpointsProcedure } from "./list-webhook-endpoints.ts";
import { redeliverWebhookDeliveryProcedure } from "./redeliver-webhook-delivery.ts";
import { rotateWebhookEndpointSecretProcedure } from "./rotate-webhook-endpoint-secret.ts";
import { testWebhookEndpointProcedure } from "./test-webhook-endpoint.ts";
import { updateWebhookEndpointProcedure } from "./update-webhook-endpoint.ts";

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
