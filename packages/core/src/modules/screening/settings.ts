import { type ScreeningQuestion } from "./contract/questions.ts";
import { DEFAULT_SCREENING, type ScreeningCriterion, type ScreeningSettings, type ScreeningSettingsInput, screeningSettingsSchema } from "./contract/screening.ts";
import { AppError, type ErrorDetail } from "../../kernel/errors.ts";

/** The stored settings of a job, with defaults for anything a row lacks. */
export function readScreening(stored: unknown): ScreeningSettings {
  const parsed = screeningSettingsSchema.safeParse({ ...DEFAULT_SCREENING, ...(stored as object | null) });
  return parsed.success ? parsed.data : DEFAULT_SCREENING;
}

function slug(value: string | number | null): string {
  return String(value ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);
}

const sameCriterion = (a: Omit<ScreeningCriterion, "id" | "required" | "weight">, b: ScreeningCriterion) =>
  a.type === b.type && a.value === b.value && a.question_id === b.question_id;

/**
 * Applies a settings update to the current settings: keys that are sent replace the current ones.
 * Criteria without an id get a stable one — the id they had when the same criterion (type and
 * value) was already there, else one made from type and value — so scores stay comparable across
 * edits. An `answer` criterion must name a question the job asks.
 */
export function applyScreening(current: ScreeningSettings, input: ScreeningSettingsInput | undefined, questions: ScreeningQuestion[]): ScreeningSettings {
  const next: ScreeningSettings = {
    mode: input?.mode ?? current.mode,
    advance: input?.advance !== undefined ? input.advance : current.advance,
    reject_on_required_miss: input?.reject_on_required_miss ?? current.reject_on_required_miss,
    criteria: current.criteria,
  };
  const details: ErrorDetail[] = [];
  if (input?.criteria) {
    const taken = new Set(input.criteria.flatMap((c) => (c.id ? [c.id] : [])));
    const criteria: ScreeningCriterion[] = [];
    input.criteria.forEach((c, i) => {
      const base = {
        type: c.type,
        value: c.value ?? null,
        question_id: c.type === "answer" ? c.question_id : null,
        accepted: c.type === "answer" ? c.accepted : null,
      };
      let id = c.id ?? current.criteria.find((old) => sameCriterion(base, old) && !taken.has(old.id))?.id;
      if (!id) {
        const stem = [c.type, slug(base.value ?? base.question_id)].filter(Boolean).join("-");
        id = stem;
        for (let n = 2; taken.has(id); n++) id = `${stem}-${n}`;
      }
      if (criteria.some((other) => other.id === id)) details.push({ field: `screening.criteria[${i}].id`, message: `Duplicate criterion id "${id}"` });
      taken.add(id);
      criteria.push({ id, ...base, required: c.required ?? false, weight: c.weight ?? 1 });
    });
    next.criteria = criteria;
  }
  const asked = new Set(questions.map((q) => q.id));
  next.criteria.forEach((c, i) => {
    if (c.type === "answer" && !asked.has(c.question_id!)) {
      details.push({ field: `screening.criteria[${i}].question_id`, message: `The job has no screening question "${c.question_id}"` });
    }
  });
  if (details.length) throw AppError.validation(details);
  return next;
}
