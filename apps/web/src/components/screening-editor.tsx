"use client";

import { criterionWarnings, CRITERION_WARNING_TEXT, protectedTermIn, protectedTermMessage } from "@hireflow/core/screening/contract";
import type { ScreeningSettings } from "@hireflow/core/screening/contract";
import { useRef, type Dispatch, type ReactNode, type SetStateAction } from "react";
import {
  CRITERION_TYPE_LABELS,
  CRITERION_TYPES,
  describeScreening,
  MAX_CRITERIA,
  MODE_LABELS,
  type CriterionType,
  type ScreeningMode,
} from "@/lib/screening";
import { isStageType, type JobStage, STAGE_TYPE_LABELS, TYPE_STAGES } from "@/lib/stages";
import { StageOptions } from "./stage-options";
import { Button, cx, describedBy, Field, inputClass } from "./ui";

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

const MODE_HINTS: Record<ScreeningMode, string> = {
  off: "No scoring.",
  score: "Scores candidates against the criteria; never moves anyone.",
  auto: "Scores candidates, and may move a candidate once by the rules below.",
};

const WEIGHTS = [1, 2, 3, 4, 5] as const;

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

function splitList(value: string): string[] {
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
  const criteria = new Map<number, { type?: string; value?: string; question?: string; accepted?: string; weight?: string; row?: string }>();
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
              Reject candidates who miss a required criterion
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

function CriterionRow({
  index,
  criterion: c,
  questions,
  locations,
  errors,
  onUpdate,
  onRemove,
}: {
  index: number;
  criterion: CriterionDraft;
  questions: QuestionRef[];
  locations: readonly string[];
  errors: { type?: string; value?: string; question?: string; accepted?: string; weight?: string; row?: string };
  onUpdate: (patch: Partial<CriterionDraft>) => void;
  onRemove: () => void;
}) {
  const id = (part: string) => `crit-${c.key}-${part}`;
  const question = c.questionKey !== null ? questions.find((q) => q.key === c.questionKey) : undefined;
  // A number and a text do not carry over to each other; texts carry over between skill and statement.
  const changeType = (type: CriterionType) => onUpdate({ type, value: (type === "min_years") === (c.type === "min_years") ? c.value : "" });
  let value: ReactNode = null;
  switch (c.type) {
    case "skill":
      value = (
        <Field id={id("value")} label="Skill" hint="As it would appear on a resume, e.g. PostgreSQL." error={errors.value}>
          <input {...describedBy(id("value"), errors.value, true)} value={c.value} onChange={(e) => onUpdate({ value: e.target.value })} maxLength={100} className={inputClass} />
        </Field>
      );
      break;
    case "min_years":
      value = (
        <Field id={id("value")} label="Years of experience, at least" error={errors.value}>
          <input
            {...describedBy(id("value"), errors.value)}
            type="number"
            inputMode="decimal"
            min={0}
            max={60}
            step={0.5}
            value={c.value}
            onChange={(e) => onUpdate({ value: e.target.value })}
            className={inputClass}
          />
        </Field>
      );
      break;
    case "location":
      value = <p className="text-sm text-slate-600 sm:pt-7">Compares where the candidate lives with the job’s locations and location type.</p>;
      break;
    case "text":
      value = (
        <Field id={id("value")} label="Statement" hint="Judged against the resume, e.g. “Has led a team of engineers”." error={errors.value}>
          <textarea {...describedBy(id("value"), errors.value, true)} rows={2} value={c.value} onChange={(e) => onUpdate({ value: e.target.value })} maxLength={500} className={inputClass} />
        </Field>
      );
      break;
    case "answer":
      value = (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={id("question")} label="Question" error={errors.question}>
            <select
              {...describedBy(id("question"), errors.question)}
              value={question ? String(question.key) : ""}
              onChange={(e) => onUpdate({ questionKey: e.target.value ? Number(e.target.value) : null, questionId: null })}
              className={inputClass}
            >
              <option value="">{questions.length ? "Choose a question…" : "No screening questions yet"}</option>
              {questions.map((q, n) => (
                <option key={q.key} value={q.key}>
                  {`Question ${n + 1}: ${q.label.trim() || "(no text yet)"}`}
                </option>
              ))}
            </select>
          </Field>
          <Field id={id("accepted")} label="Accepted answers" hint={acceptedHint(question)} error={errors.accepted}>
            <input {...describedBy(id("accepted"), errors.accepted, true)} value={c.accepted} onChange={(e) => onUpdate({ accepted: e.target.value })} className={inputClass} />
          </Field>
        </div>
      );
      break;
  }
  return (
    <li className="rounded-md bg-slate-50 p-4 ring-1 ring-slate-200">
      <fieldset aria-describedby={errors.row ? id("row-error") : undefined}>
        <legend className="text-sm font-medium text-slate-800">Criterion {index + 1}</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <Field id={id("type")} label="Type" error={errors.type}>
            <select {...describedBy(id("type"), errors.type)} value={c.type} onChange={(e) => changeType(e.target.value as CriterionType)} className={inputClass}>
              {CRITERION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {CRITERION_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </Field>
          <div className="min-w-0">{value}</div>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
          <label className="flex items-center gap-2 text-sm text-slate-900">
            <input type="checkbox" id={id("required")} checked={c.required} onChange={(e) => onUpdate({ required: e.target.checked })} className="size-4 rounded border-slate-300 text-indigo-600" />
            Required
          </label>
          <div className="flex items-center gap-2">
            <label htmlFor={id("weight")} className="text-sm text-slate-900">
              Weight
            </label>
            <select
              {...describedBy(id("weight"), errors.weight)}
              value={c.weight}
              onChange={(e) => onUpdate({ weight: Number(e.target.value) })}
              className="rounded-md border-0 bg-white py-1.5 pr-8 pl-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 aria-[invalid=true]:ring-red-500"
            >
              {WEIGHTS.map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </select>
          </div>
          <Button variant="danger-ghost" className="ml-auto" onClick={onRemove} aria-label={`Remove criterion ${index + 1}`}>
            Remove
          </Button>
        </div>
        <CriterionWarnings criterion={c} locations={locations} />
        {errors.weight && (
          <p id={id("weight-error")} className="mt-1 text-sm text-red-700" role="alert">
            {errors.weight}
          </p>
        )}
        {errors.row && (
          <p id={id("row-error")} className="mt-2 text-sm text-red-700" role="alert">
            {errors.row}
          </p>
        )}
      </fieldset>
    </li>
  );
}

/**
 * What the guard rails (core screening/guard-rails.ts) say while the criterion is typed: a skill or
 * statement naming a protected characteristic (the server refuses it), and the two proxies that are
 * allowed but worth a second thought.
 */
function CriterionWarnings({ criterion: c, locations }: { criterion: CriterionDraft; locations: readonly string[] }) {
  const messages: string[] = [];
  const found = c.type === "skill" || c.type === "text" ? protectedTermIn(c.value) : null;
  if (found) messages.push(`${protectedTermMessage(found)}.`);
  for (const warning of criterionWarnings({ type: c.type, value: c.value }, locations)) messages.push(CRITERION_WARNING_TEXT[warning]);
  if (messages.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm text-amber-900" data-testid="criterion-warning">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

function acceptedHint(question: QuestionRef | undefined): string {
  if (question?.type === "yes_no") return "“yes” or “no”.";
  if (question?.type === "select") {
    const options = splitList(question.options);
    if (options.length) return `Separate with commas. Choices: ${options.join(", ")}.`;
  }
  return "Separate with commas; case does not matter.";
}
