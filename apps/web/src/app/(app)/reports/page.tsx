import { FIT_BUCKETS, REPORT_MAX_DAYS, type ReportInput, reportInput, type ReportKind, type ReportRangeDto, resolveReportRange } from "@hireflow/core/report/contract";
import type { Metadata } from "next";
import Link from "next/link";
import { type ReactNode } from "react";
import { Alert, Button, Card, compactInputClass, PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { applicationSourceLabel } from "@hireflow/core/candidate/contract";
import { duration, percent } from "./format";
import { ApplicationsChart, FitScoresChart, FunnelChart, InterviewsPerStageChart, RejectReasonsChart, SourcesChart, TimeInStageChart, TimeToFirstInterviewChart } from "./report-charts";
import { type InterviewReportKind, OVERDUE_DEFAULT_HOURS } from "@hireflow/core/report/contract";

export const metadata: Metadata = { title: "Reports" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const TIME_ZONES = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((tz) => tz !== "UTC")];

/** The page's filters from the URL: an empty value means the default. */
function readFilters(params: Record<string, string | string[] | undefined>) {
  const first = (name: string) => {
    const value = params[name];
    return (Array.isArray(value) ? value[0] : value) || undefined;
  };
  return { job_id: first("job_id"), from: first("from"), to: first("to"), tz: first("tz") };
}

function parseFilters(raw: ReturnType<typeof readFilters>): { input: ReportInput } | { errors: string[] } {
  if (raw.job_id !== undefined && !/^[1-9][0-9]{0,9}$/.test(raw.job_id)) return { errors: ["Job: choose a job from the list"] };
  const parsed = reportInput.safeParse({ ...raw, job_id: raw.job_id === undefined ? undefined : Number(raw.job_id) });
  if (parsed.success) return { input: parsed.data };
  const names: Record<string, string> = { job_id: "Job", from: "From", to: "To", tz: "Time zone" };
  return { errors: parsed.error.issues.map((issue) => `${names[String(issue.path[0])] ?? "Filters"}: ${issue.message}`) };
}

function csvHref(report: ReportKind | InterviewReportKind, range: ReportRangeDto): string {
  const query = new URLSearchParams({ report, ...(range.job_id !== null && { job_id: String(range.job_id) }), from: range.from, to: range.to, tz: range.tz });
  return `/api/reports.csv?${query}`;
}

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
              . Every chart describes these candidates; each has its numbers in a table and as CSV.
            </>
          ) : (
            "Hiring funnel, time in stage, reject reasons, interviews, applications, sources and fit scores."
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

function Filters({ jobs, raw, range }: { jobs: { id: number; title: string; is_active: boolean }[]; raw: ReturnType<typeof readFilters>; range: ReturnType<typeof resolveReportRange> | null }) {
  const tz = range?.tz ?? raw.tz ?? "UTC";
  const zones = TIME_ZONES.includes(tz) ? TIME_ZONES : [tz, ...TIME_ZONES];
  return (
    <form method="get" action="/reports" className="mb-6 flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-label="Report filters">
      <div className="flex flex-col gap-1">
        <label htmlFor="report-job" className="text-sm font-medium text-slate-800">
          Job
        </label>
        <select id="report-job" name="job_id" defaultValue={raw.job_id ?? ""} className={compactInputClass}>
          <option value="">All jobs</option>
          {jobs.map((j) => (
            <option key={j.id} value={j.id}>
              {j.title}
              {j.is_active ? "" : " (inactive)"}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="report-from" className="text-sm font-medium text-slate-800">
          From
        </label>
        <input id="report-from" name="from" type="date" defaultValue={range?.from ?? raw.from} className={compactInputClass} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="report-to" className="text-sm font-medium text-slate-800">
          To
        </label>
        <input id="report-to" name="to" type="date" defaultValue={range?.to ?? raw.to} className={compactInputClass} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="report-tz" className="text-sm font-medium text-slate-800">
          Time zone
        </label>
        <select id="report-tz" name="tz" defaultValue={tz} className={compactInputClass}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit">Show report</Button>
      <p className="w-full text-xs text-slate-600">
        Dates are application dates, both days included, at most {REPORT_MAX_DAYS} days; weeks start on Monday in the chosen time zone.
      </p>
    </form>
  );
}

async function Reports({ input }: { input: ReportInput }) {
  const caller = await serverCaller();
  const [{ data: funnel }, { data: timeInStage }, { data: rejectReasons }, { data: applications }, { data: sources }, { data: fitScores }] = await Promise.all([
    load(caller.reports.funnel(input)),
    load(caller.reports.timeInStage(input)),
    load(caller.reports.rejectReasons(input)),
    load(caller.reports.applications(input)),
    load(caller.reports.sources(input)),
    load(caller.reports.fitScores(input)),
  ]);
  // The interview reports take the same filters (query strings, as GET /reports/… does).
  const interviewInput = { ...(input.job_id !== undefined && { job_id: String(input.job_id) }), from: input.from, to: input.to, tz: input.tz };
  const [{ data: interviewsPerStage }, { data: timeToFirstInterview }, { data: overdue }] = await Promise.all([
    load(caller.reports.interviewsPerStage(interviewInput)),
    load(caller.reports.timeToFirstInterview(interviewInput)),
    load(caller.reports.overdueScorecards(interviewInput)),
  ]);
  const range = funnel.range;
  // One job's reports follow its own stages; company-wide, jobs' stages differ, so they count by type.
  const byType = funnel.by === "stage_type";
  return (
    <div className="grid gap-6">
      {funnel.candidates === 0 && <Alert tone="indigo">No candidates applied in this range: every count below is zero.</Alert>}

      <Section
        id="funnel"
        title="Funnel"
        csv={csvHref("funnel", range)}
        description={
          <>
            How far the {funnel.candidates} candidates got
            {byType ? ", by stage type (each job's stages count as their type: Phone screen, In progress, …)" : " through the job's stages"}. A candidate
            reached a stage when it is their current stage, a later one, or any stage in their history; rejected candidates count up to the furthest
            stage they reached ({funnel.rejected} rejected).
          </>
        }
        chart={<FunnelChart report={funnel} />}
      >
        <DataTable caption="Funnel: candidates who reached each stage" head={["Stage", "Reached", "Conversion from the previous stage", "Rejected after reaching it"]}>
          {funnel.stages.map((s) => (
            <tr key={s.stage}>
              <th scope="row" className={cellHead}>
                {s.name}
              </th>
              <td className={cellNumber}>{s.reached}</td>
              <td className={cellNumber}>{percent(s.conversion)}</td>
              <td className={cellNumber}>{s.rejected}</td>
            </tr>
          ))}
        </DataTable>
      </Section>

      <Section
        id="time-in-stage"
        title="Median time in stage"
        csv={csvHref("time_in_stage", range)}
        description={`From the stage-change history: each stay from entering a stage until the next stage change${byType ? ", by stage type" : ""}. Stays still going on are not counted.`}
        chart={<TimeInStageChart report={timeInStage} />}
      >
        <DataTable caption="Median time in each stage" head={["Stage", "Completed stays", "Median time"]}>
          {timeInStage.stages.map((s) => (
            <tr key={s.stage}>
              <th scope="row" className={cellHead}>
                {s.name}
              </th>
              <td className={cellNumber}>{s.stints}</td>
              <td className={cellNumber}>{duration(s.median_seconds)}</td>
            </tr>
          ))}
        </DataTable>
      </Section>

      <Section
        id="reject-reasons"
        title="Reject reasons"
        csv={csvHref("reject_reasons", range)}
        description={`Why the ${rejectReasons.rejected} candidates who are rejected now were rejected: the reason chosen when they were moved to a rejected stage.`}
        chart={<RejectReasonsChart report={rejectReasons} />}
      >
        <DataTable caption="Rejected candidates per reject reason" head={["Reason", "Candidates", "Share"]}>
          {rejectReasons.reasons.map((r) => (
            <tr key={r.id ?? "none"}>
              <th scope="row" className={cellHead}>
                {r.name}
                {r.archived && <span className="font-normal text-slate-600"> (archived)</span>}
              </th>
              <td className={cellNumber}>{r.candidates}</td>
              <td className={cellNumber}>{percent(r.share)}</td>
            </tr>
          ))}
        </DataTable>
      </Section>

      <Section
        id="interviews-per-stage"
        title="Interviews per stage"
        csv={csvHref("interviews_per_stage", range)}
        description={`Interviews that start in this range (${interviewsPerStage.totals.completed} completed, ${interviewsPerStage.totals.scheduled} still to come, ${interviewsPerStage.totals.canceled} canceled), by the stage whose interview plan their kit belongs to${byType ? " (by stage type)" : ""}; an interview without a kit counts at the candidate's current stage.`}
        chart={<InterviewsPerStageChart report={interviewsPerStage} />}
      >
        <DataTable caption="Interviews per stage" head={["Stage", "Completed", "Scheduled", "Canceled"]}>
          {interviewsPerStage.stages.map((s) => (
            <tr key={s.stage}>
              <th scope="row" className={cellHead}>
                {s.name}
              </th>
              <td className={cellNumber}>{s.completed}</td>
              <td className={cellNumber}>{s.scheduled}</td>
              <td className={cellNumber}>{s.canceled}</td>
            </tr>
          ))}
        </DataTable>
      </Section>

      <Section
        id="time-to-first-interview"
        title="Time to first interview"
        csv={csvHref("time_to_first_interview", range)}
        description={`Days from application to the first interview that is not canceled, for the candidates who applied in this range: ${timeToFirstInterview.overall.interviewed} of ${timeToFirstInterview.overall.candidates} had one.`}
        chart={<TimeToFirstInterviewChart report={timeToFirstInterview} />}
      >
        <DataTable caption="Days from application to first interview" head={["Job", "Interviewed", "Median", "75th pct.", "90th pct."]}>
          {[{ job_id: 0, title: "All jobs", ...timeToFirstInterview.overall }, ...timeToFirstInterview.jobs].map((j) => (
            <tr key={j.job_id}>
              <th scope="row" className={cellHead}>
                {j.title}
              </th>
              <td className={cellNumber}>
                {j.interviewed} of {j.candidates}
              </td>
              <td className={cellNumber}>{dayCount(j.median_days)}</td>
              <td className={cellNumber}>{dayCount(j.p75_days)}</td>
              <td className={cellNumber}>{dayCount(j.p90_days)}</td>
            </tr>
          ))}
        </DataTable>
      </Section>

      <Section
        id="overdue-scorecards"
        title="Scorecards overdue"
        csv={csvHref("overdue_scorecards", range)}
        description={`Interviewers who have not submitted their scorecard for an interview that ended more than ${OVERDUE_DEFAULT_HOURS} hours ago (and in this range): ${overdue.total} overdue. Canceled interviews and hired or rejected candidates are left out.`}
        chart={
          <DataTable caption="Overdue scorecards per interviewer" head={["Interviewer", "Overdue", "Oldest"]}>
            {overdue.interviewers.map((m) => (
              <tr key={m.id}>
                <th scope="row" className={cellHead}>
                  {m.name ?? m.email}
                </th>
                <td className={cellNumber}>{m.overdue}</td>
                <td className={cellNumber}>{duration(m.oldest_hours_overdue * 3600)}</td>
              </tr>
            ))}
          </DataTable>
        }
        wide
      >
        {overdue.total === 0 ? (
          <p className="text-sm text-slate-700">No scorecard is overdue.</p>
        ) : (
          <DataTable caption="Overdue scorecards, the longest overdue first" head={["Interviewer", "Interview", "Candidate", "Ended", "Overdue by"]} scroll>
            {overdue.scorecards.map((d) => (
              <tr key={`${d.interview.id}-${d.interviewer.id}`}>
                <th scope="row" className={cellHead}>
                  {d.interviewer.name ?? d.interviewer.email}
                </th>
                <td className="py-1.5 pl-3 text-left text-slate-800">{d.interview.title}</td>
                <td className="py-1.5 pl-3 text-left text-slate-800">
                  <Link href={`/candidates/${d.candidate.id}`} className="text-indigo-700 underline">
                    {d.candidate.name ?? `Candidate ${d.candidate.id}`}
                  </Link>
                </td>
                <td className={cellNumber}>{d.interview.end_at.slice(0, 16).replace("T", " ")} UTC</td>
                <td className={cellNumber}>{duration(d.hours_overdue * 3600)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Section>

      <Section
        id="applications"
        title="Applications per week"
        csv={csvHref("applications", range)}
        description={`New candidates per week (Monday to Sunday, ${range.tz}): ${applications.total} in total. The first and last weeks may cover only part of the week.`}
        chart={<ApplicationsChart report={applications} />}
      >
        <DataTable caption="New candidates per week" head={["Week of", "Candidates"]} scroll>
          {applications.weeks.map((w) => (
            <tr key={w.week_start}>
              <th scope="row" className={cellHead}>
                {w.week_start}
                {w.partial && <span className="font-normal text-slate-600"> (part of the week)</span>}
              </th>
              <td className={cellNumber}>{w.candidates}</td>
            </tr>
          ))}
        </DataTable>
      </Section>

      <Section
        id="sources"
        title="Source mix"
        csv={csvHref("sources", range)}
        description="Where the candidates came from, and how many of each are hired now."
        chart={<SourcesChart report={sources} />}
      >
        <DataTable caption="Candidates per application source" head={["Source", "Candidates", "Share", "Hired"]}>
          {sources.sources.map((s) => (
            <tr key={s.source}>
              <th scope="row" className={cellHead}>
                {applicationSourceLabel(s.source)}
              </th>
              <td className={cellNumber}>{s.candidates}</td>
              <td className={cellNumber}>{percent(s.share)}</td>
              <td className={cellNumber}>{s.hired}</td>
            </tr>
          ))}
        </DataTable>
      </Section>

      <Section
        id="fit-scores"
        title="Fit scores by stage"
        csv={csvHref("fit_scores", range)}
        description="The AI screening's fit scores of the candidates in each stage they are in now. The chart shows each stage's shares, so stages of any size compare: if later stages hold only one band of scores, screening may be skewed."
        chart={
          <>
            {fitScores.stages.every((s) => s.scored === 0) && (
              <p className="text-sm text-slate-700">
                None of these candidates has a fit score: AI screening is off for their jobs, or they were not scored yet (see a job&rsquo;s &ldquo;AI
                screening&rdquo; settings).
              </p>
            )}
            <FitScoresChart report={fitScores} />
          </>
        }
        wide
      >
        <DataTable caption="Candidates per fit-score band in each stage" head={["Stage", "Candidates", "Scored", ...FIT_BUCKETS.map((b) => `Fit ${b.label}`), "Median fit"]}>
          {fitScores.stages.map((s) => (
            <tr key={s.stage}>
              <th scope="row" className={cellHead}>
                {s.name}
              </th>
              <td className={cellNumber}>{s.candidates}</td>
              <td className={cellNumber}>{s.scored}</td>
              {s.counts.map((n, i) => (
                <td key={FIT_BUCKETS[i]!.label} className={cellNumber}>
                  {n}
                </td>
              ))}
              <td className={cellNumber}>{s.median === null ? "—" : s.median.toFixed(0)}</td>
            </tr>
          ))}
        </DataTable>
      </Section>
    </div>
  );
}

const cellHead = "py-1.5 pr-3 text-left font-medium text-slate-900";
const dayCount = (value: number | null) => (value === null ? "—" : `${value.toFixed(1)} days`);
const cellNumber = "py-1.5 pl-3 text-right tabular-nums text-slate-800";

function Section({ id, title, description, csv, chart, wide, children }: { id: string; title: string; description: ReactNode; csv: string; chart: ReactNode; wide?: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <Card className="p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <a href={csv} download className="text-sm font-medium text-indigo-700 underline hover:text-indigo-900">
            Download CSV<span className="sr-only"> of {title.toLowerCase()}</span>
          </a>
        </div>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{description}</p>
        <div className={wide ? "mt-4 grid gap-4" : "mt-4 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"}>
          {chart}
          {children}
        </div>
      </Card>
    </section>
  );
}

function DataTable({ caption, head, scroll, children }: { caption: string; head: string[]; scroll?: boolean; children: ReactNode }) {
  return (
    // Focusable so that a keyboard can scroll it (a long range, a wide table).
    <div className={scroll ? "max-h-72 overflow-auto" : "overflow-x-auto"} tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            {head.map((label, i) => (
              <th key={label} scope="col" className={i === 0 ? "py-1.5 pr-3 text-left font-medium text-slate-700" : "py-1.5 pl-3 text-right font-medium text-slate-700"}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
