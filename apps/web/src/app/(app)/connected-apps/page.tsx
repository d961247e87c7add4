import type { Metadata } from "next";
import { canManageSettings } from "@hireflow/core/kernel/roles";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { requireSession } from "@/lib/server/session";
import { ConnectedAppsManager } from "../settings/connected-apps/connected-apps-manager";

export const metadata: Metadata = { title: "Connected apps" };

/**
 * A member's own connected apps (AI assistants, partner apps acting as them), for the roles that have no
 * Settings: owners and admins manage every member's in Settings → Connected apps.
 */
export default async function MyConnectedAppsPage() {
  const session = await requireSession("/connected-apps");
  if (canManageSettings(session.user.role)) redirect("/settings/connected-apps");
  const grants = await load((await serverCaller()).connectedApps.list());
  return (
    <>
      <PageHeader
        title="Connected apps"
        description={
          <>
            AI assistants and partner apps you allowed to act as you, each limited to the scopes you granted. Disconnecting an app ends all its tokens at once. How apps
            connect: <a href="/docs/oauth" className="text-indigo-700 underline">Connecting apps with OAuth</a>.
          </>
        }
      />
      <ConnectedAppsManager initialGrants={grants.data} />
    </>
  );
}
