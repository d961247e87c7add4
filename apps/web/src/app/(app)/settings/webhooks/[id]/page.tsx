import { WEBHOOK_EVENT_TYPES } from "@hireflow/core";
import type { Metadata } from "next";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { idFromParams } from "@/lib/server/params";
import { WebhookEndpointDetail } from "./webhook-endpoint-detail";

export const metadata: Metadata = { title: "Webhook endpoint" };

export default async function WebhookEndpointPage({ params }: { params: Promise<{ id: string }> }) {
  const id = String(await idFromParams(params));
  const caller = await serverCaller();
  const [{ data: endpoint }, deliveries] = await Promise.all([
    load(caller.webhookEndpoints.get({ id })),
    load(caller.webhookEndpoints.listDeliveries({ id, limit: "25" })),
  ]);
  return (
    <>
      <PageHeader back={{ href: "/settings/webhooks", label: "Webhooks" }} title="Webhook endpoint" description={<span className="font-mono break-all">{endpoint.url}</span>} />
      <WebhookEndpointDetail initialEndpoint={endpoint} initialDeliveries={deliveries} eventTypes={[...WEBHOOK_EVENT_TYPES]} />
    </>
  );
}
