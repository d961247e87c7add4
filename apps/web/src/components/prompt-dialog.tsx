"use client";

import { useCallback, useEffect, useRef, useState, type ComponentType, type FormEvent, type ReactNode, type RefObject } from "react";
import { Button } from "./ui";

/** What a prompt's dialog is given: whether it shows, what it asks about, and the two ways out. */
export interface PromptDialogProps<Request, Answer> {
  open: boolean;
  request: Request;
  onConfirm: (answer: Answer) => void;
  onCancel: () => void;
}

/**
 * A question asked in a modal dialog before an action: `ask(request)` opens `Dialog` and resolves
 * with its answer, or null when the user cancels (Cancel, Escape) — then nothing happens. Render
 * `dialog` once in the component.
 */
export function usePrompt<Request, Answer>(
  Dialog: ComponentType<PromptDialogProps<Request, Answer>>,
): { ask: (request: Request) => Promise<Answer | null>; dialog: ReactNode } {
  // The last prompt stays after it is answered (open: false), so the dialog closes with its content
  // and focus returns to the control that opened it; a new prompt is a new dialog (fresh fields).
  const [prompt, setPrompt] = useState<{ request: Request; resolve: (answer: Answer | null) => void; id: number; open: boolean } | null>(null);
  const counter = useRef(0);
  // A prompt still open when the component goes away resolves as cancelled.
  const current = useRef(prompt);
  current.current = prompt;
  useEffect(() => () => current.current?.resolve(null), []);

  const ask = useCallback(
    (request: Request) =>
      new Promise<Answer | null>((resolve) => {
        current.current?.resolve(null);
        counter.current += 1;
        setPrompt({ request, resolve, id: counter.current, open: true });
      }),
    [],
  );
  const finish = (answer: Answer | null) => {
    if (!prompt?.open) return;
    prompt.resolve(answer);
    setPrompt({ ...prompt, open: false });
  };
  const dialog = prompt && <Dialog key={prompt.id} open={prompt.open} request={prompt.request} onConfirm={(answer) => finish(answer)} onCancel={() => finish(null)} />;
  return { ask, dialog };
}

/**
 * The frame of a prompt's dialog (native <dialog>: focus moves in, to `focus`; Escape cancels; focus
 * returns to the opener): a form with the title, the description, the fields (`children`), then
 * Cancel and the submit button (`confirm`).
 */
export function PromptDialog({
  open,
  focus,
  testId,
  titleId,
  title,
  descriptionId,
  description,
  onSubmit,
  onCancel,
  confirm,
  children,
}: {
  open: boolean;
  /** The control that takes the focus when the dialog opens. */
  focus: RefObject<HTMLElement | null>;
  testId: string;
  titleId: string;
  title: ReactNode;
  descriptionId: string;
  description: ReactNode;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  confirm: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      focus.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, focus]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      // Closed by the browser itself (a close request it does not let the page cancel): a cancel too.
      onClose={() => {
        if (open) onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <form className="p-5" onSubmit={onSubmit} noValidate>
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p id={descriptionId} className="mt-2 text-sm text-slate-600">
          {description}
        </p>
        {children}
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          {confirm}
        </div>
      </form>
    </dialog>
  );
}
