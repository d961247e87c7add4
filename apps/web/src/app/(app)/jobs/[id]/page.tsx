import type { Metadata } from "next";
import { ErasedNotice } from "@/components/erased-notice";
import { Badge, LinkButton, PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { idFromParams } from "@/lib/server/params";
import { PipelineBoard } from "./pipeline-board";
import { ScreeningTools } from "./screening-tools";

export const metadata: Metadata = { title: "Pipeline" };

export default async function PipelinePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const jobId = await idFromParams(params);
  const caller = await serverCaller();
  const { data } = await load(caller.pipeline.board({ job_id: jobId }));
  const { job } = data;
  const published = job.is_active && job.is_public;
  return (
    <>
      <PageHeader
        back={{ href: "/jobs", label: "Jobs" }}
        title={job.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {job.department}
            <Badge tone={job.is_active ? "green" : "slate"}>{job.is_active ? "Active" : "Inactive"}</Badge>
            <Badge tone={job.is_public ? "blue" : "slate"}>{job.is_public ? "Public" : "Private"}</Badge>
          </span>
        }
        actions={
          <>
            {published && (
              <a href={job.apply_url} className="text-sm text-indigo-700 underline" target="_blank" rel="noreferrer">
                Careers page ↗
              </a>
            )}
            <LinkButton href={`/reports?job_id=${job.id}`} variant="secondary">
              Reports
            </LinkButton>
            <LinkButton href={`/jobs/${job.id}/edit`} variant="secondary">
              Edit job
            </LinkButton>
          </>
        }
      />
      <ErasedNotice searchParams={await searchParams} />
      {job.screening.mode !== "off" && (
        <ScreeningTools
          jobId={job.id}
          screening={{ mode: job.screening.mode, advance: job.screening.advance, reject_on_required_miss: job.screening.reject_on_required_miss }}
          stages={job.stages}
        />
      )}
      <PipelineBoard initial={data} />
    </>
  );
}
