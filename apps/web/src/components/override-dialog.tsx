"use client";

import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { errorInfo } from "@/lib/errors";
import { Button, inputClass } from "./ui";

export interface OverrideRequest {
  /** How many of the moving candidates the AI agent placed where they are. */
  count: number;
  /** Who, in words: a name, or "3 candidates". */
  who: string;
  /** The stage they move to, by name. */
  stageName: string;
}

const REASON_MAX = 500;

/** The server refused a move for want of override_reason (say, the agent moved the candidate after the page loaded). */
export const needsOverrideReason = (error: unknown) => "override_reason" in errorInfo(error).fields;

/**
 * Human oversight of the AI agent (docs/SCREENING.md "Overriding the agent"): before a move against
 * the agent's move — out of the stage it advanced a candidate to, or back out of its rejection —
 * `ask(request)` opens a modal dialog and resolves with the reason (pipeline.move's override_reason),
 * or null when the user cancels (then nothing moves). Render `dialog` once in the component.
 */
export function useOverridePrompt(): { ask: (request: OverrideRequest) => Promise<string | null>; dialog: ReactNode } {
  const [prompt, setPrompt] = useState<{ request: OverrideRequest; resolve: (reason: string | null) => void; id: number; open: boolean } | null>(null);
  const counter = useRef(0);
  const current = useRef(prompt);
  current.current = prompt;
  useEffect(() => () => current.current?.resolve(null), []);

  const ask = useCallback(
    (request: OverrideRequest) =>
      new Promise<string | null>((resolve) => {
        current.current?.resolve(null);
        counter.current += 1;
        setPrompt({ request, resolve, id: counter.current, open: true });
      }),
    [],
  );
  const finish = (reason: string | null) => {
    if (!prompt?.open) return;
    prompt.resolve(reason);
    setPrompt({ ...prompt, open: false });
  };
  const dialog = prompt && <OverrideDialog key={prompt.id} open={prompt.open} request={prompt.request} onConfirm={finish} onCancel={() => finish(null)} />;
  return { ask, dialog };
}

function OverrideDialog({ open, request, onConfirm, onCancel }: { open: boolean; request: OverrideRequest; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const ids = { title: useId(), description: useId(), reason: useId(), hint: useId(), error: useId() };
  const [text, setText] = useState("");
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      textRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const words = text.trim();
    if (!words) {
      setMissing(true);
      textRef.current?.focus();
      return;
    }
    onConfirm(words.slice(0, REASON_MAX));
  }

  const one = request.count === 1;
  return (
    <dialog
      ref={ref}
      aria-labelledby={ids.title}
      aria-describedby={ids.description}
      data-testid="override-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onClose={() => {
        if (open) onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <form className="p-5" onSubmit={submit} noValidate>
        <h2 id={ids.title} className="text-lg font-semibold text-slate-900">
          Override the AI agent?
        </h2>
        <p id={ids.description} className="mt-2 text-sm text-slate-600">
          {one ? `The AI agent moved ${request.who} to their current stage.` : `The AI agent moved ${request.who} of the selection to their current stage.`} Moving{" "}
          {one ? "them" : "those"} to <strong className="font-medium text-slate-900">{request.stageName}</strong> goes against the agent&apos;s move: say why. The
          reason is kept in the activity timeline and the audit log.
        </p>
        <div className="mt-4">
          <label htmlFor={ids.reason} className="block text-sm font-medium text-slate-800">
            Reason for the override
          </label>
          <textarea
            ref={textRef}
            id={ids.reason}
            value={text}
            required
            maxLength={REASON_MAX}
            rows={3}
            aria-invalid={missing && !text.trim() ? true : undefined}
            aria-describedby={missing && !text.trim() ? `${ids.hint} ${ids.error}` : ids.hint}
            onChange={(event) => setText(event.target.value)}
            className={`${inputClass} mt-1`}
          />
          <p id={ids.hint} className="mt-1 text-sm text-slate-600">
            Up to {REASON_MAX} characters, e.g. &quot;Reviewed the resume: the required skill is there under another name&quot;.
          </p>
          {missing && !text.trim() && (
            <p id={ids.error} className="mt-1 text-sm text-red-700" role="alert">
              Give a reason
            </p>
          )}
        </div>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Move anyway</Button>
        </div>
      </form>
    </dialog>
  );
}
