import type { Metadata } from "next";
import Link from "next/link";
import { ErasedNotice } from "@/components/erased-notice";
import { jobPlace } from "@/components/job-meta";
import { Badge, Card, EmptyState, LinkButton, PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";

export const metadata: Metadata = { title: "Jobs" };

export default async function JobsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const caller = await serverCaller();
  const { data: jobs } = await load(caller.pipeline.jobs());
  return (
    <>
      <PageHeader
        title="Jobs"
        description="Open a job to see its pipeline. Active, public jobs appear on your careers page."
        actions={<LinkButton href="/jobs/new">New job</LinkButton>}
      />
      <ErasedNotice searchParams={await searchParams} />
      {jobs.length === 0 ? (
        <EmptyState title="No jobs yet" action={<LinkButton href="/jobs/new">Create your first job</LinkButton>}>
          Jobs collect candidates from your careers page and the API.
        </EmptyState>
      ) : (
        <ul className="grid gap-3">
          {jobs.map((job) => (
            <li key={job.id}>
              <Card className="p-4 sm:p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="text-base font-semibold text-slate-900">
                      <Link href={`/jobs/${job.id}`} className="hover:text-indigo-700 hover:underline">
                        {job.title}
                      </Link>
                    </h2>
                    <p className="mt-0.5 text-sm text-slate-600">
                      {[job.department, ...jobPlace(job)].filter(Boolean).join(" · ")}
                    </p>
                    <div className="mt-2 flex flex-wrap gap-1.5">
                      <Badge tone={job.is_active ? "green" : "slate"}>{job.is_active ? "Active" : "Inactive"}</Badge>
                      <Badge tone={job.is_public ? "blue" : "slate"}>{job.is_public ? "Public" : "Private"}</Badge>
                    </div>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <LinkButton href={`/jobs/${job.id}`} variant="secondary">
                      Pipeline ({job.candidate_count})
                    </LinkButton>
                    <LinkButton href={`/jobs/${job.id}/edit`} variant="ghost" aria-label={`Edit ${job.title}`}>
                      Edit
                    </LinkButton>
                  </div>
                </div>
                {job.candidate_count > 0 && (
                  <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 border-t border-slate-100 pt-3 text-xs text-slate-600">
                    {/* The job's own stages, in its order, by name (those that hold candidates). */}
                    {job.stages
                      .filter((stage) => job.stage_counts[stage.key])
                      .map((stage) => (
                        <div key={stage.key} className="flex gap-1" data-stage={stage.key}>
                          <dt>{stage.name}</dt>
                          <dd className="font-semibold text-slate-900">{job.stage_counts[stage.key]}</dd>
                        </div>
                      ))}
                  </dl>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
