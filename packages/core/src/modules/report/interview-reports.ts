import { sql } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import {
  type InterviewsPerStageInput,
  type InterviewsPerStageReportDto,
  OVERDUE_DEFAULT_HOURS,
  OVERDUE_MAX_ROWS,
  type OverdueScorecardsInput,
  type OverdueScorecardsReportDto,
  type TimeToFirstInterviewInput,
  type TimeToFirstInterviewReportDto,
} from "./contract/interview-report.ts";
import { inCohort, inRange, pipelines, round2, run, type Scope, scopeOf, slotOf, stageOf } from "./reports.ts";

/**
 * The interview reports (issue 26 §4), each one SQL statement over the company's rows that returns
 * a handful of aggregate rows (the overdue list is cut at OVERDUE_MAX_ROWS), like the other reports
 * in reports.ts, whose scope (range, job, stage rows) and stage resolution they share. Raw SQL
 * bypasses the company-scoping extension, so every table is filtered by `company_id` here.
 */

/**
 * Interviews that start in the range, per stage: the stage its kit belongs to in the job's interview
 * plan, or for an ad hoc interview (no kit, or a kit since removed) the candidate's current stage.
 * Counted as scheduled (not ended yet), completed (ended) or canceled. Rows as the other stage reports:
 * one job's stages, or company-wide the stage types.
 */
export async function interviewsPerStageReport(svc: ServiceContext, input: InterviewsPerStageInput): Promise<InterviewsPerStageReportDto> {
  const scope: Scope = await scopeOf(svc, input);
  const { range, companyId, jobId, rows: stages, by } = scope;
  const rows = await run(
    svc.db.$queryRaw<{ rank: number; scheduled: number; completed: number; canceled: number }[]>`
      WITH ${pipelines(scope, stages)}, picked AS (
        SELECT ${slotOf(sql`coalesce(k.stage_key, c.stage)`, stages, by)} AS rank, i.status, i.end_at
          FROM interviews i
          JOIN candidates c ON c.id = i.candidate_id AND c.company_id = ${companyId}
          LEFT JOIN job_interviews k ON k.id = i.job_interview_id AND k.company_id = ${companyId}
          LEFT JOIN pipelines p ON p.job_id = coalesce(k.job_id, c.job_id)
         WHERE i.company_id = ${companyId} AND ${inRange(sql`i.start_at`, range)}
           AND (${jobId}::int IS NULL OR c.job_id = ${jobId}::int)
      )
      SELECT s.rank::int AS rank,
             count(t.rank) FILTER (WHERE t.status = 'scheduled' AND t.end_at > now())::int AS scheduled,
             count(t.rank) FILTER (WHERE t.status = 'scheduled' AND t.end_at <= now())::int AS completed,
             count(t.rank) FILTER (WHERE t.status = 'canceled')::int AS canceled
        FROM generate_series(1, ${stages.length}::int) AS s(rank)
        LEFT JOIN picked t ON t.rank = s.rank
       GROUP BY s.rank
       ORDER BY s.rank`,
  );
  const out = rows.map((row) => ({ ...stageOf(stages[row.rank - 1]!), scheduled: row.scheduled, completed: row.completed, canceled: row.canceled }));
  const sum = (key: "scheduled" | "completed" | "canceled") => out.reduce((total, row) => total + row[key], 0);
  return { range, by, totals: { scheduled: sum("scheduled"), completed: sum("completed"), canceled: sum("canceled") }, stages: out };
}

/**
 * Days from application (the candidate's creation) to the start of their first interview that is not
 * canceled, for the candidates who applied in the range: median, p75 and p90, company-wide and per
 * job (every job with a candidate in the range). The first interview is read per candidate from the
 * (candidate_id, start_at) index; an interview before the application counts as 0 days.
 */
export async function timeToFirstInterviewReport(svc: ServiceContext, input: TimeToFirstInterviewInput): Promise<TimeToFirstInterviewReportDto> {
  const scope = await scopeOf(svc, input);
  const { range, companyId } = scope;
  const rows = await run(
    svc.db.$queryRaw<
      { overall: boolean; job_id: number | null; title: string | null; candidates: number; interviewed: number; median: number | null; p75: number | null; p90: number | null }[]
    >`
      WITH firsts AS (
        -- greatest() skips NULLs: a candidate without an interview must stay NULL, not 0 days.
        SELECT c.job_id, CASE WHEN f.first_at IS NOT NULL THEN greatest(0, extract(epoch FROM f.first_at - c.created_at) / 86400.0) END AS days
          FROM candidates c
          LEFT JOIN LATERAL (
            SELECT min(i.start_at) AS first_at FROM interviews i
             WHERE i.company_id = ${companyId} AND i.candidate_id = c.id AND i.status <> 'canceled'
          ) f ON true
         WHERE ${inCohort(scope)}
      ), stats AS (
        SELECT grouping(job_id) = 1 AS overall, job_id, count(*)::int AS candidates, count(days)::int AS interviewed,
               (percentile_cont(0.5) WITHIN GROUP (ORDER BY days))::float8 AS median,
               (percentile_cont(0.75) WITHIN GROUP (ORDER BY days))::float8 AS p75,
               (percentile_cont(0.9) WITHIN GROUP (ORDER BY days))::float8 AS p90
          FROM firsts
         GROUP BY GROUPING SETS ((job_id), ())
      )
      SELECT s.overall, s.job_id, j.title, s.candidates, s.interviewed, s.median, s.p75, s.p90
        FROM stats s
        LEFT JOIN jobs j ON j.id = s.job_id AND j.company_id = ${companyId}
       ORDER BY s.overall DESC, j.title, s.job_id`,
  );
  const stats = (row: (typeof rows)[number] | undefined) => ({
    candidates: row?.candidates ?? 0,
    interviewed: row?.interviewed ?? 0,
    median_days: round2(row?.median ?? null),
    p75_days: round2(row?.p75 ?? null),
    p90_days: round2(row?.p90 ?? null),
  });
  return {
    range,
    overall: stats(rows.find((row) => row.overall)),
    jobs: rows.filter((row) => !row.overall && row.job_id !== null).map((row) => ({ job_id: row.job_id!, title: row.title ?? "", ...stats(row) })),
  };
}

/**
 * Scorecards still due: each interviewer of an interview that is not canceled and ended more than
 * `hours` ago (and ended in the range) who has not submitted a scorecard for it. Candidates already
 * hired or rejected are left out: their scorecards can no longer be submitted. The total, a row per
 * interviewer, and the list (longest overdue first, at most OVERDUE_MAX_ROWS) in one statement.
 */
export async function overdueScorecardsReport(svc: ServiceContext, input: OverdueScorecardsInput): Promise<OverdueScorecardsReportDto> {
  const scope = await scopeOf(svc, input);
  const { range, companyId, jobId } = scope;
  const hours = input.hours ?? OVERDUE_DEFAULT_HOURS;
  type Due = OverdueScorecardsReportDto["scorecards"][number];
  const [row] = await run(
    svc.db.$queryRaw<{ total: number; interviewers: OverdueScorecardsReportDto["interviewers"] | null; scorecards: Due[] | null }[]>`
      WITH due AS (
        SELECT i.id, i.title, i.start_at, i.end_at, c.id AS candidate_id, c.name AS candidate_name, j.id AS job_id, j.title AS job_title,
               u.id AS user_id, u.name AS user_name, u.email AS user_email,
               extract(epoch FROM now() - i.end_at) / 3600.0 AS hours_overdue
          FROM interviews i
          JOIN candidates c ON c.id = i.candidate_id AND c.company_id = ${companyId}
          LEFT JOIN jobs j ON j.id = c.job_id AND j.company_id = ${companyId}
          JOIN interview_interviewers ii ON ii.interview_id = i.id AND ii.company_id = ${companyId}
          JOIN users u ON u.id = ii.user_id AND u.company_id = ${companyId}
         WHERE i.company_id = ${companyId} AND i.status = 'scheduled'
           AND i.end_at < now() - make_interval(hours => ${hours}::int)
           AND ${inRange(sql`i.end_at`, range)}
           AND (${jobId}::int IS NULL OR c.job_id = ${jobId}::int)
           AND c.hired_at IS NULL AND c.rejected_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM scorecards s WHERE s.company_id = ${companyId} AND s.interview_id = i.id AND s.interviewer_id = ii.user_id)
      )
      SELECT (SELECT count(*) FROM due)::int AS total,
             (SELECT json_agg(json_build_object('id', x.user_id, 'name', x.user_name, 'email', x.user_email, 'overdue', x.overdue, 'oldest_hours_overdue', round(x.oldest::numeric, 1))
                              ORDER BY x.overdue DESC, x.oldest DESC, x.user_email)
                FROM (SELECT user_id, user_name, user_email, count(*)::int AS overdue, max(hours_overdue) AS oldest FROM due GROUP BY user_id, user_name, user_email) x) AS interviewers,
             (SELECT json_agg(json_build_object(
                       'interview', json_build_object('id', d.id, 'title', d.title, 'start_at', to_char(d.start_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'end_at', to_char(d.end_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
                       'candidate', json_build_object('id', d.candidate_id, 'name', d.candidate_name),
                       'job', CASE WHEN d.job_id IS NULL THEN NULL ELSE json_build_object('id', d.job_id, 'title', d.job_title) END,
                       'interviewer', json_build_object('id', d.user_id, 'name', d.user_name, 'email', d.user_email),
                       'hours_overdue', round(d.hours_overdue::numeric, 1))
                     ORDER BY d.end_at, d.id, d.user_email)
                FROM (SELECT * FROM due ORDER BY end_at, id, user_email LIMIT ${OVERDUE_MAX_ROWS}) d) AS scorecards`,
  );
  return {
    range,
    hours,
    total: row?.total ?? 0,
    interviewers: (row?.interviewers ?? []).map((entry) => ({ ...entry, oldest_hours_overdue: Number(entry.oldest_hours_overdue) })),
    scorecards: (row?.scorecards ?? []).map((entry) => ({ ...entry, hours_overdue: Number(entry.hours_overdue) })),
  };
}
