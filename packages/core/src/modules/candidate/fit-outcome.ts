import { type Prisma } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { type ScreeningQuestion } from "../job/contract/job.ts";
import { type CriterionResult, type ScreeningProgressDto, type ScreeningSettings, UNJUDGED_REASONS, type UnjudgedReason } from "../screening/contract/screening.ts";
import { AppError } from "../../kernel/errors.ts";
import { type ScreeningInput, type ScreeningOutcome } from "../screening/engine/types.ts";
import { type ScopedTx, tenantRow } from "../../kernel/tenancy.ts";
import { changeStage, lockCandidate } from "./create.ts";
import { DEFAULT_PIPELINE, fallbackStage, firstOfType, type PipelineStage, readJobStages, resolveStage } from "../pipeline/stages.ts";
import { type StageType } from "../pipeline/contract/job-stages.ts";
import { csvCell } from "../../kernel/csv.ts";
import { notifyEventsCommitted, recordEvent } from "../../kernel/outbox.ts";
import { holdBackUntil } from "../../kernel/business-days.ts";
import { readScreening } from "../screening/settings.ts";
import { candidateRead } from "./serialize.ts";

/**
 * The AI screening agent's domain side (docs/SCREENING.md): when a candidate is scored, what is
 * stored and kept for audit, and the agent's one move. The engines are in ../screening; the job
 * that runs them is `candidate-screen` in packages/jobs.
 */
export type ScreeningTrigger = "initial" | "resume_parsed" | "rescore";

/**
 * Asks for a scoring of one candidate: fit pending, and an outbox event for the candidate-screen job.
 * Not for a candidate who opted out of the tool (ai_opt_out): nothing is marked or asked.
 */
export async function requestScreening(tx: ScopedTx, candidateId: number, trigger: ScreeningTrigger, options = { markPending: true }): Promise<void> {
  if (options.markPending) {
    const { count } = await tx.candidate.updateMany({ where: { id: candidateId, aiOptOut: false }, data: { fitStatus: "pending" } });
    if (count === 0) return;
  }
  await recordEvent(tx, "candidate/screen.requested", { candidate_id: candidateId, trigger });
}

/** Is screening on for a job's stored settings? Read without parsing them: it is on every candidate create. */
export function screeningOn(stored: unknown): boolean {
  const mode = (stored as { mode?: unknown } | null)?.mode;
  return mode === "score" || mode === "auto";
}

export interface ScreeningSubject {
  candidateId: number;
  jobId: number;
  settings: ScreeningSettings;
  input: ScreeningInput;
}

/** What the engine needs for this candidate, or null when there is nothing to score (no job, screening off, gone). */
export async function loadScreeningSubject(svc: ServiceContext, candidateId: number): Promise<ScreeningSubject | null> {
  const row = await svc.db.candidate.findUnique({
    where: { id: candidateId },
    select: {
      id: true,
      name: true,
      email: true,
      phone: true,
      linkedin: true,
      location: true,
      answers: true,
      resumeText: true,
      resumeData: true,
      aiOptOut: true,
      job: { select: { id: true, screening: true, locations: true, locationType: true, screeningQuestions: true } },
    },
  });
  // An applicant who asked for a person, not the tool, is never scored, whatever asked for it.
  if (!row?.job || row.aiOptOut) return null;
  const settings = readScreening(row.job.screening);
  if (settings.mode === "off") return null;
  return {
    candidateId: row.id,
    jobId: row.job.id,
    settings,
    input: {
      criteria: settings.criteria,
      resume: { text: row.resumeText, data: (row.resumeData as ScreeningInput["resume"]["data"]) ?? null },
      candidate: { location: row.location, answers: (row.answers as Record<string, unknown> | null) ?? null },
      job: { locations: row.job.locations, locationType: row.job.locationType, questions: row.job.screeningQuestions as ScreeningQuestion[] },
      person: { name: row.name, email: row.email, phone: row.phone, linkedin: row.linkedin },
    },
  };
}

/** A scoring that will not happen (screening off, no job): the fit is no longer pending. */
export async function skipScreening(svc: ServiceContext, candidateId: number): Promise<void> {
  await svc.db.candidate.updateMany({ where: { id: candidateId, fitStatus: "pending" }, data: { fitStatus: null } });
}

/** Model calls of the company since midnight UTC (the per-company daily cap counts them). */
export async function modelScoringsToday(svc: ServiceContext): Promise<number> {
  const midnight = new Date();
  midnight.setUTCHours(0, 0, 0, 0);
  return svc.db.screeningRun.count({ where: { engine: "model", createdAt: { gte: midnight } } });
}

export interface AgentAction {
  action: "advance" | "reject";
  from: string;
  to: string;
  reason: string;
}

/**
 * What the agent does after a scoring, in mode auto and at the first scoring only: advance on a
 * score at or above the threshold; reject only on a required criterion not met (never on a low
 * score: a person decides on scores) and only when the job allows it. Only while the candidate is
 * still in the stage it was created in and nobody moved it since; never a hired candidate.
 */
export function agentDecision(
  settings: ScreeningSettings,
  outcome: Pick<ScreeningOutcome, "fitScore" | "criteria">,
  current: { key: string; type: StageType },
  stages: readonly PipelineStage[] = DEFAULT_PIPELINE,
): AgentAction | null {
  if (settings.mode !== "auto" || current.type === "hired") return null;
  const missed = outcome.criteria.find((c) => c.required && c.met === false);
  if (settings.reject_on_required_miss && missed) {
    if (current.type === "rejected") return null;
    const to = firstOfType(stages, "rejected");
    return { action: "reject", from: current.key, to: to.key, reason: `required: ${criterionLabel(missed)} — ${missed.evidence}`.slice(0, 300) };
  }
  const advance = settings.advance;
  // A key of the job or a type (→ the job's first stage of it); a target the pipeline lost does nothing.
  const target = advance ? resolveStage(stages, advance.to_stage) : undefined;
  if (advance && target && outcome.fitScore !== null && outcome.fitScore >= advance.min_score && target.key !== current.key) {
    return { action: "advance", from: current.key, to: target.key, reason: `fit ${outcome.fitScore} ≥ ${advance.min_score}` };
  }
  return null;
}

function criterionLabel(c: CriterionResult): string {
  if (c.type === "answer") return `answer to ${c.question_id}`;
  if (c.type === "location") return "location";
  if (c.type === "min_years") return `${c.value}+ years`;
  return String(c.value);
}

/**
 * Why the agent may not move anyone now, or null: the company paused it (Settings → AI screening),
 * or it is held back until N business days after the job's screening notice went up (the agent
 * then scores but moves nobody; a scoring is the first one only once, so a candidate scored while
 * held back is left for a person). Read in the saving transaction, so a pause that committed first
 * stops the move.
 */
export async function agentHeldBack(tx: ScopedTx, jobId: number, now: Date): Promise<string | null> {
  const job = await tx.job.findUnique({ where: { id: jobId }, select: { screeningNoticeAt: true, company: { select: { aiAgentPaused: true, screeningHoldBackDays: true } } } });
  if (!job) return null;
  if (job.company.aiAgentPaused) return "AI agent paused by the company: not moved";
  const until = holdBackUntil(job.screeningNoticeAt, job.company.screeningHoldBackDays);
  if (until && now < until) {
    return job.screeningNoticeAt
      ? `AI agent held back until ${until.toISOString()} (${job.company.screeningHoldBackDays} business days after the notice): not moved`
      : "AI agent held back: the job's screening notice has not been published: not moved";
  }
  return null;
}

/** The part of a job's screening settings a scoring is explained by (screening_runs.settings). */
export interface DecisionSettings {
  mode: ScreeningSettings["mode"];
  advance: { min_score: number; to_stage: string } | null;
  reject_on_required_miss: boolean;
}

export function decisionSettings(settings: ScreeningSettings): DecisionSettings {
  return {
    mode: settings.mode,
    advance: settings.advance ? { min_score: settings.advance.min_score, to_stage: settings.advance.to_stage } : null,
    reject_on_required_miss: settings.reject_on_required_miss,
  };
}

export interface SaveOutcomeResult {
  saved: boolean;
  action: AgentAction | null;
}

/**
 * Stores a completed scoring: the candidate's fit, the audit row, the agent's move if it may make
 * one, and a `candidate.scored` event — one transaction, under the candidate's row lock, so a
 * stage change by a user or the API either happened before (and the agent leaves the candidate
 * alone) or waits for this to commit.
 */
export async function saveScreeningOutcome(
  svc: ServiceContext,
  subject: Pick<ScreeningSubject, "candidateId" | "jobId" | "settings">,
  outcome: ScreeningOutcome,
  trigger: ScreeningTrigger,
  note: string | null = null,
): Promise<SaveOutcomeResult> {
  // changeStage records the actor it is given: the agent, not whoever asked for the scoring.
  const agent: ServiceContext = { ...svc, actor: { type: "ai_agent" } };
  // The run's note: the caller's (say, the daily model cap), and why the agent did not move anyone.
  let runNote = note;
  const result = await svc.db.$transaction(async (tx) => {
    await lockCandidate(tx, svc.companyId, subject.candidateId);
    const current = await tx.candidate.findUnique({ where: { id: subject.candidateId }, ...candidateRead });
    // Checked again under the lock: an opted-out candidate is never scored or moved.
    if (!current || current.jobId !== subject.jobId || current.aiOptOut) return { saved: false, action: null };
    const engineLabel = outcome.engine === "model" ? `model:${outcome.model}` : "local";
    const scoredAt = new Date();
    await tx.candidate.update({
      where: { id: current.id },
      data: {
        fitScore: outcome.fitScore,
        fitStatus: "completed",
        fitEngine: engineLabel,
        fitScoredAt: scoredAt,
        fitCriteria: outcome.criteria as unknown as Prisma.InputJsonValue,
      },
    });

    let action: AgentAction | null = null;
    if (trigger !== "rescore") {
      const [earlier, moves] = await Promise.all([
        tx.screeningRun.count({ where: { candidateId: current.id, status: "completed" } }),
        tx.candidateActivity.count({ where: { candidateId: current.id, type: "stage_changed" } }),
      ]);
      if (earlier === 0 && moves === 0) {
        const stages = await readJobStages(tx, subject.jobId);
        const stage = current.jobStage ?? fallbackStage(current.stage);
        action = agentDecision(subject.settings, outcome, { key: current.stage, type: stage.type }, stages);
        // Human oversight: the company paused the agent, or holds it back after the job's notice.
        const held = action ? await agentHeldBack(tx, subject.jobId, scoredAt) : null;
        if (held) {
          runNote = runNote ? `${runNote}; ${held}` : held;
          action = null;
        }
        if (action) await changeStage(tx, agent, current, action.to, { reason: action.reason, stages });
      }
    }

    await tx.screeningRun.create({
      data: tenantRow<Prisma.ScreeningRunUncheckedCreateInput>({
        jobId: subject.jobId,
        candidateId: current.id,
        trigger,
        status: "completed",
        engine: outcome.engine,
        model: outcome.model,
        criteriaHash: outcome.criteriaHash,
        inputHash: outcome.inputHash,
        fitScore: outcome.fitScore,
        criteria: outcome.criteria as unknown as Prisma.InputJsonValue,
        action: (action ?? undefined) as Prisma.InputJsonValue | undefined,
        // What it was judged and acted under: an explanation later describes this, not today's settings.
        settings: decisionSettings(subject.settings) as unknown as Prisma.InputJsonValue,
        error: runNote,
      }),
    });
    // No contact data: the score, the criteria results and which engine made them.
    await recordEvent(tx, "candidate.scored", {
      candidate: { id: current.id, public_id: current.publicId },
      job: { id: current.job?.id ?? null, title: current.job?.title ?? null },
      company: { id: svc.companyId },
      fit_score: outcome.fitScore === null ? null : Math.round(outcome.fitScore),
      engine: engineLabel,
      scored_at: scoredAt.toISOString(),
      criteria: outcome.criteria.map(({ id, type, required, weight, met }) => ({ id, type, required, weight, met })),
    });
    return { saved: true, action };
  });
  if (result.saved) notifyEventsCommitted();
  return result;
}

/** A scoring that failed after its retries: fit `failed`, the failure kept for audit, nobody moved. */
export async function failScreening(svc: ServiceContext, subject: Pick<ScreeningSubject, "candidateId" | "jobId" | "settings">, reason: string, trigger: ScreeningTrigger): Promise<void> {
  await svc.db.$transaction(async (tx) => {
    const { count } = await tx.candidate.updateMany({ where: { id: subject.candidateId, jobId: subject.jobId, aiOptOut: false }, data: { fitStatus: "failed" } });
    if (count === 0) return;
    await tx.screeningRun.create({
      data: tenantRow<Prisma.ScreeningRunUncheckedCreateInput>({
        jobId: subject.jobId,
        candidateId: subject.candidateId,
        trigger,
        status: "failed",
        engine: "model",
        criteriaHash: "",
        inputHash: "",
        criteria: [],
        error: reason.slice(0, 1000),
      }),
    });
  });
}

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

const CSV_COLUMNS = ["run_id", "created_at", "candidate_id", "trigger", "status", "engine", "model", "criteria_hash", "input_hash", "fit_score", "criteria_results", "action", "error"];

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
