"use client";

import type { JobStageDto, StageType } from "@hireflow/core/pipeline/contract";
import { useEffect, useRef, useState, type Dispatch, type DragEvent, type SetStateAction } from "react";
import { type KitRow, moveRow, NEW_KIT, removedStages, rowKeys, STAGE_TYPE_OPTIONS, type PipelineDraft, type StageRow } from "@/lib/pipeline-draft";
import { Button, cx, describedBy, Field, inputClass } from "./ui";

const OUTCOMES: readonly StageType[] = ["hired", "rejected"];

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * The stages of a pipeline (a job's, or the company's template): name and type per stage, add,
 * rename, re-order (move up/down buttons that keep focus on the moved stage, or drag by the handle),
 * remove. A stage keeps its key once it exists; a new one shows the key its name gives it.
 *
 * For a job, `saved` is what the job has now: a removed stage that holds candidates (`counts`, or the
 * server's 409 naming it) asks where they go. `errors` are the API's, by field (`stages[3].key`,
 * `stages`, `stage_moves.onsite`); `sentRows` maps the indexes of the last request to rows.
 */
export function PipelineEditor({
  idPrefix,
  draft,
  onChange,
  reserved = [],
  saved,
  counts = {},
  errors,
  sentRows,
}: {
  idPrefix: string;
  draft: PipelineDraft;
  onChange: Dispatch<SetStateAction<PipelineDraft>>;
  reserved?: readonly string[];
  saved?: readonly JobStageDto[];
  counts?: Record<string, number>;
  errors: Record<string, string>;
  sentRows: readonly number[];
}) {
  const { rows } = draft;
  const keys = rowKeys(rows, reserved);
  const removed = saved ? removedStages(saved, rows) : [];
  const [announcement, setAnnouncement] = useState("");
  const [dragging, setDragging] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  // What gets focus once the list has re-rendered (React may re-insert a moved row's nodes, which drops focus).
  const focusNext = useRef<string[] | null>(null);
  useEffect(() => {
    const ids = focusNext.current;
    if (!ids) return;
    focusNext.current = null;
    for (const id of ids) {
      const element = document.getElementById(id) as HTMLButtonElement | HTMLInputElement | null;
      if (element && !element.disabled) {
        element.focus();
        return;
      }
    }
  });

  const rowId = (id: number, part: string) => `${idPrefix}-${id}-${part}`;
  const label = (row: StageRow, index: number) => row.name.trim() || `stage ${index + 1}`;
  const rowError = (row: StageRow, part?: string) => {
    const index = sentRows.indexOf(row.id);
    if (index < 0) return undefined;
    return errors[part ? `stages[${index}].${part}` : `stages[${index}]`];
  };

  function setRows(next: StageRow[]) {
    onChange((d) => ({ ...d, rows: next }));
  }
  function update(id: number, patch: Partial<StageRow>) {
    onChange((d) => ({ ...d, rows: d.rows.map((row) => (row.id === id ? { ...row, ...patch } : row)) }));
  }
  function move(from: number, to: number, focus?: "up" | "down") {
    const row = rows[from];
    if (!row || to < 0 || to >= rows.length || from === to) return;
    setRows(moveRow(rows, from, to));
    if (focus) focusNext.current = [rowId(row.id, focus), rowId(row.id, focus === "up" ? "down" : "up")];
    setAnnouncement(`${label(row, from)} moved to position ${to + 1} of ${rows.length}.`);
  }
  function add() {
    const id = draft.nextId;
    // Before the closing outcome stages (Hired, Rejected), where a new step usually goes.
    let at = rows.length;
    while (at > 1 && OUTCOMES.includes(rows[at - 1]!.type)) at--;
    const next = [...rows];
    next.splice(at, 0, { id, key: null, name: "", type: "inprogress" });
    onChange((d) => ({ ...d, rows: next, nextId: d.nextId + 1 }));
    focusNext.current = [rowId(id, "name")];
    setAnnouncement(`Stage added at position ${at + 1}.`);
  }
  function remove(index: number) {
    const row = rows[index]!;
    const next = rows.filter((r) => r.id !== row.id);
    onChange((d) => {
      // A removed stage can no longer receive the candidates of another removed one.
      const moves = Object.fromEntries(Object.entries(d.moves).filter(([, target]) => target !== row.id));
      return { ...d, rows: next, moves };
    });
    const neighbour = next[Math.min(index, next.length - 1)];
    focusNext.current = neighbour ? [rowId(neighbour.id, "remove")] : [`${idPrefix}-add`];
    const held = row.key ? (counts[row.key] ?? 0) : 0;
    // Named as the "Removed when you save" box names it: the saved stage's name, not a rename in this draft.
    const name = saved?.find((stage) => stage.key === row.key)?.name ?? label(row, index);
    setAnnouncement(`${name} removed.${held ? ` Choose where its ${plural(held, "candidate")} ${held === 1 ? "goes" : "go"}.` : ""}`);
  }
  function restore(stage: JobStageDto) {
    const id = draft.nextId;
    const position = saved?.findIndex((s) => s.key === stage.key) ?? rows.length;
    const next = [...rows];
    next.splice(Math.min(Math.max(position, 0), rows.length), 0, { id, key: stage.key, name: stage.name, type: stage.type });
    onChange((d) => {
      const moves = { ...d.moves };
      delete moves[stage.key];
      return { ...d, rows: next, nextId: d.nextId + 1, moves };
    });
    focusNext.current = [rowId(id, "name")];
    setAnnouncement(`${stage.name} restored.`);
  }

  function onDragStart(event: DragEvent<HTMLElement>, id: number) {
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", String(id));
    const item = (event.currentTarget as HTMLElement).closest("li");
    if (item) event.dataTransfer.setDragImage(item, 16, 16);
    setDragging(id);
  }
  function onDragOver(event: DragEvent<HTMLElement>, id: number) {
    if (dragging === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    if (dropTarget !== id) setDropTarget(id);
  }
  function onDrop(event: DragEvent<HTMLElement>, id: number) {
    event.preventDefault();
    const from = rows.findIndex((row) => row.id === dragging);
    const to = rows.findIndex((row) => row.id === id);
    setDragging(null);
    setDropTarget(null);
    if (from >= 0 && to >= 0) move(from, to);
  }

  const listError = errors.stages ?? errors.stage_moves;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Every pipeline needs a Prospect, an Applied, a Hired and a Rejected stage (by type); the first stage cannot be Hired or Rejected.
      </p>
      {listError && (
        <p id={`${idPrefix}-error`} className="text-sm text-red-700" role="alert">
          {listError}
        </p>
      )}
      <ol className="space-y-2" aria-label="Stages" aria-describedby={listError ? `${idPrefix}-error` : undefined}>
        {rows.map((row, index) => {
          const key = keys.get(row.id)!;
          const nameError = rowError(row, "name");
          const typeError = rowError(row, "type");
          const keyError = rowError(row, "key") ?? rowError(row);
          const held = row.key ? (counts[row.key] ?? 0) : 0;
          const name = label(row, index);
          return (
            <li
              key={row.id}
              data-testid="pipeline-stage"
              data-key={key}
              onDragOver={(e) => onDragOver(e, row.id)}
              onDragLeave={() => dropTarget === row.id && setDropTarget(null)}
              onDrop={(e) => onDrop(e, row.id)}
              className={cx(
                "rounded-md bg-slate-50 p-3 ring-1 ring-slate-200",
                dragging === row.id && "opacity-50",
                dropTarget === row.id && dragging !== row.id && "ring-2 ring-indigo-500",
              )}
            >
              <div className="flex flex-wrap items-start gap-3 sm:flex-nowrap">
                <span
                  draggable
                  onDragStart={(e) => onDragStart(e, row.id)}
                  onDragEnd={() => {
                    setDragging(null);
                    setDropTarget(null);
                  }}
                  data-testid="drag-handle"
                  title="Drag to re-order (or use the move buttons)"
                  aria-hidden="true"
                  className="mt-7 cursor-grab px-1 text-lg leading-none text-slate-500 select-none active:cursor-grabbing"
                >
                  ⠿
                </span>
                {/*
                  On a phone the fields take the whole line beside the handle (name above type) and the
                  move and remove buttons wrap below: sharing one line left ~75 px name boxes.
                */}
                <div className="grid min-w-0 flex-1 gap-3 max-sm:basis-[calc(100%-2.5rem)] sm:grid-cols-[1fr_11rem]">
                  <div>
                    <Field id={rowId(row.id, "name")} label={`Stage ${index + 1}`} error={nameError}>
                      <input
                        {...describedBy(rowId(row.id, "name"), nameError, true)}
                        value={row.name}
                        onChange={(e) => update(row.id, { name: e.target.value })}
                        maxLength={80}
                        autoComplete="off"
                        className={inputClass}
                      />
                    </Field>
                    {/* The hint Field shows under the input (describedBy points at it). */}
                    {!nameError && (
                      <p id={`${rowId(row.id, "name")}-hint`} className="mt-1 text-xs text-slate-600">
                        Key <code className="rounded bg-white px-1 text-slate-700 ring-1 ring-slate-200">{key}</code>
                        {row.key === null ? " (new: from the name)" : ""}
                        {held > 0 ? ` · holds ${plural(held, "candidate")}` : ""}
                      </p>
                    )}
                  </div>
                  <Field
                    id={rowId(row.id, "type")}
                    label={
                      <>
                        Type<span className="sr-only"> of stage {index + 1}</span>
                      </>
                    }
                    error={typeError}
                  >
                    <select
                      {...describedBy(rowId(row.id, "type"), typeError)}
                      value={row.type}
                      onChange={(e) => update(row.id, { type: e.target.value as StageType })}
                      className={inputClass}
                    >
                      {STAGE_TYPE_OPTIONS.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  </Field>
                </div>
                <div className="flex gap-1 max-sm:ml-8 sm:mt-6">
                  <Button id={rowId(row.id, "up")} variant="ghost" onClick={() => move(index, index - 1, "up")} disabled={index === 0} aria-label={`Move ${name} up`}>
                    ↑
                  </Button>
                  <Button
                    id={rowId(row.id, "down")}
                    variant="ghost"
                    onClick={() => move(index, index + 1, "down")}
                    disabled={index === rows.length - 1}
                    aria-label={`Move ${name} down`}
                  >
                    ↓
                  </Button>
                  <Button id={rowId(row.id, "remove")} variant="danger-ghost" onClick={() => remove(index)} disabled={rows.length === 1} aria-label={`Remove ${name}`}>
                    Remove
                  </Button>
                </div>
              </div>
              <StagePlan
                idBase={rowId(row.id, "kit")}
                stageName={name}
                kits={row.interviews ?? []}
                onChange={(interviews) => update(row.id, { interviews })}
                errorOf={(k, field) => rowError(row, `interviews[${k}]${field ? `.${field}` : ""}`)}
              />
              {keyError && (
                <p className="mt-2 text-sm text-red-700" role="alert">
                  {keyError}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <Button id={`${idPrefix}-add`} variant="secondary" onClick={add}>
        Add stage
      </Button>

      {removed.length > 0 && (
        <div className="space-y-2">
          <h3 className="text-sm font-medium text-slate-800">Removed when you save</h3>
          <ul className="space-y-2">
            {removed.map((stage) => {
              const error = errors[`stage_moves.${stage.key}`];
              const held = counts[stage.key] ?? 0;
              const fieldId = `${idPrefix}-move-${stage.key}`;
              return (
                <li key={stage.key} data-testid="removed-stage" className="rounded-md p-3 ring-1 ring-slate-200">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0 flex-1 space-y-2">
                      <p className="text-sm text-slate-800">
                        <span className="font-medium">{stage.name}</span>{" "}
                        <span className="text-slate-600">
                          (key <code>{stage.key}</code>) · {held > 0 ? `holds ${plural(held, "candidate")}` : error ? "holds candidates" : "no candidates"}
                        </span>
                      </p>
                      {(held > 0 || error || draft.moves[stage.key] !== undefined) && (
                        <Field id={fieldId} label={`Move the candidates in ${stage.name} to`} error={error}>
                          <select
                            {...describedBy(fieldId, error)}
                            value={draft.moves[stage.key] ?? ""}
                            onChange={(e) =>
                              onChange((d) => {
                                const moves = { ...d.moves };
                                if (e.target.value === "") delete moves[stage.key];
                                else moves[stage.key] = Number(e.target.value);
                                return { ...d, moves };
                              })
                            }
                            className={cx(inputClass, "sm:max-w-xs")}
                          >
                            <option value="">Choose a stage…</option>
                            {rows.map((row, index) => (
                              <option key={row.id} value={row.id}>
                                {label(row, index)}
                              </option>
                            ))}
                          </select>
                        </Field>
                      )}
                    </div>
                    <Button variant="ghost" onClick={() => restore(stage)} aria-label={`Keep ${stage.name}`}>
                      Keep
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/**
 * A stage's interview plan (issue 26 §1): its kits, each a name, a duration, focus points to rate and
 * instructions for the panel. Collapsed unless the stage has kits or one has an error.
 */
function StagePlan({
  idBase,
  stageName,
  kits,
  onChange,
  errorOf,
}: {
  idBase: string;
  stageName: string;
  kits: KitRow[];
  onChange: (kits: KitRow[]) => void;
  errorOf: (index: number, field?: string) => string | undefined;
}) {
  const set = (index: number, patch: Partial<KitRow>) => onChange(kits.map((kit, i) => (i === index ? { ...kit, ...patch } : kit)));
  const anyError = kits.some((_, k) => ["", "name", "duration_minutes", "instructions", "attributes", "id"].some((f) => errorOf(k, f || undefined)));
  return (
    <details className="mt-3" open={kits.length > 0 || anyError || undefined}>
      <summary className="cursor-pointer text-sm font-medium text-slate-700">
        Interviews ({kits.length})<span className="sr-only"> of {stageName}</span>
      </summary>
      <ul className="mt-2 space-y-2" aria-label={`Interviews of ${stageName}`}>
        {kits.map((kit, k) => {
          const id = (field: string) => `${idBase}-${k}-${field}`;
          const nameError = errorOf(k, "name") ?? errorOf(k, "id") ?? errorOf(k);
          const durationError = errorOf(k, "duration_minutes");
          const attributesError = errorOf(k, "attributes") ?? errorOf(k, "attributes[0]");
          const instructionsError = errorOf(k, "instructions");
          return (
            <li key={kit.id ?? `new-${k}`} className="rounded-md bg-white p-3 ring-1 ring-slate-200" data-testid="stage-interview">
              <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
                <Field id={id("name")} label={`Interview ${k + 1} of ${stageName}`} error={nameError}>
                  <input {...describedBy(id("name"), nameError)} value={kit.name} onChange={(e) => set(k, { name: e.target.value })} maxLength={120} className={inputClass} />
                </Field>
                <Field id={id("duration")} label="Minutes" error={durationError}>
                  <input {...describedBy(id("duration"), durationError)} type="number" min={5} max={480} step={5} value={kit.duration} onChange={(e) => set(k, { duration: e.target.value })} className={inputClass} />
                </Field>
              </div>
              <div className="mt-2 space-y-2">
                <Field id={id("attributes")} label="Focus points (comma-separated, up to 15)" error={attributesError}>
                  <input {...describedBy(id("attributes"), attributesError)} value={kit.attributes} onChange={(e) => set(k, { attributes: e.target.value })} className={inputClass} />
                </Field>
                <Field id={id("instructions")} label="Instructions for the panel" error={instructionsError}>
                  <textarea {...describedBy(id("instructions"), instructionsError)} value={kit.instructions} onChange={(e) => set(k, { instructions: e.target.value })} rows={2} maxLength={5000} className={inputClass} />
                </Field>
                <Button variant="danger-ghost" onClick={() => onChange(kits.filter((_, i) => i !== k))} aria-label={`Remove interview ${kit.name || k + 1} of ${stageName}`}>
                  Remove interview
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <Button variant="ghost" className="mt-2" onClick={() => onChange([...kits, { ...NEW_KIT }])} disabled={kits.length >= 10}>
        Add interview<span className="sr-only"> to {stageName}</span>
      </Button>
    </details>
  );
}
