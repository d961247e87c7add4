import { type CriterionResult, type ScreeningSettings } from "./contract/screening.ts";
import { type ScreeningOutcome } from "./engine/types.ts";
import { type ScopedTx } from "../../kernel/tenancy.ts";
import { DEFAULT_PIPELINE, firstOfType, type JobStage, resolveStage } from "../pipeline/stages.ts";
import { type StageType } from "../pipeline/contract/job-stages.ts";
import { holdBackUntil } from "../../kernel/business-days.ts";

/**
 * The screening agent's one move (docs/SCREENING.md "Agent"): after a fit, advance or reject when the
 * company turned it on and the fit is clear, within the guard rails; otherwise hold back and say why.
 */
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
  stages: readonly JobStage[] = DEFAULT_PIPELINE,
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

export function criterionLabel(c: CriterionResult): string {
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
