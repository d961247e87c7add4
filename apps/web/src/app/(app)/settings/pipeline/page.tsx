import type { Metadata } from "next";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { PipelineTemplateForm } from "./pipeline-template-form";

export const metadata: Metadata = { title: "Pipeline" };

export default async function PipelineSettingsPage() {
  const caller = await serverCaller();
  const template = await load(caller.pipelineTemplate.get());
  return (
    <>
      <PageHeader
        title="Pipeline"
        description="The stages a new job starts with. Each job can change its own in the job form; jobs that exist keep theirs when this template changes."
      />
      <PipelineTemplateForm initial={template} />
    </>
  );
}
