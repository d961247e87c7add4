import { type Sql, sql } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { STAGE_TYPES, type StageType } from "../pipeline/contract/job-stages.ts";
import {
  addDays,
  type ApplicationsReportDto,
  FIT_BUCKETS,
  type FitScoresReportDto,
  FUNNEL_STAGES,
  type FunnelReportDto,
  NO_REJECT_REASON,
  type RejectReasonsReportDto,
  type ReportInput,
  type ReportRangeDto,
  resolveReportRange,
  type SourcesReportDto,
  type TimeInStageReportDto,
} from "./contract/report.ts";
import { AppError } from "../../kernel/errors.ts";
import { DEFAULT_PIPELINE, type JobStage } from "../pipeline/stages.ts";

/**
 * The reports' aggregates, computed in PostgreSQL: every function here runs one SQL statement that
 * returns a handful of rows (one per stage, week, source or reason), never the candidates themselves
 * (one job's report reads that job's stages first, in the statement that checks the job exists).
 *
 * Raw SQL bypasses the company-scoping extension (tenancy.ts), so every statement filters by
 * `company_id` itself, on candidates, activities, job stages and reject reasons alike.
 *
 * The cohort: candidates created (applied) from `from` 00:00 to `to` + 1 day 00:00, local time in
 * `tz`, optionally of one job. Served by candidates_report_cohort_idx, which holds every column the
 * reports read (an index-only scan). Stage history comes from `stage_changed` activities
 * (`data.previous_stage` → `data.new_stage`, stage keys, written by changeStage in candidates.ts and by
 * pipeline edits), read per candidate (a LATERAL join) from candidate_activities_stage_changes_idx, a
 * partial index that carries `data` (an index-only scan, in time order). Per candidate, so the work
 * stays linear in the cohort whatever the planner estimates (a generic plan that guesses one
 * candidate included).
 *
 * Stages (issue 23): a stage value is a key of the candidate's job's pipeline. Each statement reads
 * the pipelines of the jobs in scope once (`pipelines`: per job its keys and types in order, a few
 * rows) and resolves every value against its candidate's job with array lookups: the key's type, and
 * the report row it falls in (`slotOf`). One job's report has a row per stage of that job, in its
 * order, with its names; a company-wide report has a row per stage type. A value that is not a key
 * of the job (a stage a pipeline edit removed; a candidate without a job) counts as the stage type of
 * that spelling when it is one (→ the job's first stage of that type, as the API resolves it), else
 * it is not counted.
 */

export interface Scope {
  range: ReportRangeDto;
  companyId: number;
  jobId: number | null;
  /** The report's stage rows: the job's stages in order, or company-wide one per stage type. */
  rows: JobStage[];
  by: "job_stage" | "stage_type";
}

/** The type rows of a company-wide report, named as in the default pipeline. */
const TYPE_ROWS: JobStage[] = STAGE_TYPES.map((type) => ({ key: type, name: DEFAULT_PIPELINE.find((s) => s.type === type)?.name ?? type, type }));

/**
 * The report's range (defaults filled in), company and stage rows; a job of another company is a 404.
 * One statement reads the job and its stages.
 */
export async function scopeOf(svc: ServiceContext, input: ReportInput): Promise<Scope> {
  const range = resolveReportRange(input);
  const jobId = input.job_id ?? null;
  let rows = TYPE_ROWS;
  if (jobId !== null) {
    const stages = await svc.db.$queryRaw<{ key: string | null; name: string | null; type: StageType | null }[]>`
      SELECT s.key, s.name, s.type::text AS type
        FROM jobs j LEFT JOIN job_stages s ON s.job_id = j.id AND s.company_id = j.company_id
       WHERE j.id = ${jobId} AND j.company_id = ${svc.companyId}
       ORDER BY s.position, s.id`;
    if (stages.length === 0) throw AppError.notFound("Job", jobId);
    rows = stages.filter((s) => s.key !== null).map((s) => ({ key: s.key!, name: s.name!, type: s.type! }));
  }
  return { range: { ...range, job_id: jobId }, companyId: svc.companyId, jobId, rows, by: jobId === null ? "stage_type" : "job_stage" };
}

/** The cohort's condition on `candidates c`. */
export function inCohort({ range, companyId, jobId }: Scope): Sql {
  return sql`c.company_id = ${companyId}
           AND c.created_at >= (${range.from}::date)::timestamp AT TIME ZONE ${range.tz}
           AND c.created_at < (${range.to}::date + 1)::timestamp AT TIME ZONE ${range.tz}
           AND (${jobId}::int IS NULL OR c.job_id = ${jobId}::int)`;
}

/** The report rows' keys (one job's report; none company-wide) and types, as SQL arrays' values. */
function rowArrays(rows: readonly JobStage[], by: Scope["by"]): { keys: string[]; types: string[] } {
  return { keys: by === "job_stage" ? rows.map((row) => row.key) : [], types: rows.map((row) => row.type) };
}

/**
 * Each job's stage keys, types and report rows in pipeline order (the jobs in scope): join as `p` on
 * the candidate's job. `slots[i]` is the 1-based row of `rows` that stage i falls in (its key's row,
 * else the first row of its type), 0 for none: worked out once per job, so a stage value costs one
 * array lookup (slotOf).
 */
export function pipelines({ companyId, jobId, by }: Scope, rows: readonly JobStage[]): Sql {
  const { keys, types } = rowArrays(rows, by);
  return sql`pipelines AS (
        SELECT s.job_id, array_agg(s.key ORDER BY s.position, s.id) AS keys, array_agg(s.type::text ORDER BY s.position, s.id) AS types,
               array_agg(coalesce(array_position(${keys}::text[], s.key), array_position(${types}::text[], s.type::text), 0) ORDER BY s.position, s.id) AS slots
          FROM job_stages s
         WHERE s.company_id = ${companyId} AND (${jobId}::int IS NULL OR s.job_id = ${jobId}::int)
         GROUP BY s.job_id
      )`;
}

/** The stage type of a stage value in its candidate's job `p` (a type's own spelling when not a key of the job), else null. */
function typeOf(value: Sql): Sql {
  return sql`coalesce(p.types[array_position(p.keys, ${value})], CASE WHEN ${value} = ANY(${[...STAGE_TYPES]}::text[]) THEN ${value} END)`;
}

/**
 * The 1-based report row (of the `rows` given to pipelines()) a stage value falls in: by the job's
 * `slots` when it is a key of the job, else the first row of the type of that spelling. Null when it
 * falls in none. The value is evaluated once unless it is no key of the job.
 */
export function slotOf(value: Sql, rows: readonly JobStage[], by: Scope["by"]): Sql {
  const { types } = rowArrays(rows, by);
  return sql`nullif(coalesce(p.slots[array_position(p.keys, ${value})], array_position(${types}::text[], CASE WHEN ${value} = ANY(${[...STAGE_TYPES]}::text[]) THEN ${value} END)), 0)`;
}

/** `column` (a timestamptz) within the range's local days. */
export function inRange(column: Sql, range: ReportRangeDto): Sql {
  return sql`${column} >= (${range.from}::date)::timestamp AT TIME ZONE ${range.tz}
         AND ${column} < (${range.to}::date + 1)::timestamp AT TIME ZONE ${range.tz}`;
}

/** Two decimals: days and hours as the page and the CSV show them. */
export const round2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/**
 * Runs one report statement. A time zone Intl knows but this PostgreSQL does not (an older tz
 * database) is the caller's mistake, not a server error.
 */
export async function run<T>(query: Promise<T>): Promise<T> {
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
export const stageOf = (row: JobStage) => ({ stage: row.key, name: row.name, type: row.type });

/**
 * How far the cohort got. The path: one job's stages that are not of type rejected, in the job's
 * order (company-wide: FUNNEL_STAGES, the types in order). A candidate "reached" stage S when S or a
 * later stage of the path is its current stage or any stage of its history (either side of a stage
 * change). Rejected candidates (in a rejected-type stage now) count up to the furthest stage they
 * reached before the rejection, and are also counted at that stage as `rejected` (where they dropped
 * out). Stages outside the path count as the first.
 */
export async function funnelReport(svc: ServiceContext, input: ReportInput): Promise<FunnelReportDto> {
  const scope = await scopeOf(svc, input);
  const { range, companyId, by } = scope;
  const path = by === "job_stage" ? scope.rows.filter((row) => row.type !== "rejected") : TYPE_ROWS.filter((row) => (FUNNEL_STAGES as readonly string[]).includes(row.type));
  const rows = await run(
    svc.db.$queryRaw<{ rank: number; reached: number; rejected: number }[]>`
      WITH ${pipelines(scope, path)}, cohort AS (
        SELECT c.id, c.job_id, c.stage FROM candidates c
         WHERE ${inCohort(scope)}
      ), furthest AS (
        SELECT coalesce(greatest(${slotOf(sql`c.stage`, path, by)}, h.furthest), 1) AS rank,
               count(*) AS candidates, count(*) FILTER (WHERE ${typeOf(sql`c.stage`)} = 'rejected') AS rejected
          FROM cohort c
          LEFT JOIN pipelines p ON p.job_id = c.job_id
          LEFT JOIN LATERAL (
            SELECT max(greatest(${slotOf(sql`(a.data->>'previous_stage')`, path, by)}, ${slotOf(sql`(a.data->>'new_stage')`, path, by)})) AS furthest
              FROM candidate_activities a
             WHERE a.company_id = ${companyId} AND a.candidate_id = c.id AND a.type = 'stage_changed'
          ) h ON true
         GROUP BY 1
      )
      SELECT s.rank::int AS rank,
             (sum(coalesce(f.candidates, 0)) OVER (ORDER BY s.rank DESC))::int AS reached,
             coalesce(f.rejected, 0)::int AS rejected
        FROM generate_series(1, ${path.length}::int) AS s(rank)
        LEFT JOIN furthest f ON f.rank = s.rank
       ORDER BY s.rank`,
  );
  const stages = rows.map((row, i) => ({
    ...stageOf(path[row.rank - 1]!),
    reached: row.reached,
    conversion: i === 0 ? null : ratio(row.reached, rows[i - 1]!.reached),
    rejected: row.rejected,
  }));
  return { range, by, candidates: stages[0]?.reached ?? 0, rejected: stages.reduce((sum, s) => sum + s.rejected, 0), stages };
}

/**
 * The median time the cohort spent in each stage: every stage change closes a stay in its
 * `previous_stage`, which began at the candidate's previous stage change (or at its creation).
 * Stays still open (the candidate is in the stage now) are not counted. One job's report: per stage
 * of the job; company-wide: per stage type.
 */
export async function timeInStageReport(svc: ServiceContext, input: ReportInput): Promise<TimeInStageReportDto> {
  const scope = await scopeOf(svc, input);
  const { range, companyId, rows: stages, by } = scope;
  const rows = await run(
    svc.db.$queryRaw<{ rank: number; stints: number; median_seconds: number | null }[]>`
      WITH ${pipelines(scope, stages)}, cohort AS (
        SELECT c.id, c.job_id, c.created_at FROM candidates c
         WHERE ${inCohort(scope)}
      ), stints AS (
        SELECT ${slotOf(sql`stay.stage`, stages, by)} AS rank, stay.seconds
          FROM cohort c
          LEFT JOIN pipelines p ON p.job_id = c.job_id
         CROSS JOIN LATERAL (
           SELECT a.data->>'previous_stage' AS stage,
                  extract(epoch FROM a.created_at - coalesce(lag(a.created_at) OVER (ORDER BY a.created_at, a.id), c.created_at)) AS seconds
             FROM candidate_activities a
            WHERE a.company_id = ${companyId} AND a.candidate_id = c.id AND a.type = 'stage_changed'
         ) stay
      )
      SELECT s.rank::int AS rank, count(t.seconds)::int AS stints,
             (percentile_cont(0.5) WITHIN GROUP (ORDER BY t.seconds))::float8 AS median_seconds
        FROM generate_series(1, ${stages.length}::int) AS s(rank)
        LEFT JOIN stints t ON t.rank = s.rank
       GROUP BY s.rank
       ORDER BY s.rank`,
  );
  return {
    range,
    by,
    stages: rows.map((row) => ({
      ...stageOf(stages[row.rank - 1]!),
      stints: row.stints,
      median_seconds: row.median_seconds === null ? null : Math.max(0, row.median_seconds),
    })),
  };
}

/** New candidates per week (weeks start on Monday 00:00 in tz), every week of the range listed. */
export async function applicationsReport(svc: ServiceContext, input: ReportInput): Promise<ApplicationsReportDto> {
  const scope = await scopeOf(svc, input);
  const { range } = scope;
  const rows = await run(
    svc.db.$queryRaw<{ week_start: string; candidates: number }[]>`
      WITH counts AS (
        SELECT date_trunc('week', c.created_at AT TIME ZONE ${range.tz}) AS week, count(*) AS candidates
          FROM candidates c
         WHERE ${inCohort(scope)}
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

/** Where the cohort came from (application_source), and how many of each are hired now (in a hired-type stage). */
export async function sourcesReport(svc: ServiceContext, input: ReportInput): Promise<SourcesReportDto> {
  const scope = await scopeOf(svc, input);
  const { range } = scope;
  const rows = await run(
    svc.db.$queryRaw<{ source: string; candidates: number; hired: number }[]>`
      WITH ${pipelines(scope, scope.rows)}, cohort AS (
        SELECT c.application_source, ${typeOf(sql`c.stage`)} AS type
          FROM candidates c
          LEFT JOIN pipelines p ON p.job_id = c.job_id
         WHERE ${inCohort(scope)}
      )
      SELECT s.source::text AS source, count(c.application_source)::int AS candidates,
             count(*) FILTER (WHERE c.type = 'hired')::int AS hired
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
 * Side by side, the stages show whether screening favours a band of scores (skew). One job's report:
 * per stage of the job; company-wide: per stage type.
 */
export async function fitScoresReport(svc: ServiceContext, input: ReportInput): Promise<FitScoresReportDto> {
  const scope = await scopeOf(svc, input);
  const { range, rows: stages, by } = scope;
  const [b1, b2, b3, b4] = FIT_BUCKETS.slice(1).map((bucket) => bucket.min);
  const rows = await run(
    svc.db.$queryRaw<{ rank: number; candidates: number; scored: number; counts: number[]; median: number | null }[]>`
      WITH ${pipelines(scope, stages)}, cohort AS (
        SELECT ${slotOf(sql`c.stage`, stages, by)} AS rank, c.fit_score
          FROM candidates c
          LEFT JOIN pipelines p ON p.job_id = c.job_id
         WHERE ${inCohort(scope)}
      )
      SELECT s.rank::int AS rank, count(c.rank)::int AS candidates, count(c.fit_score)::int AS scored,
             ARRAY[
               count(*) FILTER (WHERE c.fit_score < ${b1}::float8),
               count(*) FILTER (WHERE c.fit_score >= ${b1}::float8 AND c.fit_score < ${b2}::float8),
               count(*) FILTER (WHERE c.fit_score >= ${b2}::float8 AND c.fit_score < ${b3}::float8),
               count(*) FILTER (WHERE c.fit_score >= ${b3}::float8 AND c.fit_score < ${b4}::float8),
               count(*) FILTER (WHERE c.fit_score >= ${b4}::float8)
             ]::int[] AS counts,
             (percentile_cont(0.5) WITHIN GROUP (ORDER BY c.fit_score))::float8 AS median
        FROM generate_series(1, ${stages.length}::int) AS s(rank)
        LEFT JOIN cohort c ON c.rank = s.rank
       GROUP BY s.rank
       ORDER BY s.rank`,
  );
  return {
    range,
    by,
    buckets: FIT_BUCKETS.map((bucket) => bucket.label),
    stages: rows.map((row) => ({
      ...stageOf(stages[row.rank - 1]!),
      candidates: row.candidates,
      scored: row.scored,
      counts: row.counts,
      median: row.median,
    })),
  };
}

/**
 * Why the cohort's rejected candidates (those in a rejected-type stage now) were rejected: one row per
 * reject reason of the company in its order (an archived one only while candidates of the range carry
 * it, still by its name), then NO_REJECT_REASON for those rejected without one. The reason id is read
 * by primary key for the rejected candidates only, so the cohort stays an index-only scan.
 */
export async function rejectReasonsReport(svc: ServiceContext, input: ReportInput): Promise<RejectReasonsReportDto> {
  const scope = await scopeOf(svc, input);
  const { range, companyId } = scope;
  const rows = await run(
    svc.db.$queryRaw<{ id: number | null; name: string; archived: boolean; candidates: number }[]>`
      WITH ${pipelines(scope, scope.rows)}, rejected AS (
        SELECT (SELECT x.reject_reason_id FROM candidates x WHERE x.id = c.id) AS reason_id
          FROM candidates c
          LEFT JOIN pipelines p ON p.job_id = c.job_id
         WHERE ${inCohort(scope)} AND ${typeOf(sql`c.stage`)} = 'rejected'
      ), counts AS (
        SELECT reason_id, count(*)::int AS candidates FROM rejected GROUP BY reason_id
      )
      SELECT r.id, r.name, r.archived_at IS NOT NULL AS archived, coalesce(n.candidates, 0)::int AS candidates, r.position
        FROM reject_reasons r
        LEFT JOIN counts n ON n.reason_id = r.id
       WHERE r.company_id = ${companyId} AND (r.archived_at IS NULL OR n.candidates > 0)
      UNION ALL
      SELECT NULL, ${NO_REJECT_REASON}, false, coalesce((SELECT n.candidates FROM counts n WHERE n.reason_id IS NULL), 0), NULL
      ORDER BY position NULLS LAST, id`,
  );
  const rejected = rows.reduce((sum, row) => sum + row.candidates, 0);
  return {
    range,
    rejected,
    reasons: rows.map((row) => ({ id: row.id, name: row.name, archived: row.archived, candidates: row.candidates, share: ratio(row.candidates, rejected) })),
  };
}
