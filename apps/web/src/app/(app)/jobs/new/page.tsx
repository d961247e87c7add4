import type { Metadata } from "next";
import { JobForm } from "@/components/job-form";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";

export const metadata: Metadata = { title: "New job" };

export default async function NewJobPage() {
  const caller = await serverCaller();
  // A new job starts from the company's pipeline template (Settings → Pipeline).
  const [{ data: departments }, template, members] = await Promise.all([
    load(caller.jobs.departments()),
    load(caller.pipelineTemplate.get()),
    load(caller.users.list({ limit: "100" })),
  ]);
  return (
    <div className="max-w-3xl">
      <PageHeader title="New job" back={{ href: "/jobs", label: "Jobs" }} />
      <JobForm departments={departments.map((d) => d.name)} stages={template.stages} members={members.data} />
    </div>
  );
}
