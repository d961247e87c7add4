import { criterionWarnings, CRITERION_WARNING_TEXT, protectedTermIn, protectedTermMessage } from "@hireflow/core/screening/contract";
import type { ReactNode } from "react";
import { CRITERION_TYPE_LABELS, CRITERION_TYPES, type CriterionType } from "@/lib/screening";
import { type CriterionDraft, type QuestionRef, splitList } from "./screening-draft";
import { Button, describedBy, Field, inputClass } from "./ui";

const WEIGHTS = [1, 2, 3, 4, 5] as const;

/** The API's field errors of one criterion row, by control; `row`: those of the row as a whole. */
export interface CriterionErrors {
  type?: string;
  value?: string;
  question?: string;
  accepted?: string;
  weight?: string;
  row?: string;
}

/** One criterion of the editor: its type, what the type asks for, required, weight and Remove, then the guard rails' warnings. */
export function CriterionRow({
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
  errors: CriterionErrors;
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
