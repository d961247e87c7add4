import type { InterviewKitDto, JobStageDto, JobStagesInput, StageType } from "@hireflow/core/pipeline/contract";

/**
 * The pipeline editor's model (job form and Settings → Pipeline), kept free of React so it can be
 * unit-tested: rows with a stable identity, stage keys generated from names, and the request body.
 *
 * A row's key is fixed once the stage exists (saved in the job, or copied from the company's
 * template): renaming it keeps the key. A row added in the editor has no key of its own yet; it is
 * generated from its name each time it is needed, unique against every fixed key and the reserved
 * keys (the job's current and retired keys: a removed stage's key can never come back).
 */

/** The six stage types, labelled as the app names them. */
export const STAGE_TYPE_OPTIONS: readonly { value: StageType; label: string }[] = [
  { value: "prospect", label: "Prospect" },
  { value: "applied", label: "Applied" },
  { value: "phonescreen", label: "Phone screen" },
  { value: "inprogress", label: "In progress" },
  { value: "hired", label: "Hired" },
  { value: "rejected", label: "Rejected" },
];

export const MAX_KEY_LENGTH = 40;

/**
 * A stage key from a name: lowercase `[a-z0-9_]`, accents folded ("Entrevista técnica" →
 * "entrevista_tecnica"), at most 40 characters, "stage" when nothing is left; `_2`, `_3`, … until it
 * is not in `taken`. Does not add the key to `taken`.
 */
export function stageKeyFromName(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+/, "")
      .slice(0, MAX_KEY_LENGTH)
      .replace(/_+$/, "") || "stage";
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const key = `${base.slice(0, MAX_KEY_LENGTH - suffix.length).replace(/_+$/, "")}${suffix}`;
    if (!taken.has(key)) return key;
  }
}

/** A kit of a stage's interview plan as the editor holds it (text as typed). */
export interface KitRow {
  /** The saved kit's id (kept on save, so scheduled interviews keep pointing at it); absent for a new one. */
  id?: number;
  name: string;
  duration: string;
  instructions: string;
  /** Comma-separated focus points. */
  attributes: string;
  /** Not edited here: kept as they are. */
  questions: string[];
}

export interface StageRow {
  /** Identity in the editor (React keys, element ids, error mapping); counts from 1 in every render. */
  id: number;
  /** The stage's key once it exists; null for a row added here (its key comes from its name). */
  key: string | null;
  name: string;
  type: StageType;
  /** The stage's interview plan. */
  interviews?: KitRow[];
  /** Whether the stage had a plan when loaded: an emptied plan is then sent (and deleted). */
  hadPlan?: boolean;
}

type PlannedStage = Pick<JobStageDto, "key" | "name" | "type"> & { interviews?: (Partial<Pick<InterviewKitDto, "id">> & Omit<InterviewKitDto, "id">)[] };

export function kitRow(kit: PlannedStage["interviews"] extends (infer K)[] | undefined ? K : never): KitRow {
  return { id: kit.id, name: kit.name, duration: String(kit.duration_minutes), instructions: kit.instructions, attributes: kit.attributes.join(", "), questions: kit.questions };
}

export const NEW_KIT: KitRow = { name: "", duration: "60", instructions: "", attributes: "", questions: [] };

export interface PipelineDraft {
  rows: StageRow[];
  /** For a removed stage that holds candidates: the row id they move to. */
  moves: Record<string, number>;
  nextId: number;
}

export function initialDraft(stages: readonly PlannedStage[]): PipelineDraft {
  return {
    rows: stages.map((stage, index) => ({
      id: index + 1,
      key: stage.key,
      name: stage.name,
      type: stage.type,
      ...(stage.interviews?.length && { interviews: stage.interviews.map(kitRow), hadPlan: true }),
    })),
    moves: {},
    nextId: stages.length + 1,
  };
}

/** A kit as the API takes it; a duration that is not a number is sent as is for the API to name. */
function kitInput(kit: KitRow) {
  const duration = Number(kit.duration);
  return {
    ...(kit.id !== undefined && { id: kit.id }),
    name: kit.name.trim(),
    duration_minutes: kit.duration.trim() === "" || !Number.isFinite(duration) ? (kit.duration as unknown as number) : duration,
    instructions: kit.instructions.trim(),
    attributes: kit.attributes
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean),
    ...(kit.questions.length > 0 && { questions: kit.questions }),
  };
}

/** Every row's key, by row id: fixed keys as they are, new rows' keys generated in list order. */
export function rowKeys(rows: readonly StageRow[], reserved: Iterable<string> = []): Map<number, string> {
  const taken = new Set<string>(reserved);
  for (const row of rows) if (row.key !== null) taken.add(row.key);
  const keys = new Map<number, string>();
  for (const row of rows) {
    if (row.key !== null) {
      keys.set(row.id, row.key);
    } else {
      const key = stageKeyFromName(row.name, taken);
      taken.add(key);
      keys.set(row.id, key);
    }
  }
  return keys;
}

/** Stages of `saved` that the draft no longer has (removing them is what saving does). */
export function removedStages<T extends { key: string }>(saved: readonly T[], rows: readonly StageRow[]): T[] {
  const kept = new Set(rows.map((row) => row.key).filter((key) => key !== null));
  return saved.filter((stage) => !kept.has(stage.key));
}

/** Moves one row from `from` to `to` (indexes in the list). */
export function moveRow(rows: readonly StageRow[], from: number, to: number): StageRow[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row!);
  return next;
}

/**
 * The request's `stages` (and, for a job, `stage_moves` for the removed stages a target was chosen for).
 * `reserved`: keys a new stage may not take (the job's current and retired keys).
 */
export function pipelineInput(
  draft: PipelineDraft,
  options: { reserved?: Iterable<string>; saved?: readonly { key: string }[] } = {},
): { stages: JobStagesInput; stage_moves: Record<string, string> } {
  const keys = rowKeys(draft.rows, options.reserved);
  // A stage's plan is sent when it has one or had one (emptied); otherwise the stage's plan stays as it is.
  const stages = draft.rows.map((row) => ({
    key: keys.get(row.id)!,
    name: row.name.trim(),
    type: row.type,
    ...((row.interviews?.length || row.hadPlan) && { interviews: (row.interviews ?? []).map(kitInput) }),
  }));
  const stageMoves: Record<string, string> = {};
  for (const stage of removedStages(options.saved ?? [], draft.rows)) {
    const target = draft.moves[stage.key];
    const key = target === undefined ? undefined : keys.get(target);
    if (key !== undefined) stageMoves[stage.key] = key;
  }
  return { stages, stage_moves: stageMoves };
}
