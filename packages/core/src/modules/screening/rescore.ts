import { type Prisma } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { type CriterionResult, type ScreeningProgressDto, UNJUDGED_REASONS, type UnjudgedReason } from "./contract/screening.ts";
import { AppError } from "../../kernel/errors.ts";
import { tenantRow } from "../../kernel/tenancy.ts";
import { csvCell } from "../../kernel/csv.ts";
import { notifyEventsCommitted } from "../../kernel/outbox.ts";
import { screeningOn } from "./request.ts";

/** Re-scoring a job's candidates, its progress, and the audit CSV of a job's scorings. */
/** POST /jobs/{id}/rescore: every candidate of the job is scored again (never moved), but those who opted out of the tool. */
export async function requestRescore(svc: ServiceContext, jobId: number): Promise<{ job_id: number; requested_at: string; candidates: number }> {
  const requestedAt = new Date();
  const count = await svc.db.$transaction(async (tx) => {
    const job = await tx.job.findUnique({ where: { id: jobId }, select: { screening: true } });
    if (!job) throw AppError.notFound("Job", jobId);
    if (!screeningOn(job.screening)) throw new AppError("unprocessable_entity", "AI screening is off for this job: set screening.mode to score or auto first");
    await tx.job.update({ where: { id: jobId }, data: { rescoreRequestedAt: requestedAt } });
    const candidates = await tx.candidate.findMany({ where: { jobId, aiOptOut: false }, select: { id: true } });
    if (candidates.length === 0) return 0;
    await tx.candidate.updateMany({ where: { jobId, aiOptOut: false }, data: { fitStatus: "pending" } });
    await tx.event.createMany({
      data: candidates.map((c) =>
        tenantRow<Prisma.EventCreateManyInput>({ type: "candidate/screen.requested", payload: { candidate_id: c.id, trigger: "rescore" } }),
      ),
    });
    return candidates.length;
  });
  if (count > 0) notifyEventsCommitted();
  return { job_id: jobId, requested_at: requestedAt.toISOString(), candidates: count };
}

/**
 * A job's re-score so far: scored, pending, and of those scored how many got a score, and why not the others.
 *
 * One statement, so one snapshot: as separate queries (run side by side) a scoring that committed
 * between them was counted as no longer pending but not yet as scored, and a re-score looked
 * finished with "scored 0 of 3" while its last scorings were being saved.
 */
export async function screeningProgress(svc: ServiceContext, jobId: number): Promise<ScreeningProgressDto> {
  // A raw query bypasses the company scoping: it filters on the company itself.
  const [row] = await svc.db.$queryRaw<
    ({ since: Date | null; total: number; pending: number; failed: number; scored_total: number; opted_out: number } & Record<"with_score" | UnjudgedReason, number>)[]
  >`
    SELECT j.rescore_requested_at AS since,
           -- Those who opted out of the tool are never scored: counted apart, not waited for.
           count(c.id) FILTER (WHERE NOT c.ai_opt_out)::int AS total,
           count(c.id) FILTER (WHERE c.ai_opt_out)::int AS opted_out,
           count(c.id) FILTER (WHERE c.fit_status = 'pending')::int AS pending,
           count(c.id) FILTER (WHERE c.fit_status = 'failed')::int AS failed,
           count(o.outcome)::int AS scored_total,
           count(c.id) FILTER (WHERE o.outcome = 'scored')::int AS with_score,
           count(c.id) FILTER (WHERE o.outcome = 'no_criteria')::int AS no_criteria,
           count(c.id) FILTER (WHERE o.outcome = 'no_resume')::int AS no_resume,
           count(c.id) FILTER (WHERE o.outcome = 'resume_failed')::int AS resume_failed,
           count(c.id) FILTER (WHERE o.outcome = 'resume_parsing')::int AS resume_parsing,
           count(c.id) FILTER (WHERE o.outcome = 'nothing_to_judge')::int AS nothing_to_judge
      FROM jobs j
      LEFT JOIN candidates c ON c.job_id = j.id AND c.company_id = j.company_id
      -- What a scoring since the re-score gave (null: not scored since then).
      LEFT JOIN LATERAL (
        SELECT CASE
                 WHEN c.ai_opt_out THEN NULL
                 WHEN c.fit_scored_at IS NULL OR c.fit_scored_at < j.rescore_requested_at THEN NULL
                 WHEN c.fit_score IS NOT NULL THEN 'scored'
                 WHEN (CASE WHEN jsonb_typeof(c.fit_criteria) = 'array' THEN jsonb_array_length(c.fit_criteria) ELSE 0 END) = 0 THEN 'no_criteria'
                 WHEN c.resume_status IS NULL THEN 'no_resume'
                 WHEN c.resume_status = 'failed' THEN 'resume_failed'
                 WHEN c.resume_status IN ('pending', 'processing') THEN 'resume_parsing'
                 ELSE 'nothing_to_judge'
               END AS outcome
      ) o ON true
     WHERE j.id = ${jobId} AND j.company_id = ${svc.companyId}
     GROUP BY j.id`;
  if (!row) throw AppError.notFound("Job", jobId);
  const unjudged = Object.fromEntries(UNJUDGED_REASONS.map((reason) => [reason, row[reason]])) as Record<UnjudgedReason, number>;
  return {
    requested_at: row.since?.toISOString() ?? null,
    total: row.total,
    scored: row.since ? row.scored_total : row.total - row.pending,
    pending: row.pending,
    with_score: row.with_score,
    unjudged,
    failed: row.failed,
    opted_out: row.opted_out,
  };
}

export const CSV_COLUMNS = ["run_id", "created_at", "candidate_id", "trigger", "status", "engine", "model", "criteria_hash", "input_hash", "fit_score", "criteria_results", "action", "error"];

/** Every scoring of a job's candidates, oldest first, as CSV: what a bias audit asks for. */
export async function screeningAuditCsv(svc: ServiceContext, jobId: number): Promise<string> {
  const job = await svc.db.job.findUnique({ where: { id: jobId }, select: { id: true } });
  if (!job) throw AppError.notFound("Job", jobId);
  const runs = await svc.db.screeningRun.findMany({ where: { jobId }, orderBy: { id: "asc" } });
  const lines = [CSV_COLUMNS.join(",")];
  for (const run of runs) {
    const results = (run.criteria as unknown as CriterionResult[]).map((c) => `${c.id}:${c.met === null ? "unjudged" : c.met ? "met" : "not_met"}`).join(" ");
    lines.push(
      [run.id, run.createdAt.toISOString(), run.candidateId, run.trigger, run.status, run.engine, run.model, run.criteriaHash, run.inputHash, run.fitScore, results, run.action, run.error]
        .map(csvCell)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
