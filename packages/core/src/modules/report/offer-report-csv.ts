import { type ServiceContext } from "../../kernel/context.ts";
import { csvDocument } from "../../kernel/csv.ts";
import { offersReportInput } from "./contract/offer-report.ts";
import { offersReport } from "./offer-reports.ts";

/** Ratios with four decimals (0.4286), as the other reports' CSVs write them. */
const decimal = (value: number | null) => (value === null ? null : Number(value.toFixed(4)));

/**
 * The offers report as CSV (the Reports page's download): the "All jobs" row, then a row per job.
 * `params` are the query's strings (job_id, from, to, tz), parsed by the same contract as GET
 * /reports/offers (a ZodError is a 400 naming the field).
 */
export async function offersReportCsv(svc: ServiceContext, params: Record<string, string | undefined>): Promise<{ filename: string; csv: string }> {
  const given = Object.fromEntries(["job_id", "from", "to", "tz"].flatMap((name) => (params[name] ? [[name, params[name]!]] : [])));
  const report = await offersReport(svc, offersReportInput.parse(given));
  const { range, overall } = report;
  const row = (jobId: number | null, title: string, r: typeof overall) => [
    jobId,
    title,
    r.sent,
    r.accepted,
    r.declined,
    r.expired,
    r.withdrawn,
    r.open,
    decimal(r.acceptance_rate),
    r.hires,
    r.median_days,
    r.p75_days,
    r.p90_days,
  ];
  const csv = csvDocument(
    ["job_id", "job_title", "sent", "accepted", "declined", "expired", "withdrawn", "open", "acceptance_rate", "hires", "median_days_to_hire", "p75_days_to_hire", "p90_days_to_hire"],
    [row(null, "All jobs", overall), ...report.jobs.map((j) => row(j.job_id, j.title, j))],
  );
  const job = range.job_id === null ? "all-jobs" : `job-${range.job_id}`;
  return { filename: `offers_${job}_${range.from}_${range.to}.csv`, csv };
}
