import type { ScreeningQuestion } from "@hireflow/core/screening/contract";
import type { CriterionResult, ScreeningCriterion, ScreeningProgressDto, ScreeningSettings, UnjudgedReason } from "@hireflow/core/screening/contract";
import { type JobStage, resolveStage, stageTypeLabel } from "./stages";

/**
 * Words for AI screening, shared by the job form, the board and the candidate page (server and
 * client: no hooks, and only types from the contracts so zod stays out of the browser bundle).
 */
export type ScreeningMode = ScreeningSettings["mode"];
export type CriterionType = ScreeningCriterion["type"];

export const MODE_LABELS: Record<ScreeningMode, string> = {
  off: "Off",
  score: "Score only",
  auto: "Score and move",
};

export const CRITERION_TYPE_LABELS: Record<CriterionType, string> = {
  skill: "Skill",
  min_years: "Years of experience",
  location: "Location",
  answer: "Answer to a question",
  text: "Statement",
};

export const CRITERION_TYPES = Object.keys(CRITERION_TYPE_LABELS) as CriterionType[];

/** The API's limit (MAX_CRITERIA in the contracts). */
export const MAX_CRITERIA = 30;

/**
 * The one wording, everywhere in the app, of the job setting that lets the AI agent reject
 * (`reject_on_required_miss`): the job form's checkbox, the settings page that refers to it, the
 * summary of what the agent does (#43 §19).
 */
export const REJECT_ON_REQUIRED_MISS = "Reject candidates who miss a required criterion";

/**
 * One plain sentence on what the agent will do with these settings. `min_score` may be NaN while
 * the field is being typed. `stages`: the job's, to name the advance stage (a key or a type).
 */
export function describeScreening(settings: Pick<ScreeningSettings, "mode" | "advance" | "reject_on_required_miss">, stages: readonly JobStage[] = []): string {
  if (settings.mode === "off") return "No scoring: fit scores stay empty.";
  if (settings.mode === "score") return "The agent scores each new candidate and never moves anyone.";
  const { advance, reject_on_required_miss: reject } = settings;
  if (!advance && !reject) return "The agent scores each new candidate and never moves anyone.";
  const parts = ["The agent scores each new candidate."];
  if (advance) {
    const score = Number.isFinite(advance.min_score) ? `${advance.min_score} or more` : "at least the threshold";
    const stage = resolveStage(stages, advance.to_stage);
    parts.push(`When a candidate scores ${score}, it moves them to ${stage ? stage.name : stageTypeLabel(advance.to_stage)}.`);
  }
  parts.push(reject ? "It rejects candidates who miss a required criterion." : "It never rejects anyone.");
  return parts.join(" ");
}

/** A criterion in words, e.g. "Skill: PostgreSQL", "At least 5 years of experience". */
export function describeCriterion(criterion: Pick<ScreeningCriterion, "type" | "value" | "question_id" | "accepted">, questions: Pick<ScreeningQuestion, "id" | "label">[] = []): string {
  switch (criterion.type) {
    case "skill":
      return `Skill: ${criterion.value ?? "—"}`;
    case "min_years":
      return `At least ${criterion.value ?? "?"} years of experience`;
    case "location":
      return "Location matches the job";
    case "answer": {
      const question = questions.find((q) => q.id === criterion.question_id)?.label ?? criterion.question_id ?? "a screening question";
      const accepted = (criterion.accepted ?? []).map((a) => `“${a}”`).join(" or ");
      return `Answer to “${question}”${accepted ? ` is ${accepted}` : ""}`;
    }
    case "text":
      return `Statement: “${criterion.value ?? ""}”`;
  }
}

export const RESULT_WORDS = {
  met: { label: "Met", icon: "✓", tone: "green" },
  missed: { label: "Not met", icon: "✗", tone: "red" },
  unknown: { label: "Could not judge", icon: "?", tone: "slate" },
} as const;

export function resultOf(criterion: Pick<CriterionResult, "met">): (typeof RESULT_WORDS)[keyof typeof RESULT_WORDS] {
  return criterion.met === true ? RESULT_WORDS.met : criterion.met === false ? RESULT_WORDS.missed : RESULT_WORDS.unknown;
}

/** "local" → local rules; "model:<id>" → the model's id. */
export function engineLabel(engine: string | null): string {
  if (!engine) return "—";
  if (engine === "local") return "Local rules (no language model)";
  if (engine.startsWith("model:")) return `Language model ${engine.slice("model:".length)}`;
  return engine;
}

/**
 * How much of a fit score was judged, "5 of 6 criteria judged" (a score of 100 may rest on five of
 * six criteria); null when no criterion was scored.
 */
export function criteriaJudged(judged: number, total: number): string | null {
  if (total <= 0) return null;
  return `${judged} of ${total} ${total === 1 ? "criterion" : "criteria"} judged`;
}

/** Why a candidate got no score, in words (the reasons of jobs.screeningProgress). */
export const UNJUDGED_WORDS: Record<UnjudgedReason, string> = {
  no_criteria: "the job has no criteria",
  no_resume: "no resume",
  resume_failed: "resume could not be parsed",
  resume_parsing: "resume still being parsed",
  nothing_to_judge: "nothing in the resume or answers to judge",
};

/**
 * What a re-score gave: "scored 3 of 3" when everyone got a score, else who got one and why the
 * others did not, "2 scored, 1 could not be judged (no resume)"; with several reasons, each counted.
 */
export function rescoreOutcome(progress: Pick<ScreeningProgressDto, "scored" | "total" | "with_score" | "unjudged" | "failed"> & Partial<Pick<ScreeningProgressDto, "opted_out">>): string {
  // Applicants who asked for a person are not scored and not waited for: said apart, after the rest.
  const optedOut = progress.opted_out ? `, ${progress.opted_out} asked for a person (not scored)` : "";
  return scoredOutcome(progress) + optedOut;
}

function scoredOutcome(progress: Pick<ScreeningProgressDto, "scored" | "total" | "with_score" | "unjudged" | "failed">): string {
  const reasons = (Object.keys(UNJUDGED_WORDS) as UnjudgedReason[]).filter((reason) => progress.unjudged[reason] > 0);
  const unjudged = reasons.reduce((sum, reason) => sum + progress.unjudged[reason], 0);
  if (unjudged === 0 && progress.failed === 0) return `scored ${progress.scored} of ${progress.total}`;
  const parts = [`${progress.with_score} scored`];
  if (unjudged > 0) {
    const why = reasons.length === 1 ? UNJUDGED_WORDS[reasons[0]!] : reasons.map((reason) => `${progress.unjudged[reason]} ${UNJUDGED_WORDS[reason]}`).join(", ");
    parts.push(`${unjudged} could not be judged (${why})`);
  }
  if (progress.failed > 0) parts.push(`scoring failed for ${progress.failed}`);
  return parts.join(", ");
}
