import { type ServiceContext } from "../context.ts";
import {
  addDays,
  type ApplicationsReportDto,
  FIT_BUCKETS,
  type FitScoresReportDto,
  FUNNEL_STAGES,
  type FunnelReportDto,
  REPORT_STAGES,
  type ReportInput,
  type ReportRangeDto,
  resolveReportRange,
  type SourcesReportDto,
  type TimeInStageReportDto,
} from "../contracts/report.ts";
import { AppError } from "../errors.ts";

/**
 * The reports' aggregates, computed in PostgreSQL: every function here runs one SQL statement that
 * returns a handful of rows (one per stage, week or source), never the candidates themselves.
 *
 * Raw SQL bypasses the company-scoping extension (tenancy.ts), so every statement filters by
 * `company_id` itself, on candidates and on activities alike.
 *
 * The cohort: candidates created (applied) from `from` 00:00 to `to` + 1 day 00:00, local time in
 * `tz`, optionally of one job. Served by candidates_report_cohort_idx, which holds every column the
 * reports read (an index-only scan). Stage history comes from `stage_changed` activities
 * (`data.previous_stage` → `data.new_stage`, written by changeStage in candidates.ts), read per
 * candidate (a LATERAL join) from candidate_activities_stage_changes_idx, a partial index that
 * carries `data` (an index-only scan, in time order). Per candidate, so the work stays linear in
 * the cohort whatever the planner estimates (a generic plan that guesses one candidate included).
 */

interface Scope {
  range: ReportRangeDto;
  companyId: number;
  jobId: number | null;
}

/** The report's range (defaults filled in) and company; a job of another company is a 404. */
async function scopeOf(svc: ServiceContext, input: ReportInput): Promise<Scope> {
  if (input.job_id !== undefined) {
    const job = await svc.db.job.findUnique({ where: { id: input.job_id }, select: { id: true } });
    if (!job) throw AppError.notFound("Job", input.job_id);
  }
  const range = resolveReportRange(input);
  return { range: { ...range, job_id: input.job_id ?? null }, companyId: svc.companyId, jobId: input.job_id ?? null };
}

/**
 * Runs one report statement. A time zone Intl knows but this PostgreSQL does not (an older tz
 * database) is the caller's mistake, not a server error.
 */
async function run<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (error) {
    if (/time zone .* not recognized/i.test(String((error as Error)?.message ?? ""))) {
      throw AppError.validation([{ field: "tz", message: "This time zone is not known to the database; use another IANA name" }]);
    }
    throw error;
  }
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * How far the cohort got. A candidate "reached" stage S when S or a later stage of FUNNEL_STAGES is
 * its current stage or any stage of its history (either side of a stage change). Rejected
 * candidates count up to the furthest stage they reached before the rejection, and are also counted
 * at that stage as `rejected` (where they dropped out). Stages outside the path count as the first.
 */
export async function funnelReport(svc: ServiceContext, input: ReportInput): Promise<FunnelReportDto> {
  const { range, companyId, jobId } = await scopeOf(svc, input);
  const path = [...FUNNEL_STAGES];
  const rows = await run(
    svc.db.$queryRaw<{ stage: string; reached: number; rejected: number }[]>`
      WITH cohort AS (
        SELECT c.id, c.stage FROM candidates c
         WHERE c.company_id = ${companyId}
           AND c.created_at >= (${range.from}::date)::timestamp AT TIME ZONE ${range.tz}
           AND c.created_at < (${range.to}::date + 1)::timestamp AT TIME ZONE ${range.tz}
           AND (${jobId}::int IS NULL OR c.job_id = ${jobId}::int)
      ), furthest AS (
        SELECT coalesce(greatest(array_position(${path}::text[], c.stage), h.furthest), 1) AS rank,
               count(*) AS candidates, count(*) FILTER (WHERE c.stage = 'rejected') AS rejected
          FROM cohort c
          LEFT JOIN LATERAL (
            SELECT max(greatest(array_position(${path}::text[], a.data->>'previous_stage'), array_position(${path}::text[], a.data->>'new_stage'))) AS furthest
              FROM candidate_activities a
             WHERE a.company_id = ${companyId} AND a.candidate_id = c.id AND a.type = 'stage_changed'
          ) h ON true
         GROUP BY 1
      )
      SELECT s.stage,
             (sum(coalesce(f.candidates, 0)) OVER (ORDER BY s.rank DESC))::int AS reached,
             coalesce(f.rejected, 0)::int AS rejected
        FROM unnest(${path}::text[]) WITH ORDINALITY AS s(stage, rank)
        LEFT JOIN furthest f ON f.rank = s.rank
       ORDER BY s.rank`,
  );
  const stages = rows.map((row, i) => ({
    stage: row.stage as FunnelReportDto["stages"][number]["stage"],
    reached: row.reached,
    conversion: i === 0 ? null : ratio(row.reached, rows[i - 1]!.reached),
    rejected: row.rejected,
  }));
  return { range, candidates: stages[0]?.reached ?? 0, rejected: stages.reduce((sum, s) => sum + s.rejected, 0), stages };
}

/**
 * The median time the cohort spent in each stage: every stage change closes a stay in its
 * `previous_stage`, which began at the candidate's previous stage change (or at its creation).
 * Stays still open (the candidate is in the stage now) are not counted.
 */
export async function timeInStageReport(svc: ServiceContext, input: ReportInput): Promise<TimeInStageReportDto> {
  const { range, companyId, jobId } = await scopeOf(svc, input);
  const stages = [...REPORT_STAGES];
  const rows = await run(
    svc.db.$queryRaw<{ stage: string; stints: number; median_seconds: number | null }[]>`
      WITH cohort AS (
        SELECT c.id, c.created_at FROM candidates c
         WHERE c.company_id = ${companyId}
           AND c.created_at >= (${range.from}::date)::timestamp AT TIME ZONE ${range.tz}
           AND c.created_at < (${range.to}::date + 1)::timestamp AT TIME ZONE ${range.tz}
           AND (${jobId}::int IS NULL OR c.job_id = ${jobId}::int)
      ), stints AS (
        SELECT stay.stage, stay.seconds
          FROM cohort c
         CROSS JOIN LATERAL (
           SELECT a.data->>'previous_stage' AS stage,
                  extract(epoch FROM a.created_at - coalesce(lag(a.created_at) OVER (ORDER BY a.created_at, a.id), c.created_at)) AS seconds
             FROM candidate_activities a
            WHERE a.company_id = ${companyId} AND a.candidate_id = c.id AND a.type = 'stage_changed'
         ) stay
      )
      SELECT s.stage, count(t.seconds)::int AS stints,
             (percentile_cont(0.5) WITHIN GROUP (ORDER BY t.seconds))::float8 AS median_seconds
        FROM unnest(${stages}::text[]) WITH ORDINALITY AS s(stage, rank)
        LEFT JOIN stints t ON t.stage = s.stage
       GROUP BY s.stage, s.rank
       ORDER BY s.rank`,
  );
  return {
    range,
    stages: rows.map((row) => ({
      stage: row.stage as TimeInStageReportDto["stages"][number]["stage"],
      stints: row.stints,
      median_seconds: row.median_seconds === null ? null : Math.max(0, row.median_seconds),
    })),
  };
}

/** New candidates per week (weeks start on Monday 00:00 in tz), every week of the range listed. */
export async function applicationsReport(svc: ServiceContext, input: ReportInput): Promise<ApplicationsReportDto> {
  const { range, companyId, jobId } = await scopeOf(svc, input);
  const rows = await run(
    svc.db.$queryRaw<{ week_start: string; candidates: number }[]>`
      WITH counts AS (
        SELECT date_trunc('week', c.created_at AT TIME ZONE ${range.tz}) AS week, count(*) AS candidates
          FROM candidates c
         WHERE c.company_id = ${companyId}
           AND c.created_at >= (${range.from}::date)::timestamp AT TIME ZONE ${range.tz}
           AND c.created_at < (${range.to}::date + 1)::timestamp AT TIME ZONE ${range.tz}
           AND (${jobId}::int IS NULL OR c.job_id = ${jobId}::int)
         GROUP BY 1
      )
      SELECT to_char(w.week, 'YYYY-MM-DD') AS week_start, coalesce(counts.candidates, 0)::int AS candidates
        FROM generate_series(date_trunc('week', ${range.from}::date::timestamp), date_trunc('week', ${range.to}::date::timestamp), interval '1 week') AS w(week)
        LEFT JOIN counts ON counts.week = w.week
       ORDER BY w.week`,
  );
  const weeks = rows.map((row) => ({
    week_start: row.week_start,
    candidates: row.candidates,
    partial: row.week_start < range.from || addDays(row.week_start, 6) > range.to,
  }));
  return { range, total: weeks.reduce((sum, w) => sum + w.candidates, 0), weeks };
}

/** Where the cohort came from (application_source), and how many of each are hired now. */
export async function sourcesReport(svc: ServiceContext, input: ReportInput): Promise<SourcesReportDto> {
  const { range, companyId, jobId } = await scopeOf(svc, input);
  const rows = await run(
    svc.db.$queryRaw<{ source: string; candidates: number; hired: number }[]>`
      WITH cohort AS (
        SELECT c.application_source, c.stage FROM candidates c
         WHERE c.company_id = ${companyId}
           AND c.created_at >= (${range.from}::date)::timestamp AT TIME ZONE ${range.tz}
           AND c.created_at < (${range.to}::date + 1)::timestamp AT TIME ZONE ${range.tz}
           AND (${jobId}::int IS NULL OR c.job_id = ${jobId}::int)
      )
      SELECT s.source::text AS source, count(c.application_source)::int AS candidates,
             count(*) FILTER (WHERE c.stage = 'hired')::int AS hired
        FROM unnest(enum_range(NULL::application_source)) AS s(source)
        LEFT JOIN cohort c ON c.application_source = s.source
       GROUP BY s.source
       ORDER BY s.source`,
  );
  const total = rows.reduce((sum, row) => sum + row.candidates, 0);
  return {
    range,
    total,
    sources: rows.map((row) => ({
      source: row.source as SourcesReportDto["sources"][number]["source"],
      candidates: row.candidates,
      share: ratio(row.candidates, total),
      hired: row.hired,
    })),
  };
}

/**
 * The fit scores of the cohort by current stage: candidates per FIT_BUCKETS bucket and the median.
 * Side by side, the stages show whether screening favours a band of scores (skew).
 */
export async function fitScoresReport(svc: ServiceContext, input: ReportInput): Promise<FitScoresReportDto> {
  const { range, companyId, jobId } = await scopeOf(svc, input);
  const stages = [...REPORT_STAGES];
  const [b1, b2, b3, b4] = FIT_BUCKETS.slice(1).map((bucket) => bucket.min);
  const rows = await run(
    svc.db.$queryRaw<{ stage: string; candidates: number; scored: number; counts: number[]; median: number | null }[]>`
      WITH cohort AS (
        SELECT c.stage, c.fit_score FROM candidates c
         WHERE c.company_id = ${companyId}
           AND c.created_at >= (${range.from}::date)::timestamp AT TIME ZONE ${range.tz}
           AND c.created_at < (${range.to}::date + 1)::timestamp AT TIME ZONE ${range.tz}
           AND (${jobId}::int IS NULL OR c.job_id = ${jobId}::int)
      )
      SELECT s.stage, count(c.stage)::int AS candidates, count(c.fit_score)::int AS scored,
             ARRAY[
               count(*) FILTER (WHERE c.fit_score < ${b1}::float8),
               count(*) FILTER (WHERE c.fit_score >= ${b1}::float8 AND c.fit_score < ${b2}::float8),
               count(*) FILTER (WHERE c.fit_score >= ${b2}::float8 AND c.fit_score < ${b3}::float8),
               count(*) FILTER (WHERE c.fit_score >= ${b3}::float8 AND c.fit_score < ${b4}::float8),
               count(*) FILTER (WHERE c.fit_score >= ${b4}::float8)
             ]::int[] AS counts,
             (percentile_cont(0.5) WITHIN GROUP (ORDER BY c.fit_score))::float8 AS median
        FROM unnest(${stages}::text[]) WITH ORDINALITY AS s(stage, rank)
        LEFT JOIN cohort c ON c.stage = s.stage
       GROUP BY s.stage, s.rank
       ORDER BY s.rank`,
  );
  return {
    range,
    buckets: FIT_BUCKETS.map((bucket) => bucket.label),
    stages: rows.map((row) => ({
      stage: row.stage as FitScoresReportDto["stages"][number]["stage"],
      candidates: row.candidates,
      scored: row.scored,
      counts: row.counts,
      median: row.median,
    })),
  };
}
