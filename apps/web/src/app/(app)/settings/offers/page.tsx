import type { Metadata } from "next";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { OfferSettingsForm } from "./offer-settings-form";

export const metadata: Metadata = { title: "Offers" };

export default async function OfferSettingsPage() {
  const caller = await serverCaller();
  const [settings, members] = await Promise.all([load(caller.offerSettings.get()), load(caller.users.list({ limit: "100" }))]);
  return (
    <>
      <PageHeader title="Offers" description="The letter every offer is sent with, and the approval chain new offers start with (an offer may set its own)." />
      <OfferSettingsForm initial={settings} members={members.data.filter((m) => m.role !== "interviewer")} />
    </>
  );
}
