"use client";

import type { UserDto } from "@hireflow/core/identity/contract";
import type { JobDto } from "@hireflow/core/job/contract";
import type { JobStageDto } from "@hireflow/core/pipeline/contract";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { errorInfo } from "@/lib/errors";
import { useFocusFirstError } from "@/lib/focus-first-error";
import { initialDraft, pipelineInput } from "@/lib/pipeline-draft";
import { useTrpc } from "@/lib/trpc";
import { flash } from "./flash";
import { JobBoardFields, jobBoardInput } from "./job-board-fields";
import { PipelineEditor } from "./pipeline-editor";
import { ScreeningEditor, screeningDraft, screeningInput } from "./screening-editor";
import { Alert, Button, Card, cx, describedBy, Field, inputClass } from "./ui";

type QuestionType = "text" | "textarea" | "yes_no" | "select";
interface QuestionDraft {
  key: number;
  id: string;
  label: string;
  type: QuestionType;
  required: boolean;
  options: string;
}

const QUESTION_TYPES: { value: QuestionType; label: string }[] = [
  { value: "text", label: "Short text" },
  { value: "textarea", label: "Long text" },
  { value: "yes_no", label: "Yes / no" },
  { value: "select", label: "Choice" },
];

function questionId(label: string, taken: Set<string>): string {
  const base = label.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 48) || "question";
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
  taken.add(id);
  return id;
}

function splitList(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

function toInt(value: FormDataEntryValue | null): number | null {
  const text = String(value ?? "").trim();
  if (!text) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : NaN;
}

/**
 * Create or edit a job; every rule (lengths, salary range, currency, the pipeline's) is the API's,
 * shown inline. `stages`: what the pipeline editor starts with (the job's, or the company's template
 * for a new job); `retiredKeys` and `stageCounts` (candidates per stage key) are the job's.
 * `members`: the company's members, of whom any but interviewers may lead the job's hiring team.
 */
export function JobForm({
  job,
  departmentName,
  departments,
  stages,
  retiredKeys = [],
  stageCounts = {},
  members,
}: {
  job?: JobDto;
  members: UserDto[];
  departmentName?: string;
  departments: string[];
  stages: JobStageDto[];
  retiredKeys?: string[];
  stageCounts?: Record<string, number>;
}) {
  // Interviewers cannot lead a hiring team; a lead stays listed (checked) whatever the list's order.
  const leadIds = new Set(job?.hiring_team_lead_ids ?? []);
  const leadChoices = members.filter((member) => member.role !== "interviewer" || leadIds.has(member.id));
  const trpc = useTrpc();
  const router = useRouter();
  // Row keys count from 1 in every render of the page, so the server's HTML and the browser's agree
  // (they end up in element ids, and answer criteria refer to questions by them).
  const [initial] = useState(() => {
    const rows: QuestionDraft[] =
      job?.screening_questions.map((q, index) => ({ key: index + 1, id: q.id, label: q.label, type: q.type, required: q.required, options: (q.options ?? []).join(", ") })) ?? [];
    return { questions: rows, screening: screeningDraft(job?.screening, rows) };
  });
  const nextKey = useRef(initial.questions.length + 1);
  const [questions, setQuestions] = useState<QuestionDraft[]>(initial.questions);
  const [screening, setScreening] = useState(initial.screening);
  // The criteria rows of the last request, in order: the API names a criterion by its index there.
  const [sentCriteria, setSentCriteria] = useState<number[]>([]);
  const [pipeline, setPipeline] = useState(() => initialDraft(stages));
  const [locationsText, setLocationsText] = useState(() => job?.locations.join(", ") ?? "");
  const [locationType, setLocationType] = useState<string>(job?.location_type ?? "onsite");
  const locations = splitList(locationsText);
  const [sentStages, setSentStages] = useState<number[]>([]);
  // Keys a new stage may not take: the job's (also those removed in this edit) and its retired ones.
  const reservedKeys = [...(job?.stages ?? []).map((stage) => stage.key), ...retiredKeys];
  // The pipeline as edited, for the screening agent's "Move them to" (the server checks it against the list sent).
  const draftStages = pipelineInput(pipeline, { reserved: reservedKeys }).stages.map((stage, index) => ({ ...stage, name: stage.name || `Stage ${index + 1}` }));

  const save = useMutation({
    mutationFn: async (input: Record<string, unknown>) =>
      job ? (await trpc.jobs.update.mutate({ id: String(job.id), ...input } as never)).data : (await trpc.jobs.create.mutate(input as never)).data,
    onSuccess: (saved) => {
      flash(job ? "Job saved." : "Job created.", `/jobs/${saved.id}`);
      router.push(`/jobs/${saved.id}`);
      router.refresh();
    },
  });
  const error = save.error ? errorInfo(save.error) : null;
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  useFocusFirstError(formRef, bannerRef, save.error);
  // The form's inputs are flat; the API names nested fields by path (salary.max).
  const fieldError = (name: string) => error?.fields[name] ?? error?.fields[name.replace(/^salary_/, "salary.")];
  const leadError = fieldError("hiring_team_lead_ids") ?? Object.entries(error?.fields ?? {}).find(([k]) => k.startsWith("hiring_team_lead_ids["))?.[1];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const taken = new Set(questions.filter((q) => q.id).map((q) => q.id));
    // New questions get their id here, before the criteria that refer to them are sent.
    const questionIds = new Map(questions.map((q) => [q.key, q.id || questionId(q.label, taken)]));
    setSentCriteria(screening.criteria.map((c) => c.key));
    setSentStages(pipeline.rows.map((row) => row.id));
    const { stages: stageList, stage_moves } = pipelineInput(pipeline, { reserved: reservedKeys, saved: job?.stages ?? [] });
    const currency = String(form.get("salary_currency") ?? "").trim().toUpperCase();
    save.mutate({
      title: String(form.get("title") ?? ""),
      department: String(form.get("department") ?? "").trim() || "General",
      description: String(form.get("description") ?? "").trim() || null,
      locations,
      location_type: form.get("location_type"),
      ...jobBoardInput(form, locations, locationType === "remote"),
      salary: { min: toInt(form.get("salary_min")), max: toInt(form.get("salary_max")), currency: currency || null },
      is_active: form.get("is_active") === "on",
      is_public: form.get("is_public") === "on",
      screening_questions: questions.map((q) => ({
        id: questionIds.get(q.key)!,
        label: q.label.trim(),
        type: q.type,
        required: q.required,
        ...(q.type === "select" ? { options: splitList(q.options) } : {}),
      })),
      screening: screeningInput(screening, (key) => questionIds.get(key)),
      stages: stageList,
      ...(job && Object.keys(stage_moves).length ? { stage_moves } : {}),
      hiring_team_lead_ids: form.getAll("hiring_team_lead_ids").map(String),
    });
  }

  function update(key: number, patch: Partial<QuestionDraft>) {
    setQuestions((all) => all.map((q) => (q.key === key ? { ...q, ...patch } : q)));
  }
  function move(index: number, by: number) {
    setQuestions((all) => {
      const next = [...all];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} className="space-y-6" noValidate>
      {error && (
        <div ref={bannerRef} tabIndex={-1} className="focus:outline-none">
          <Alert title={Object.keys(error.fields).length ? "Please check the highlighted fields" : "Could not save the job"}>
            {!Object.keys(error.fields).length && error.message}
          </Alert>
        </div>
      )}
      <Card className="space-y-5 p-5">
        <Field id="title" label="Title" required error={fieldError("title")}>
          <input {...describedBy("title", fieldError("title"))} name="title" defaultValue={job?.title} required maxLength={200} className={inputClass} />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="department" label="Department" hint="Pick one or type a new name." error={fieldError("department")}>
            <input
              {...describedBy("department", fieldError("department"), true)}
              name="department"
              list="departments"
              defaultValue={departmentName ?? ""}
              placeholder="General"
              maxLength={100}
              className={inputClass}
            />
            <datalist id="departments">
              {departments.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </Field>
          <Field id="location_type" label="Location type" error={fieldError("location_type")}>
            <select {...describedBy("location_type", fieldError("location_type"))} name="location_type" value={locationType} onChange={(e) => setLocationType(e.target.value)} className={inputClass}>
              <option value="onsite">On-site</option>
              <option value="remote">Remote</option>
              <option value="hybrid">Hybrid</option>
            </select>
          </Field>
        </div>
        <Field id="locations" label="Locations" hint="Separate with commas, e.g. “Berlin, Remote”." error={fieldError("locations") ?? Object.entries(error?.fields ?? {}).find(([k]) => k.startsWith("locations["))?.[1]}>
          <input {...describedBy("locations", fieldError("locations"), true)} name="locations" value={locationsText} onChange={(e) => setLocationsText(e.target.value)} className={inputClass} />
        </Field>
        <JobBoardFields job={job} locations={locations} remote={locationType === "remote"} fieldError={fieldError} />
        <Field id="description" label="Description" error={fieldError("description")}>
          <textarea {...describedBy("description", fieldError("description"))} name="description" rows={6} defaultValue={job?.description ?? ""} maxLength={20000} className={inputClass} />
        </Field>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Salary (yearly, optional)</legend>
          <div className="mt-1.5 grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Field id="salary_min" label={<span className="text-xs font-normal text-slate-600">Minimum</span>} error={fieldError("salary_min")}>
              <input {...describedBy("salary_min", fieldError("salary_min"))} name="salary_min" type="number" min={0} step={1000} inputMode="numeric" defaultValue={job?.salary.min ?? ""} className={inputClass} />
            </Field>
            <Field id="salary_max" label={<span className="text-xs font-normal text-slate-600">Maximum</span>} error={fieldError("salary_max")}>
              <input {...describedBy("salary_max", fieldError("salary_max"))} name="salary_max" type="number" min={0} step={1000} inputMode="numeric" defaultValue={job?.salary.max ?? ""} className={inputClass} />
            </Field>
            <Field id="salary_currency" label={<span className="text-xs font-normal text-slate-600">Currency</span>} error={fieldError("salary_currency")}>
              <input {...describedBy("salary_currency", fieldError("salary_currency"))} name="salary_currency" placeholder="EUR" maxLength={3} defaultValue={job?.salary.currency ?? ""} className={cx(inputClass, "uppercase")} />
            </Field>
          </div>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Visibility</legend>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="is_active" defaultChecked={job?.is_active ?? true} className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600" />
            <span>
              <span className="font-medium">Active</span> <span className="text-slate-500">— accepting candidates</span>
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="is_public" defaultChecked={job?.is_public ?? true} className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600" />
            <span>
              <span className="font-medium">Public</span> <span className="text-slate-500">— listed on the careers page (when active)</span>
            </span>
          </label>
        </fieldset>
      </Card>

      <Card className="p-5">
        <fieldset aria-describedby="hiring_team_lead_ids-hint">
          <legend className="text-base font-semibold text-slate-900">Hiring team leads</legend>
          <p id="hiring_team_lead_ids-hint" className="mb-3 text-sm text-slate-600">
            Like owners and admins, the leads see every interviewer&apos;s scorecard for the job&apos;s candidates before submitting their own. Others on an interview
            panel see the rest only after theirs.
          </p>
          {leadError && (
            <p id="hiring_team_lead_ids-error" role="alert" className="mb-2 text-sm text-red-700">
              {leadError}
            </p>
          )}
          {leadChoices.length === 0 ? (
            <p className="text-sm text-slate-500">No members to choose from.</p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2">
              {leadChoices.map((member) => (
                <li key={member.id}>
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="hiring_team_lead_ids"
                      value={member.id}
                      defaultChecked={leadIds.has(member.id)}
                      aria-describedby={leadError ? "hiring_team_lead_ids-error" : undefined}
                      className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600"
                    />
                    <span>
                      <span className="font-medium">{member.name ?? member.email}</span> <span className="text-slate-500">— {member.role}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      </Card>

      <Card className="p-5">
        <h2 className="text-base font-semibold text-slate-900">Pipeline</h2>
        <p className="mb-4 text-sm text-slate-600">
          The stages candidates move through, in order{job ? "" : " (from the company's template in Settings → Pipeline)"}. Each has a name and a type, which says
          what it means to reports, integrations and the careers page.
        </p>
        <PipelineEditor
          idPrefix="pipeline"
          draft={pipeline}
          onChange={setPipeline}
          reserved={reservedKeys}
          saved={job?.stages}
          counts={stageCounts}
          errors={error?.fields ?? {}}
          sentRows={sentStages}
        />
      </Card>

      <Card className="p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <h2 className="text-base font-semibold text-slate-900">Screening questions</h2>
            <p className="text-sm text-slate-600">Asked on the application form.</p>
          </div>
          <Button
            variant="secondary"
            onClick={() => setQuestions((all) => [...all, { key: nextKey.current++, id: "", label: "", type: "text", required: false, options: "" }])}
          >
            Add question
          </Button>
        </div>
        {questions.length === 0 ? (
          <p className="mt-4 text-sm text-slate-500">No screening questions.</p>
        ) : (
          <ol className="mt-4 space-y-4">
            {questions.map((q, index) => {
              const prefix = `screening_questions[${index}]`;
              const labelError = fieldError(`${prefix}.label`);
              const optionsError = fieldError(`${prefix}.options`) ?? Object.entries(error?.fields ?? {}).find(([k]) => k.startsWith(`${prefix}.options[`))?.[1];
              return (
                <li key={q.key} className="rounded-md bg-slate-50 p-4 ring-1 ring-slate-200">
                  <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
                    <Field id={`q-${q.key}-label`} label={`Question ${index + 1}`} error={labelError}>
                      <input {...describedBy(`q-${q.key}-label`, labelError)} value={q.label} onChange={(e) => update(q.key, { label: e.target.value })} maxLength={500} className={inputClass} />
                    </Field>
                    <Field id={`q-${q.key}-type`} label="Answer type">
                      <select id={`q-${q.key}-type`} value={q.type} onChange={(e) => update(q.key, { type: e.target.value as QuestionType })} className={inputClass}>
                        {QUESTION_TYPES.map((t) => (
                          <option key={t.value} value={t.value}>
                            {t.label}
                          </option>
                        ))}
                      </select>
                    </Field>
                  </div>
                  {q.type === "select" && (
                    <div className="mt-3">
                      <Field id={`q-${q.key}-options`} label="Choices" hint="Separate with commas." error={optionsError}>
                        <input {...describedBy(`q-${q.key}-options`, optionsError, true)} value={q.options} onChange={(e) => update(q.key, { options: e.target.value })} className={inputClass} />
                      </Field>
                    </div>
                  )}
                  <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
                    <label className="flex items-center gap-2 text-sm">
                      <input type="checkbox" checked={q.required} onChange={(e) => update(q.key, { required: e.target.checked })} className="size-4 rounded border-slate-300" />
                      Required
                    </label>
                    <div className="ml-auto flex gap-1">
                      <Button variant="ghost" onClick={() => move(index, -1)} disabled={index === 0} aria-label={`Move question ${index + 1} up`}>
                        ↑
                      </Button>
                      <Button variant="ghost" onClick={() => move(index, 1)} disabled={index === questions.length - 1} aria-label={`Move question ${index + 1} down`}>
                        ↓
                      </Button>
                      <Button variant="danger-ghost" onClick={() => setQuestions((all) => all.filter((x) => x.key !== q.key))} aria-label={`Remove question ${index + 1}`}>
                        Remove
                      </Button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </Card>

      <Card className="p-5">
        <h2 id="ai-screening" className="text-base font-semibold text-slate-900">
          AI screening
        </h2>
        <p className="mb-4 text-sm text-slate-600">An agent scores candidates against your criteria and, if you let it, moves them along.</p>
        <ScreeningEditor value={screening} onChange={setScreening} questions={questions} errors={error?.fields ?? {}} sentKeys={sentCriteria} stages={draftStages} locations={locations} />
      </Card>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : job ? "Save changes" : "Create job"}
        </Button>
        <Button variant="secondary" onClick={() => router.back()}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
