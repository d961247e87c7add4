import type { Metadata } from "next";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { ConnectedAppsManager } from "./connected-apps-manager";

export const metadata: Metadata = { title: "Connected apps" };

export default async function ConnectedAppsPage() {
  const caller = await serverCaller();
  const [grants, partners] = await Promise.all([load(caller.connectedApps.list()), load(caller.connectedApps.partnerApps())]);
  return (
    <>
      <PageHeader
        title="Connected apps"
        description={
          <>
            AI assistants (MCP clients) and partner apps members allowed to act as them through OAuth, each limited to the scopes the member
            granted and the member&apos;s role. Disconnecting an app ends all its tokens at once. How apps connect:{" "}
            <a href="/docs/oauth" className="text-indigo-700 underline">Connecting apps with OAuth</a>.
          </>
        }
      />
      <ConnectedAppsManager initialGrants={grants.data} initialPartners={partners.data} />
    </>
  );
}
