import type { ScreeningSettings } from "@hireflow/core/screening/contract";
import { describeScreening, type CriterionType, type ScreeningMode } from "@/lib/screening";
import type { JobStage } from "@/lib/stages";

/** A screening question of the form being edited, as criteria refer to it (by its row key: new questions have no id yet). */
export interface QuestionRef {
  key: number;
  label: string;
  type: "text" | "textarea" | "yes_no" | "select";
  options: string;
}

export interface CriterionDraft {
  key: number;
  /** The stored criterion this row edits: its id is sent back as long as the type is unchanged. */
  origin: { id: string; type: CriterionType } | null;
  type: CriterionType;
  /** skill, text: the text; min_years: the number as typed. */
  value: string;
  /** answer: the question's row key in the form. */
  questionKey: number | null;
  /** answer: the stored question id, sent when the question is no longer in the form (the API then names the problem). */
  questionId: string | null;
  /** answer: accepted answers, comma-separated. */
  accepted: string;
  required: boolean;
  weight: number;
}

export interface ScreeningDraft {
  mode: ScreeningMode;
  criteria: CriterionDraft[];
  advance: boolean;
  minScore: string;
  /** A stage key of the job (or a type). */
  toStage: string;
  rejectOnRequiredMiss: boolean;
}

/** The form's starting point: the job's stored settings, answer criteria tied to the form's question rows. */
export function screeningDraft(settings: ScreeningSettings | undefined, questions: (QuestionRef & { id: string })[]): ScreeningDraft {
  return {
    mode: settings?.mode ?? "off",
    criteria: (settings?.criteria ?? []).map((c, index) => ({
      key: index + 1,
      origin: { id: c.id, type: c.type },
      type: c.type,
      value: c.value === null ? "" : String(c.value),
      questionKey: c.question_id ? (questions.find((q) => q.id === c.question_id)?.key ?? null) : null,
      questionId: c.question_id,
      accepted: (c.accepted ?? []).join(", "),
      required: c.required,
      weight: c.weight,
    })),
    advance: Boolean(settings?.advance),
    minScore: String(settings?.advance?.min_score ?? 80),
    toStage: settings?.advance?.to_stage ?? "phonescreen",
    rejectOnRequiredMiss: settings?.reject_on_required_miss ?? false,
  };
}

export function splitList(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A number as typed; "" and garbage become NaN, which the API refuses by field (JSON sends it as null). */
function toNumber(value: string): number {
  return value.trim() === "" ? NaN : Number(value);
}

/**
 * The `screening` body of jobs.create / jobs.update. The moving rules are sent only in mode
 * "auto", where they are shown; otherwise the stored ones stay as they are.
 */
export function screeningInput(draft: ScreeningDraft, questionIdOf: (key: number) => string | undefined) {
  const criteria = draft.criteria.map((c) => {
    const common = { ...(c.origin && c.origin.type === c.type ? { id: c.origin.id } : {}), required: c.required, weight: c.weight };
    switch (c.type) {
      case "skill":
      case "text":
        return { type: c.type, value: c.value.trim(), ...common };
      case "min_years":
        return { type: c.type, value: toNumber(c.value), ...common };
      case "location":
        return { type: c.type, ...common };
      case "answer":
        return {
          type: c.type,
          question_id: (c.questionKey !== null ? questionIdOf(c.questionKey) : undefined) ?? c.questionId ?? "",
          accepted: splitList(c.accepted),
          ...common,
        };
    }
  });
  return {
    mode: draft.mode,
    criteria,
    ...(draft.mode === "auto"
      ? { advance: draft.advance ? { min_score: toNumber(draft.minScore), to_stage: draft.toStage } : null, reject_on_required_miss: draft.rejectOnRequiredMiss }
      : {}),
  };
}

/** The sentence for a draft, as the API would store it (`stages`: the job's, to name the stage). */
export function describeDraft(draft: ScreeningDraft, stages?: readonly JobStage[]): string {
  return describeScreening(
    {
      mode: draft.mode,
      advance: draft.advance ? { min_score: toNumber(draft.minScore), to_stage: draft.toStage } : null,
      reject_on_required_miss: draft.rejectOnRequiredMiss,
    },
    stages,
  );
}
