import { resolveReportRange } from "@hireflow/core/report/contract";
import type { Metadata } from "next";
import Link from "next/link";
import { Alert, PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { Filters, parseFilters, readFilters } from "./filters";
import { Reports } from "./reports";

export const metadata: Metadata = { title: "Reports" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ReportsPage({ searchParams }: { searchParams: SearchParams }) {
  const raw = readFilters(await searchParams);
  const caller = await serverCaller();
  const { data: jobs } = await load(caller.pipeline.jobs());
  const filters = parseFilters(raw);
  const shown = "input" in filters ? resolveReportRange(filters.input) : null;
  const job = "input" in filters && filters.input.job_id !== undefined ? jobs.find((j) => j.id === filters.input.job_id) : undefined;

  return (
    <>
      <PageHeader
        title="Reports"
        description={
          shown ? (
            <>
              Candidates who applied from <strong className="font-medium text-slate-900">{shown.from}</strong> to{" "}
              <strong className="font-medium text-slate-900">{shown.to}</strong> ({shown.tz}),{" "}
              {job ? (
                <>
                  job <Link href={`/jobs/${job.id}`} className="text-indigo-700 underline">{job.title}</Link>
                </>
              ) : (
                "all jobs"
              )}
              . Every chart describes these candidates unless it says otherwise (interviews, scorecards and offers go by their own dates); each has its numbers in a table and as CSV.
            </>
          ) : (
            "Hiring funnel, time in stage, reject reasons, interviews, offers, applications, sources and fit scores."
          )
        }
      />
      <p className="mb-4 text-sm">
        <Link href="/reports/impact-ratios" className="font-medium text-indigo-700 underline">
          Impact ratios
        </Link>{" "}
        <span className="text-slate-600">— the AI screening&rsquo;s bias audit tables (NYC Local Law 144) by sex and race/ethnicity.</span>
      </p>
      <Filters jobs={jobs} raw={raw} range={shown} />
      {"errors" in filters ? (
        <Alert title="These filters cannot be used">
          <ul className="list-disc pl-5">
            {filters.errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      ) : (
        <Reports input={filters.input} />
      )}
    </>
  );
}
