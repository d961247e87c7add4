import type { Metadata } from "next";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { RejectReasonsManager } from "./reject-reasons-manager";

export const metadata: Metadata = { title: "Reject reasons" };

export default async function RejectReasonsPage() {
  const caller = await serverCaller();
  const { data } = await load(caller.rejectReasons.list({}));
  return (
    <>
      <PageHeader
        title="Reject reasons"
        description="What the team picks from when it rejects a candidate; the reports break rejections down by them. An archived reason can no longer be picked but stays on the candidates that have it."
      />
      <RejectReasonsManager initialReasons={data} />
    </>
  );
}
