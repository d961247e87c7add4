import { IMPACT_RATIO_MODES, type ImpactRatioReportDto, impactRatioInput } from "@hireflow/core/report/contract";
import { STAGE_TYPES } from "@hireflow/core/pipeline/contract";
import { SELF_ID_RACE_LABELS, SELF_ID_SEX_LABELS } from "@hireflow/core/candidate/contract";
import type { Metadata } from "next";
import Link from "next/link";
import { type ReactNode } from "react";
import { Alert, Button, Card, compactInputClass, PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { JobFilterOptions } from "../filters";

export const metadata: Metadata = { title: "Impact ratios" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const today = () => new Date().toISOString().slice(0, 10);
const yearAgo = () => new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);

/** The page's filters from the URL (an empty value means the default: the last 365 days, selection mode). */
function readFilters(params: Record<string, string | string[] | undefined>) {
  const first = (name: string) => {
    const value = params[name];
    return (Array.isArray(value) ? value[0] : value) || undefined;
  };
  return { job_id: first("job_id"), from: first("from") ?? yearAgo(), to: first("to") ?? today(), mode: first("mode") ?? "selection", selected_stage_type: first("selected_stage_type") };
}

type Filters = ReturnType<typeof readFilters>;

function downloadHref(format: "csv" | "json", filters: Filters): string {
  const query = new URLSearchParams({ format, from: filters.from, to: filters.to, mode: filters.mode });
  if (filters.job_id) query.set("job_id", filters.job_id);
  if (filters.selected_stage_type && filters.mode === "selection") query.set("selected_stage_type", filters.selected_stage_type);
  return `/api/impact-ratios?${query}`;
}

export default async function ImpactRatiosPage({ searchParams }: { searchParams: SearchParams }) {
  const filters = readFilters(await searchParams);
  const caller = await serverCaller();
  const { data: jobs } = await load(caller.pipeline.jobs());
  const input = { ...filters, selected_stage_type: filters.mode === "selection" ? filters.selected_stage_type : undefined };
  // Checked here first so that bad filters are explained on the page; the procedure parses them again.
  const parsed = impactRatioInput.safeParse(input);
  const names: Record<string, string> = { job_id: "Job", from: "From", to: "To", mode: "Mode", selected_stage_type: "Selected means" };
  return (
    <>
      <PageHeader
        title="Impact ratios"
        description={
          <>
            The bias audit tables of NYC Local Law 144 from your own data: how the AI screening&rsquo;s outcomes compare across the sex and race/ethnicity
            categories applicants chose in the careers form&rsquo;s voluntary self-identification. <Link href="/reports" className="text-indigo-700 underline">All reports</Link>
          </>
        }
      />
      <FilterForm jobs={jobs} filters={filters} />
      {parsed.success ? (
        <Report filters={filters} report={(await load(caller.reports.impactRatios(input as Parameters<typeof caller.reports.impactRatios>[0]))).data} />
      ) : (
        <Alert title="These filters cannot be used">
          <ul className="list-disc pl-5">
            {parsed.error.issues.map((issue) => (
              <li key={`${String(issue.path[0])}-${issue.message}`}>{`${names[String(issue.path[0])] ?? "Filters"}: ${issue.message}`}</li>
            ))}
          </ul>
        </Alert>
      )}
    </>
  );
}

function FilterForm({ jobs, filters }: { jobs: { id: number; title: string; is_active: boolean }[]; filters: Filters }) {
  return (
    <form method="get" action="/reports/impact-ratios" className="mb-6 flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-label="Impact ratio filters">
      <Labelled id="ir-job" label="Job">
        <select id="ir-job" name="job_id" defaultValue={filters.job_id ?? ""} className={compactInputClass}>
          <JobFilterOptions jobs={jobs} />
        </select>
      </Labelled>
      <Labelled id="ir-from" label="From">
        <input id="ir-from" name="from" type="date" defaultValue={filters.from} className={compactInputClass} />
      </Labelled>
      <Labelled id="ir-to" label="To">
        <input id="ir-to" name="to" type="date" defaultValue={filters.to} className={compactInputClass} />
      </Labelled>
      <Labelled id="ir-mode" label="Mode">
        <select id="ir-mode" name="mode" defaultValue={filters.mode} className={compactInputClass}>
          {IMPACT_RATIO_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {mode === "selection" ? "Selection rate" : "Scoring rate"}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id="ir-stage" label="Selected means (selection)">
        <select id="ir-stage" name="selected_stage_type" defaultValue={filters.selected_stage_type ?? ""} className={compactInputClass}>
          <option value="">Advanced by the AI agent</option>
          {STAGE_TYPES.map((type) => (
            <option key={type} value={type}>
              Reached a {type} stage
            </option>
          ))}
        </select>
      </Labelled>
      <Button type="submit">Show report</Button>
      <p className="w-full text-xs text-slate-600">
        Application dates in UTC, both days included. Only applicants the AI screening assessed are in the sample; declined and missing answers count as
        unknown.
      </p>
    </form>
  );
}

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

const fixed3 = (value: number | null) => (value === null ? "—" : value.toFixed(3));

function Report({ filters, report }: { filters: Filters; report: ImpactRatioReportDto }) {
  const rateName = report.mode === "selection" ? "Selection rate" : "Scoring rate";
  const head = (first: string[]) => [...first, "Applicants", rateName, "Impact ratio", "Under 2 % (not the reference)"];
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900" id="ir-summary">
          {report.sample_size} applicants assessed from {report.from} to {report.to}
        </h2>
        <div className="flex gap-4 text-sm">
          <a href={downloadHref("csv", filters)} download className="font-medium text-indigo-700 underline hover:text-indigo-900">
            Download CSV<span className="sr-only"> of the impact ratios</span>
          </a>
          <a href={downloadHref("json", filters)} download className="font-medium text-indigo-700 underline hover:text-indigo-900">
            Download JSON<span className="sr-only"> of the impact ratios</span>
          </a>
        </div>
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2" data-testid="impact-ratio-facts">
        <Fact term={report.mode === "selection" ? "Selected" : "Scored above"}>
          {report.mode === "selection"
            ? report.selected_stage_type
              ? `reached a ${report.selected_stage_type} stage`
              : "moved forward by the AI agent"
            : `the median fit score, ${report.median_score ?? "—"}`}
        </Fact>
        <Fact term="Asked for a person (not in the sample)">{report.opted_out}</Fact>
        <Fact term="Unknown sex">{report.unknown.sex}</Fact>
        <Fact term="Unknown race/ethnicity">{report.unknown.race_ethnicity}</Fact>
        <Fact term="Engines">{report.engines.length ? report.engines.map((e) => (e.model ? `${e.engine} (${e.model})` : e.engine)).join(", ") : "—"}</Fact>
        <Fact term="Criteria hash">
          <code className="break-all text-xs">{report.criteria_hash ?? "—"}</code>
        </Fact>
      </dl>
      {report.sample_size === 0 && (
        <div className="mt-4">
          <Alert tone="indigo">No applicant of this range was assessed by the AI screening: the tables are empty.</Alert>
        </div>
      )}
      <div className="mt-4 grid gap-6">
        <RatioTable caption="Sex" head={head(["Sex"])}>
          {report.tables.sex.map((r) => (
            <RatioRow key={r.sex} labels={[SELF_ID_SEX_LABELS[r.sex]]} row={r} />
          ))}
        </RatioTable>
        <RatioTable caption="Race/ethnicity" head={head(["Race/ethnicity"])}>
          {report.tables.race_ethnicity.map((r) => (
            <RatioRow key={r.race_ethnicity} labels={[SELF_ID_RACE_LABELS[r.race_ethnicity]]} row={r} />
          ))}
        </RatioTable>
        <RatioTable caption="Intersectional: sex × race/ethnicity" head={head(["Sex", "Race/ethnicity"])}>
          {report.tables.intersectional.map((r) => (
            <RatioRow key={`${r.sex}-${r.race_ethnicity}`} labels={[SELF_ID_SEX_LABELS[r.sex], SELF_ID_RACE_LABELS[r.race_ethnicity]]} row={r} />
          ))}
        </RatioTable>
      </div>
    </Card>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="font-medium text-slate-900">{term}:</dt>
      <dd>{children}</dd>
    </div>
  );
}

const cellHead = "py-1.5 pr-3 text-left font-medium text-slate-900";
const cellNumber = "py-1.5 pl-3 text-right tabular-nums text-slate-800";

function RatioRow({ labels, row }: { labels: string[]; row: { n: number; rate: number; impact_ratio: number | null; excluded_small: boolean } }) {
  return (
    <tr>
      {labels.map((label, i) =>
        i === 0 ? (
          <th key={label} scope="row" className={cellHead}>
            {label}
          </th>
        ) : (
          <td key={label} className="py-1.5 pr-3 text-left text-slate-800">
            {label}
          </td>
        ),
      )}
      <td className={cellNumber}>{row.n}</td>
      <td className={cellNumber}>{fixed3(row.rate)}</td>
      <td className={cellNumber}>{fixed3(row.impact_ratio)}</td>
      <td className={cellNumber}>{row.excluded_small ? "Yes" : "No"}</td>
    </tr>
  );
}

function RatioTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-sm">
        <caption className="mb-1 text-left text-sm font-semibold text-slate-900">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            {head.map((label, i) => (
              <th key={label} scope="col" className={i < head.length - 4 ? "py-1.5 pr-3 text-left font-medium text-slate-700" : "py-1.5 pl-3 text-right font-medium text-slate-700"}>
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
