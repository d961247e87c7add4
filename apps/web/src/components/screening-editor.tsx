"use client";

import { useRef, type Dispatch, type SetStateAction } from "react";
import { MAX_CRITERIA, MODE_LABELS, REJECT_ON_REQUIRED_MISS, type ScreeningMode } from "@/lib/screening";
import { isStageType, type JobStage, STAGE_TYPE_LABELS, TYPE_STAGES } from "@/lib/stages";
import { type CriterionErrors, CriterionRow } from "./screening-criterion-row";
import { type CriterionDraft, describeDraft, type QuestionRef, type ScreeningDraft } from "./screening-draft";
import { StageOptions } from "./stage-options";
import { Button, cx, describedBy, Field, inputClass } from "./ui";

// The draft and the request body live beside the editor; the job form imports them from here.
export { describeDraft, screeningDraft, screeningInput, type CriterionDraft, type QuestionRef, type ScreeningDraft } from "./screening-draft";

const MODE_HINTS: Record<ScreeningMode, string> = {
  off: "No scoring.",
  score: "Scores candidates against the criteria; never moves anyone.",
  auto: "Scores candidates, and may move a candidate once by the rules below.",
};

/** "Move them to": the job's stages (or the six types), and the stored value when it is none of them (a type: the job's first stage of it). */
function advanceOptions(stages: readonly JobStage[] | undefined, current: string): Pick<JobStage, "key" | "name">[] {
  const options: Pick<JobStage, "key" | "name">[] = [...(stages ?? TYPE_STAGES)];
  if (current && !options.some((stage) => stage.key === current)) {
    options.push({ key: current, name: isStageType(current) ? `First “${STAGE_TYPE_LABELS[current]}” stage` : current });
  }
  return options;
}

/**
 * Finds the API's `screening.*` field errors for each control. Criteria are named by their index
 * in the request that failed (`sentKeys`), so a message stays on its row after rows are added or
 * removed; whatever has no control of its own is listed at the top of the section.
 */
function screeningErrors(errors: Record<string, string>, sentKeys: number[]) {
  const left = new Map(Object.entries(errors).filter(([field]) => field === "screening" || field.startsWith("screening.")));
  const take = (field: string) => {
    const message = left.get(field);
    left.delete(field);
    return message;
  };
  const takePrefix = (prefix: string) => {
    let found: string | undefined;
    for (const [field, message] of [...left]) {
      if (field === prefix || field.startsWith(`${prefix}.`) || field.startsWith(`${prefix}[`)) {
        found ??= message;
        left.delete(field);
      }
    }
    return found;
  };
  const criteria = new Map<number, CriterionErrors>();
  sentKeys.forEach((key, index) => {
    const p = `screening.criteria[${index}]`;
    criteria.set(key, {
      type: take(`${p}.type`),
      value: take(`${p}.value`),
      question: take(`${p}.question_id`),
      accepted: takePrefix(`${p}.accepted`),
      weight: take(`${p}.weight`),
      // id (a duplicate), required, unknown keys: the row as a whole.
      row: takePrefix(p),
    });
  });
  const result = {
    mode: take("screening.mode"),
    criteriaList: take("screening.criteria"),
    criteria,
    minScore: take("screening.advance.min_score"),
    toStage: take("screening.advance.to_stage"),
    advance: takePrefix("screening.advance"),
    reject: take("screening.reject_on_required_miss"),
  };
  return { ...result, other: [...left.values()] };
}

/**
 * The "AI screening" part of the job form: mode, criteria, the moving rules, and one sentence on
 * what the agent will do with them. Controlled: the job form owns the draft and sends it.
 */
export function ScreeningEditor({
  value,
  onChange,
  questions,
  errors,
  sentKeys,
  stages,
  locations = [],
}: {
  value: ScreeningDraft;
  onChange: Dispatch<SetStateAction<ScreeningDraft>>;
  questions: QuestionRef[];
  errors: Record<string, string>;
  sentKeys: number[];
  /**
   * The job's stages (editing an existing job): "Move them to" lists them. Without (a new job), the
   * six stage types, which the server resolves to the job's first stage of that type.
   */
  stages?: readonly JobStage[];
  /** The job's locations as typed: a location criterion warns when they name postal codes. */
  locations?: readonly string[];
}) {
  const nextKey = useRef(Math.max(0, ...value.criteria.map((c) => c.key)) + 1);
  const err = screeningErrors(errors, sentKeys);
  const set = (patch: Partial<ScreeningDraft>) => onChange((draft) => ({ ...draft, ...patch }));
  const update = (key: number, patch: Partial<CriterionDraft>) =>
    onChange((draft) => ({ ...draft, criteria: draft.criteria.map((c) => (c.key === key ? { ...c, ...patch } : c)) }));
  const add = () =>
    onChange((draft) => ({
      ...draft,
      criteria: [
        ...draft.criteria,
        { key: nextKey.current++, origin: null, type: "skill", value: "", questionKey: null, questionId: null, accepted: "", required: false, weight: 1 },
      ],
    }));
  const remove = (key: number) => onChange((draft) => ({ ...draft, criteria: draft.criteria.filter((c) => c.key !== key) }));
  const rejectNote = value.rejectOnRequiredMiss && !value.criteria.some((c) => c.required);

  return (
    <div className="space-y-6">
      {err.other.length > 0 && (
        <ul className="space-y-1 text-sm text-red-700" role="alert">
          {err.other.map((message, n) => (
            <li key={n}>{message}</li>
          ))}
        </ul>
      )}

      <fieldset aria-describedby={err.mode ? "screening-mode-error" : undefined}>
        <legend className="text-sm font-medium text-slate-800">Mode</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {(Object.keys(MODE_LABELS) as ScreeningMode[]).map((mode) => (
            <label
              key={mode}
              className={cx(
                "flex cursor-pointer items-start gap-2 rounded-md p-3 text-sm ring-1 ring-inset",
                value.mode === mode ? "bg-indigo-50 ring-2 ring-indigo-600" : "ring-slate-300 hover:bg-slate-50",
              )}
            >
              <input
                type="radio"
                name="screening_mode"
                value={mode}
                checked={value.mode === mode}
                onChange={() => set({ mode })}
                aria-labelledby={`screening-mode-${mode}-label`}
                aria-describedby={`screening-mode-${mode}-hint`}
                className="mt-0.5 size-4 border-slate-300 text-indigo-600"
              />
              <span>
                <span id={`screening-mode-${mode}-label`} className="block font-medium text-slate-900">
                  {MODE_LABELS[mode]}
                </span>
                <span id={`screening-mode-${mode}-hint`} className="block text-xs text-slate-600">
                  {MODE_HINTS[mode]}
                </span>
              </span>
            </label>
          ))}
        </div>
        {err.mode && (
          <p id="screening-mode-error" className="mt-1.5 text-sm text-red-700" role="alert">
            {err.mode}
          </p>
        )}
      </fieldset>

      <div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <h3 className="text-sm font-medium text-slate-800">Criteria</h3>
            <p className="text-xs text-slate-600">Each candidate is scored 0–100 by the criteria they meet, counted by weight.</p>
          </div>
          <Button variant="secondary" onClick={add} disabled={value.criteria.length >= MAX_CRITERIA}>
            Add criterion
          </Button>
        </div>
        {err.criteriaList && (
          <p id="screening-criteria-error" className="mt-2 text-sm text-red-700" role="alert">
            {err.criteriaList}
          </p>
        )}
        {value.criteria.length >= MAX_CRITERIA && <p className="mt-2 text-xs text-slate-600">At most {MAX_CRITERIA} criteria.</p>}
        {value.criteria.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No criteria yet{value.mode === "off" ? "." : ": every fit score stays empty until you add one."}</p>
        ) : (
          <ol className="mt-3 space-y-3">
            {value.criteria.map((c, index) => (
              <CriterionRow
                key={c.key}
                index={index}
                criterion={c}
                questions={questions}
                locations={locations}
                errors={err.criteria.get(c.key) ?? {}}
                onUpdate={(patch) => update(c.key, patch)}
                onRemove={() => remove(c.key)}
              />
            ))}
          </ol>
        )}
      </div>

      {value.mode === "auto" && (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">Moving candidates</legend>
          {err.advance && (
            <p className="text-sm text-red-700" role="alert">
              {err.advance}
            </p>
          )}
          <label className="flex items-center gap-2 text-sm text-slate-900">
            <input
              type="checkbox"
              id="screening-advance"
              checked={value.advance}
              onChange={(e) => set({ advance: e.target.checked })}
              className="size-4 rounded border-slate-300 text-indigo-600"
            />
            Advance candidates who score high enough
          </label>
          {value.advance && (
            <div className="grid gap-3 pl-6 sm:grid-cols-2">
              <Field id="screening-min-score" label="Score at least" hint="0 to 100" error={err.minScore}>
                <input
                  {...describedBy("screening-min-score", err.minScore, true)}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100}
                  step={1}
                  value={value.minScore}
                  onChange={(e) => set({ minScore: e.target.value })}
                  className={inputClass}
                />
              </Field>
              <Field id="screening-to-stage" label="Move them to" error={err.toStage}>
                <select
                  {...describedBy("screening-to-stage", err.toStage)}
                  value={value.toStage}
                  onChange={(e) => set({ toStage: e.target.value })}
                  className={inputClass}
                >
                  <StageOptions stages={advanceOptions(stages, value.toStage)} />
                </select>
              </Field>
            </div>
          )}
          <div>
            <label className="flex items-center gap-2 text-sm text-slate-900">
              <input
                type="checkbox"
                id="screening-reject"
                checked={value.rejectOnRequiredMiss}
                onChange={(e) => set({ rejectOnRequiredMiss: e.target.checked })}
                aria-invalid={err.reject ? true : undefined}
                aria-describedby={err.reject ? "screening-reject-error" : rejectNote ? "screening-reject-hint" : undefined}
                className="size-4 rounded border-slate-300 text-indigo-600"
              />
              {REJECT_ON_REQUIRED_MISS}
            </label>
            {rejectNote && !err.reject && (
              <p id="screening-reject-hint" className="mt-1 pl-6 text-xs text-slate-600">
                No criterion is marked required yet, so no one is rejected.
              </p>
            )}
            {err.reject && (
              <p id="screening-reject-error" className="mt-1 text-sm text-red-700" role="alert">
                {err.reject}
              </p>
            )}
          </div>
        </fieldset>
      )}

      <div className="rounded-md bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
        <h3 className="text-xs font-semibold tracking-wide text-slate-700 uppercase">What the agent will do</h3>
        <p className="mt-1 text-sm text-slate-900" aria-live="polite" data-testid="screening-summary">
          {describeDraft(value, stages)}
        </p>
      </div>
    </div>
  );
}
