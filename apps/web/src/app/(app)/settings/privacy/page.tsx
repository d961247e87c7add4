import type { Metadata } from "next";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { PrivacySettingsForm } from "./privacy-settings-form";

export const metadata: Metadata = { title: "Privacy" };

export default async function PrivacyPage() {
  const caller = await serverCaller();
  const settings = await load(caller.privacy.get());
  return (
    <>
      <PageHeader
        title="Privacy"
        description="How long candidates' personal data is kept, and the privacy policy applicants agree to on the careers page. A single candidate is erased or exported from their page."
      />
      <PrivacySettingsForm initial={settings} />
    </>
  );
}
