import type { PipelineStage } from "@hireflow/core/contracts/pipeline";
import type { BadgeTone } from "@/components/ui";

/** The pipeline's columns, in order, with their labels (the API's stage values are the keys). */
export const STAGE_LABELS: Record<PipelineStage, string> = {
  prospect: "Prospect",
  applied: "Applied",
  phonescreen: "Phone screen",
  inprogress: "In progress",
  hired: "Hired",
  rejected: "Rejected",
};

export const STAGES = Object.keys(STAGE_LABELS) as PipelineStage[];

export const STAGE_TONES: Record<PipelineStage, BadgeTone> = {
  prospect: "slate",
  applied: "blue",
  phonescreen: "indigo",
  inprogress: "amber",
  hired: "green",
  rejected: "red",
};

export function stageLabel(stage: string | null | undefined): string {
  if (!stage) return "—";
  return (STAGE_LABELS as Record<string, string>)[stage] ?? stage;
}

export function isPipelineStage(stage: string): stage is PipelineStage {
  return stage in STAGE_LABELS;
}
