import { sql } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { isInterviewerOnly } from "../../kernel/roles.ts";
import { type OffersReportDto, type OffersReportInput } from "./contract/offer-report.ts";
import { inRange, round2, run, scopeOf } from "./reports.ts";

/**
 * The offers report (issue 41 §5), one SQL statement over the company's `offers` like the other
 * reports (raw SQL bypasses the company-scoping extension, so every table is filtered by
 * `company_id` here). It reads the table, not the offer module, which sits on the same floor.
 *
 * Who sees it: whoever sees the other reports (owners, admins, recruiters, API keys with
 * reports:read): aggregates per job, never an offer's terms or candidate. An interviewer never sees
 * offers: the procedures refuse them before this runs, and so does this (the CSV route calls it too).
 */

/**
 * Per job (the offer's job) and company-wide: the offers sent in the range (`sent_at`, the current
 * version's sending: a revised offer drops out until it is sent again) by what became of them, the
 * acceptance rate accepted / (accepted + declined + expired), and the days from the candidate's
 * application (`candidates.created_at`) to acceptance — median, p75, p90 — over the offers accepted in
 * the range, whenever they were sent (acceptance before the application, not possible through the
 * app, counts as 0 days). One pass over the offers either date puts in the range.
 */
export async function offersReport(svc: ServiceContext, input: OffersReportInput): Promise<OffersReportDto> {
  if (svc.role && isInterviewerOnly(svc.role)) throw new AppError("forbidden", "Interviewers never see offers; reports are for owners, admins and recruiters");
  const { range, companyId, jobId } = await scopeOf(svc, input);
  type Row = {
    overall: boolean;
    job_id: number | null;
    title: string | null;
    sent: number;
    accepted: number;
    declined: number;
    expired: number;
    withdrawn: number;
    open: number;
    hires: number;
    median: number | null;
    p75: number | null;
    p90: number | null;
  };
  const rows = await run(
    svc.db.$queryRaw<Row[]>`
      WITH picked AS (
        SELECT o.job_id, o.status::text AS status,
               o.sent_at IS NOT NULL AND ${inRange(sql`o.sent_at`, range)} AS sent,
               CASE WHEN o.status = 'accepted' AND o.accepted_at IS NOT NULL AND ${inRange(sql`o.accepted_at`, range)}
                    THEN greatest(0, extract(epoch FROM o.accepted_at - c.created_at) / 86400.0) END AS days
          FROM offers o
          JOIN candidates c ON c.id = o.candidate_id AND c.company_id = ${companyId}
         WHERE o.company_id = ${companyId}
           AND (${jobId}::int IS NULL OR o.job_id = ${jobId}::int)
           AND ((${inRange(sql`o.sent_at`, range)}) OR (${inRange(sql`o.accepted_at`, range)}))
      ), stats AS (
        SELECT grouping(job_id) = 1 AS overall, job_id,
               count(*) FILTER (WHERE sent)::int AS sent,
               count(*) FILTER (WHERE sent AND status = 'accepted')::int AS accepted,
               count(*) FILTER (WHERE sent AND status = 'declined')::int AS declined,
               count(*) FILTER (WHERE sent AND status = 'expired')::int AS expired,
               count(*) FILTER (WHERE sent AND status = 'withdrawn')::int AS withdrawn,
               count(*) FILTER (WHERE sent AND status = 'sent')::int AS open,
               count(days)::int AS hires,
               (percentile_cont(0.5) WITHIN GROUP (ORDER BY days))::float8 AS median,
               (percentile_cont(0.75) WITHIN GROUP (ORDER BY days))::float8 AS p75,
               (percentile_cont(0.9) WITHIN GROUP (ORDER BY days))::float8 AS p90
          FROM picked
         GROUP BY GROUPING SETS ((job_id), ())
      )
      SELECT s.overall, s.job_id, j.title, s.sent, s.accepted, s.declined, s.expired, s.withdrawn, s.open, s.hires, s.median, s.p75, s.p90
        FROM stats s
        LEFT JOIN jobs j ON j.id = s.job_id AND j.company_id = ${companyId}
       ORDER BY s.overall DESC, j.title, s.job_id`,
  );
  const stats = (row: Row | undefined) => {
    const answered = (row?.accepted ?? 0) + (row?.declined ?? 0) + (row?.expired ?? 0);
    return {
      sent: row?.sent ?? 0,
      accepted: row?.accepted ?? 0,
      declined: row?.declined ?? 0,
      expired: row?.expired ?? 0,
      withdrawn: row?.withdrawn ?? 0,
      open: row?.open ?? 0,
      acceptance_rate: answered > 0 ? row!.accepted / answered : null,
      hires: row?.hires ?? 0,
      median_days: round2(row?.median ?? null),
      p75_days: round2(row?.p75 ?? null),
      p90_days: round2(row?.p90 ?? null),
    };
  };
  return {
    range,
    overall: stats(rows.find((row) => row.overall)),
    jobs: rows.filter((row) => !row.overall && row.job_id !== null).map((row) => ({ job_id: row.job_id!, title: row.title ?? "", ...stats(row) })),
  };
}
