import type { JobStageDto, StageType } from "@hireflow/core/pipeline/contract";
import { PUBLIC_API_STAGES } from "@hireflow/core/pipeline/contract";
import type { BadgeTone } from "@/components/ui";

/**
 * Stages in the web app. Each job has its own ordered stages `{key, name, type}` (the board's columns,
 * the stage menus); a stage is always shown by its name. The six stage TYPES are what a stage means
 * (prospect … rejected): labelled here for the places that work across jobs (the company-wide filter
 * and bulk move, where the server resolves a type to each job's first stage of it), and they give a
 * stage its colour.
 */
export type JobStage = JobStageDto;
export type { StageType };

export const STAGE_TYPES: readonly StageType[] = PUBLIC_API_STAGES;

export const STAGE_TYPE_LABELS: Record<StageType, string> = {
  prospect: "Prospect",
  applied: "Applied",
  phonescreen: "Phone screen",
  inprogress: "In progress",
  hired: "Hired",
  rejected: "Rejected",
};

const STAGE_TYPE_TONES: Record<StageType, BadgeTone> = {
  prospect: "slate",
  applied: "blue",
  phonescreen: "indigo",
  inprogress: "amber",
  hired: "green",
  rejected: "red",
};

export function isStageType(value: string | null | undefined): value is StageType {
  return typeof value === "string" && (STAGE_TYPES as readonly string[]).includes(value);
}

/** A stage's badge colour, from its type. */
export function stageTone(type: string | null | undefined): BadgeTone {
  return isStageType(type) ? STAGE_TYPE_TONES[type] : "slate";
}

/** A stage type in words ("Phone screen"); any other value as it is, "—" for none. */
export function stageTypeLabel(type: string | null | undefined): string {
  if (!type) return "—";
  return isStageType(type) ? STAGE_TYPE_LABELS[type] : type;
}

/**
 * Reports and other views that speak of stage types call it this. Not for a job's stage keys: those
 * are named by the job's stages (stageName).
 */
export const stageLabel = stageTypeLabel;

/** The name of a key in a job's stages; the key itself when the job has no such stage (any more). */
export function stageName(stages: readonly Pick<JobStage, "key" | "name">[], key: string | null | undefined): string {
  if (!key) return "—";
  return stages.find((stage) => stage.key === key)?.name ?? key;
}

/** A stage value (a key of `stages` or a type) → the stage it names, as the server resolves it: a key first, else the first stage of that type. */
export function resolveStage<S extends JobStage>(stages: readonly S[], value: string): S | undefined {
  return stages.find((stage) => stage.key === value) ?? (isStageType(value) ? stages.find((stage) => stage.type === value) : undefined);
}

/** The six types as stages (key = type), for the selects that act across jobs. */
export const TYPE_STAGES: readonly JobStage[] = STAGE_TYPES.map((type) => ({ key: type, name: STAGE_TYPE_LABELS[type], type }));
