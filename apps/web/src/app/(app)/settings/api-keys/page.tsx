import type { Metadata } from "next";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { ApiKeysManager } from "./api-keys-manager";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const caller = await serverCaller();
  const { data } = await load(caller.apiKeys.list());
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Keys authenticate requests to the <a href="/docs" className="text-indigo-700 underline">public API</a> as{" "}
            <code className="rounded bg-slate-100 px-1">Authorization: Bearer hf_live_…</code>, limited to the scopes chosen when the key is
            created. Revoking a key stops it at once.
          </>
        }
      />
      <ApiKeysManager initialKeys={data} />
    </>
  );
}
