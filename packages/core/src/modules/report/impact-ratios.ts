import { type Sql, sql } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { type ImpactRatioInput, type ImpactRatioReportDto, resolveImpactRatioRange } from "./contract/impact-ratio.ts";
import { REPORTED_RACES, REPORTED_SEXES } from "../candidate/contract/self-identification.ts";
import { AppError } from "../../kernel/errors.ts";
import { criteriaHash } from "../screening/engine/fit.ts";
import { type CategoryCount, rateCategories } from "./impact-ratio-math.ts";
import { readScreening } from "../screening/settings.ts";

type Sex = (typeof REPORTED_SEXES)[number];
type Race = (typeof REPORTED_RACES)[number];

/** One cell of the sample: a sex × race/ethnicity answer pair (null: unknown, declined included). */
interface Cell extends CategoryCount {
  sex: Sex | null;
  race: Race | null;
}

/**
 * The impact-ratio report (NYC LL144's tables). The sample: candidates who applied (were created)
 * in [from, to] (UTC dates), of one job or company-wide, that the AI screening tool assessed (at
 * least one completed scoring) — applicants it never assessed are not part of its audit. In scoring
 * mode only those with a fit score count.
 *
 * PostgreSQL groups the sample by answer pair and returns at most 3 × 8 cells (and the median);
 * the tables are sums of those cells, so the work in the process does not grow with the sample.
 * Raw SQL bypasses the scoping extension: every table read filters by company_id itself.
 */
export async function impactRatioReport(svc: ServiceContext, input: ImpactRatioInput): Promise<ImpactRatioReportDto> {
  const companyId = svc.companyId;
  const { from, to } = resolveImpactRatioRange(input);
  const mode = input.mode ?? "selection";
  const jobId = input.job_id ?? null;
  let hash: string | null = null;
  if (jobId !== null) {
    const job = await svc.db.job.findUnique({ where: { id: jobId }, select: { screening: true } });
    if (!job) throw AppError.notFound("Job", jobId);
    const settings = readScreening(job.screening);
    hash = settings.mode === "off" ? null : criteriaHash(settings.criteria);
  }
  const stageType = mode === "selection" ? (input.selected_stage_type ?? null) : null;

  const sample = sql`
    SELECT c.id, c.job_id, c.stage, c.fit_score,
           nullif(si.sex, 'decline') AS sex, nullif(si.race_ethnicity, 'decline') AS race
      FROM candidates c
      LEFT JOIN candidate_self_identifications si ON si.candidate_id = c.id AND si.company_id = ${companyId}
     WHERE c.company_id = ${companyId}
       AND c.created_at >= (${from}::date)::timestamp AT TIME ZONE 'UTC'
       AND c.created_at < (${to}::date + 1)::timestamp AT TIME ZONE 'UTC'
       AND (${jobId}::int IS NULL OR c.job_id = ${jobId}::int)
       AND NOT c.ai_opt_out
       AND EXISTS (SELECT 1 FROM screening_runs r WHERE r.candidate_id = c.id AND r.company_id = ${companyId} AND r.status = 'completed')
       ${mode === "scoring" ? sql`AND c.fit_score IS NOT NULL` : sql``}`;

  const selected: Sql =
    mode === "scoring"
      ? sql`s.fit_score > (SELECT median FROM med)`
      : stageType === null
        ? // The agent's own move, as its scoring recorded it (saveScreeningOutcome).
          sql`EXISTS (SELECT 1 FROM screening_runs r WHERE r.candidate_id = s.id AND r.company_id = ${companyId} AND r.action ->> 'action' = 'advance')`
        : // Reached a stage of the type: is in one now, or entered one by any stage change.
          sql`EXISTS (SELECT 1 FROM job_stages js
                       WHERE js.company_id = ${companyId} AND js.job_id = s.job_id AND js.type = ${stageType}::stage_type
                         AND (js.key = s.stage OR EXISTS (
                               SELECT 1 FROM candidate_activities a
                                WHERE a.candidate_id = s.id AND a.company_id = ${companyId} AND a.type = 'stage_changed'
                                  AND a.data ->> 'new_stage' = js.key)))`;

  const [rows, engines, [optedOut]] = await Promise.all([
    svc.db.$queryRaw<{ sex: Sex | null; race: Race | null; n: number; selected: number; median: number | null }[]>`
      WITH s AS (${sample}),
           med AS (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY fit_score) AS median FROM s)
      SELECT s.sex, s.race, count(*)::int AS n, (count(*) FILTER (WHERE ${selected}))::int AS selected, (SELECT median FROM med) AS median
        FROM s GROUP BY s.sex, s.race`,
    svc.db.$queryRaw<{ engine: string; model: string | null }[]>`
      WITH s AS (${sample})
      SELECT DISTINCT r.engine, r.model FROM screening_runs r JOIN s ON s.id = r.candidate_id
       WHERE r.company_id = ${companyId} AND r.status = 'completed'
       ORDER BY r.engine, r.model NULLS FIRST`,
    // The applicants who opted out of the tool: not assessed, so not in the sample; said how many.
    svc.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM candidates c
       WHERE c.company_id = ${companyId} AND c.ai_opt_out
         AND c.created_at >= (${from}::date)::timestamp AT TIME ZONE 'UTC'
         AND c.created_at < (${to}::date + 1)::timestamp AT TIME ZONE 'UTC'
         AND (${jobId}::int IS NULL OR c.job_id = ${jobId}::int)`,
  ]);

  const cells: Cell[] = rows.map((row) => ({ sex: row.sex, race: row.race, n: row.n, selected: row.selected }));
  const size = cells.reduce((sum, cell) => sum + cell.n, 0);
  const sum = (match: (cell: Cell) => boolean): CategoryCount =>
    cells.filter(match).reduce((total, cell) => ({ n: total.n + cell.n, selected: total.selected + cell.selected }), { n: 0, selected: 0 });
  const median = rows[0]?.median ?? null;

  return {
    mode,
    job_id: jobId,
    from,
    to,
    selected_stage_type: stageType,
    sample_size: size,
    ...(mode === "scoring" && { median_score: median === null ? null : Math.round(Number(median) * 1000) / 1000 }),
    opted_out: optedOut?.n ?? 0,
    unknown: { sex: sum((cell) => cell.sex === null).n, race_ethnicity: sum((cell) => cell.race === null).n },
    engines: engines.map((row) => ({ engine: row.engine, model: row.model })),
    criteria_hash: hash,
    tables: {
      sex: rateCategories(REPORTED_SEXES.map((sex) => ({ key: sex, ...sum((cell) => cell.sex === sex) })), size).map(({ key, ...row }) => ({ sex: key, ...row })),
      race_ethnicity: rateCategories(REPORTED_RACES.map((race) => ({ key: race, ...sum((cell) => cell.race === race) })), size).map(({ key, ...row }) => ({ race_ethnicity: key, ...row })),
      intersectional: rateCategories(
        REPORTED_SEXES.flatMap((sex) => REPORTED_RACES.map((race) => ({ key: [sex, race] as const, ...sum((cell) => cell.sex === sex && cell.race === race) }))),
        size,
      ).map(({ key: [sex, race], ...row }) => ({ sex, race_ethnicity: race, ...row })),
    },
  };
}
