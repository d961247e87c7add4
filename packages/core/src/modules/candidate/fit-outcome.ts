import { type Prisma } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { type ScreeningQuestion } from "../screening/contract/questions.ts";
import { type ScreeningSettings } from "../screening/contract/screening.ts";
import { type ScreeningInput, type ScreeningOutcome } from "../screening/engine/types.ts";
import { tenantRow } from "../../kernel/tenancy.ts";
import { changeStage, lockCandidate } from "./move/change-stage.ts";
import { fallbackStage, readJobStages } from "../pipeline/stages.ts";
import { notifyEventsCommitted, recordEvent } from "../../kernel/outbox.ts";
import { readScreening } from "../screening/settings.ts";
import { candidateRead } from "./serialize.ts";
import { type ScreeningTrigger } from "../screening/request.ts";
import { type AgentAction, agentDecision, agentHeldBack, decisionSettings } from "../screening/agent.ts";

/**
 * What a scoring leaves on the candidate (docs/SCREENING.md): the subject the engine is given, and
 * the fit stored, failed or skipped with its audit row. The agent's move after a fit is in
 * ../screening/agent.ts, which calls back into the candidate's move, never the other way round.
 */
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
