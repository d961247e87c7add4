import { WEBHOOK_EVENT_TYPES } from "@hireflow/core";
import type { Metadata } from "next";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { WebhookEndpoints } from "./webhook-endpoints";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const caller = await serverCaller();
  const list = await load(caller.webhookEndpoints.list({ limit: "100" }));
  return (
    <>
      <PageHeader
        title="Webhooks"
        description={
          <>
            Hireflow POSTs events to your endpoints, signed with the endpoint&apos;s secret (Standard Webhooks:{" "}
            <code className="rounded bg-slate-100 px-1">webhook-id</code>, <code className="rounded bg-slate-100 px-1">webhook-timestamp</code>,{" "}
            <code className="rounded bg-slate-100 px-1">webhook-signature</code>). Failed deliveries are retried for about three days.
          </>
        }
      />
      <WebhookEndpoints initial={list.data} eventTypes={[...WEBHOOK_EVENT_TYPES]} />
    </>
  );
}
