import { REPORT_MAX_DAYS, type ReportInput, reportInput, type resolveReportRange } from "@hireflow/core/report/contract";
import { Button, compactInputClass } from "@/components/ui";

/** The reports page's filters (job, dates, time zone): read from the URL, checked, and the form that sets them. */

const TIME_ZONES = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((tz) => tz !== "UTC")];

/** The page's filters from the URL: an empty value means the default. */
export function readFilters(params: Record<string, string | string[] | undefined>) {
  const first = (name: string) => {
    const value = params[name];
    return (Array.isArray(value) ? value[0] : value) || undefined;
  };
  return { job_id: first("job_id"), from: first("from"), to: first("to"), tz: first("tz") };
}

export function parseFilters(raw: ReturnType<typeof readFilters>): { input: ReportInput } | { errors: string[] } {
  if (raw.job_id !== undefined && !/^[1-9][0-9]{0,9}$/.test(raw.job_id)) return { errors: ["Job: choose a job from the list"] };
  const parsed = reportInput.safeParse({ ...raw, job_id: raw.job_id === undefined ? undefined : Number(raw.job_id) });
  if (parsed.success) return { input: parsed.data };
  const names: Record<string, string> = { job_id: "Job", from: "From", to: "To", tz: "Time zone" };
  return { errors: parsed.error.issues.map((issue) => `${names[String(issue.path[0])] ?? "Filters"}: ${issue.message}`) };
}

export function Filters({ jobs, raw, range }: { jobs: { id: number; title: string; is_active: boolean }[]; raw: ReturnType<typeof readFilters>; range: ReturnType<typeof resolveReportRange> | null }) {
  const tz = range?.tz ?? raw.tz ?? "UTC";
  const zones = TIME_ZONES.includes(tz) ? TIME_ZONES : [tz, ...TIME_ZONES];
  return (
    <form method="get" action="/reports" className="mb-6 flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-label="Report filters">
      <div className="flex flex-col gap-1">
        <label htmlFor="report-job" className="text-sm font-medium text-slate-800">
          Job
        </label>
        <select id="report-job" name="job_id" defaultValue={raw.job_id ?? ""} className={compactInputClass}>
          <JobFilterOptions jobs={jobs} />
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

/** A report filter's job choices: all jobs, then each job, inactive ones marked (the reports and impact ratios). */
export function JobFilterOptions({ jobs }: { jobs: { id: number; title: string; is_active: boolean }[] }) {
  return (
    <>
      <option value="">All jobs</option>
      {jobs.map((j) => (
        <option key={j.id} value={j.id}>
          {j.title}
          {j.is_active ? "" : " (inactive)"}
        </option>
      ))}
    </>
  );
}
