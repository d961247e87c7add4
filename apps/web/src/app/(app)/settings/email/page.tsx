import type { Metadata } from "next";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { EmailSettingsForm } from "./email-settings-form";

export const metadata: Metadata = { title: "E-mail" };

export default async function EmailSettingsPage() {
  const caller = await serverCaller();
  const settings = await load(caller.emailSettings.get());
  return (
    <>
      <PageHeader title="E-mail" description="Who the company's e-mails come from, where replies go, and what candidates get when they apply, are rejected or are sent a scheduling link. Every message is in Settings → E-mail log." />
      <EmailSettingsForm initial={settings} />
    </>
  );
}
