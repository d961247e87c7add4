import type { Metadata } from "next";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { ScreeningSettingsForm } from "./screening-settings-form";

export const metadata: Metadata = { title: "AI screening" };

export default async function AiScreeningSettingsPage() {
  const caller = await serverCaller();
  const settings = await load(caller.screeningSettings.get());
  return (
    <>
      <PageHeader
        title="AI screening"
        description="Company-wide rules for the AI agent that scores candidates (each job sets its own criteria and mode). Every change is in the audit log."
      />
      <ScreeningSettingsForm initial={settings} />
    </>
  );
}
