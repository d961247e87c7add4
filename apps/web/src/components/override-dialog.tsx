"use client";

import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { errorInfo } from "@/lib/errors";
import { PromptDialog, type PromptDialogProps, usePrompt } from "./prompt-dialog";
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
  return usePrompt(OverrideDialog);
}

function OverrideDialog({ open, request, onConfirm, onCancel }: PromptDialogProps<OverrideRequest, string>) {
  const textRef = useRef<HTMLTextAreaElement>(null);
  const ids = { title: useId(), description: useId(), reason: useId(), hint: useId(), error: useId() };
  const [text, setText] = useState("");
  const [missing, setMissing] = useState(false);

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
    <PromptDialog
      open={open}
      focus={textRef}
      testId="override-dialog"
      titleId={ids.title}
      title="Override the AI agent?"
      descriptionId={ids.description}
      description={
        <>
          {one ? `The AI agent moved ${request.who} to their current stage.` : `The AI agent moved ${request.who} of the selection to their current stage.`} Moving{" "}
          {one ? "them" : "those"} to <strong className="font-medium text-slate-900">{request.stageName}</strong> goes against the agent&apos;s move: say why. The
          reason is kept in the activity timeline and the audit log.
        </>
      }
      onSubmit={submit}
      onCancel={onCancel}
      confirm={<Button type="submit">Move anyway</Button>}
    >
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
    </PromptDialog>
  );
}
