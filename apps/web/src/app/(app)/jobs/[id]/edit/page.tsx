import type { Metadata } from "next";
import { JobForm } from "@/components/job-form";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { idFromParams } from "@/lib/server/params";

export const metadata: Metadata = { title: "Edit job" };

export default async function EditJobPage({ params }: { params: Promise<{ id: string }> }) {
  const id = await idFromParams(params);
  const caller = await serverCaller();
  // The pipeline editor needs the job's retired stage keys and its candidates per stage (the jobs list).
  const [{ data: job }, { data: departments }, { data: jobs }, { data: members }] = await Promise.all([
    load(caller.pipeline.job({ job_id: id })),
    load(caller.jobs.departments()),
    load(caller.pipeline.jobs()),
    load(caller.users.list({ limit: "100" })),
  ]);
  return (
    <div className="max-w-3xl">
      <PageHeader title={`Edit “${job.title}”`} back={{ href: `/jobs/${job.id}`, label: "Pipeline" }} />
      <JobForm
        job={job}
        departmentName={departments.find((d) => d.id === job.department_id)?.name}
        departments={departments.map((d) => d.name)}
        stages={job.stages}
        retiredKeys={job.retired_stage_keys}
        stageCounts={jobs.find((j) => j.id === job.id)?.stage_counts ?? {}}
        members={members}
      />
    </div>
  );
}
