import { AppError, toAppError } from "@hireflow/core";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { CandidateList } from "./candidate-list";
import { candidatesHref, readCursor, readFilters, toInput } from "./filters";
import { FilterBar } from "./filter-bar";

export const metadata: Metadata = { title: "Candidates" };

const PAGE_SIZE = 50;

/**
 * Every candidate of the company, newest first: search, filters and sort in the URL (a link
 * reproduces the view), keyset pages, and a bulk move to a stage as on the board.
 */
export default async function CandidatesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const filters = readFilters(params);
  const cursor = readCursor(params);
  const caller = await serverCaller();
  const jobsLoad = load(caller.pipeline.jobs());
  // A stage filter within a job is read against that job's stages (a key of it, else a stage type).
  const stagesOf = (list: Awaited<typeof jobsLoad>["data"]) => (filters.job ? list.find((job) => String(job.id) === filters.job)?.stages : undefined);
  const jobStages = filters.job && filters.stage ? stagesOf((await jobsLoad).data) : undefined;
  const [page, jobs] = await Promise.all([
    caller.pipeline.candidates(toInput(filters, cursor, PAGE_SIZE, jobStages)).catch((error: unknown) => {
      // A cursor of another search or sort (an edited link): the first page of this view instead.
      const appError = error instanceof AppError ? error : toAppError(error);
      if (cursor && appError.code === "bad_request") redirect(candidatesHref(filters));
      throw error;
    }),
    jobsLoad,
  ]);
  const searching = filters.q.trim() !== "";
  return (
    <>
      <PageHeader title="Candidates" description="Everyone who applied to or was added for any of your jobs. Search by name, e-mail, phone or a word of the resume." />
      <FilterBar filters={filters} jobs={jobs.data.map((j) => ({ id: j.id, title: j.title, stages: j.stages }))} />
      <CandidateList
        key={candidatesHref(filters, cursor)}
        page={page}
        filters={filters}
        jobStages={stagesOf(jobs.data) ?? null}
        searching={searching}
        firstPage={cursor ? candidatesHref(filters) : null}
        nextPage={page.pagination.next_cursor ? candidatesHref(filters, page.pagination.next_cursor) : null}
      />
    </>
  );
}
