"use client";

import type { RejectReasonDto } from "@hireflow/core/pipeline/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";
import { PromptDialog, type PromptDialogProps, usePrompt } from "./prompt-dialog";
import { Button, inputClass } from "./ui";

/** What a move to a rejected-type stage sends along (pipeline.move's reject_reason_id and reason). */
export interface RejectChoice {
  reject_reason_id?: number;
  /** The free text of the "Other" reason. */
  reason?: string;
  /** The company's rejection e-mail (Settings → E-mail) to each candidate with an address. */
  send_rejection_email?: boolean;
  /** Minutes until it goes; absent: the company's default delay. */
  rejection_email_delay_minutes?: number;
}

export interface RejectRequest {
  /** How many candidates move. */
  count: number;
  /** Who is rejected, in words: a name, or "3 candidates". */
  who: string;
  /** The stage they move to, by name ("Rejected", "Not selected"). */
  stageName: string;
}

/** The reject reasons in the query cache, where the dialog reads them. */
const REASONS_KEY = ["reject-reasons"] as const;
const REASONS_STALE_MS = 30_000;

/**
 * Puts reasons a page loaded with its own data (the board's) into the cache the dialog reads, so the
 * dialog opens with them instead of on "Loading the reasons…" for a round trip.
 */
export function usePrefetchedRejectReasons(reasons: RejectReasonDto[]): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.setQueryData(REASONS_KEY, reasons);
  }, [queryClient, reasons]);
}

/** The reason that asks for words of its own: the company's reason named "Other". */
export const isOtherReason = (reason: Pick<RejectReasonDto, "name">) => reason.name.trim().toLowerCase() === "other";

const REASON_TEXT_MAX = 500;
const MAX_DELAY_MINUTES = 10_080;

/**
 * Asks why before a move to a rejected-type stage: `ask(request)` opens a modal dialog and resolves
 * with the chosen reason, or null when the user cancels (Cancel, Escape) — then nothing moves. One
 * dialog serves a single candidate and a bulk selection alike. Render `dialog` once in the component.
 */
export function useRejectPrompt(): { ask: (request: RejectRequest) => Promise<RejectChoice | null>; dialog: ReactNode } {
  return usePrompt(RejectDialog);
}

/**
 * The dialog itself (native <dialog>: focus moves in, Escape cancels, focus returns to the opener):
 * a select of the company's current reject reasons and, for "Other", an optional text.
 */
export function RejectDialog({
  open,
  request,
  onConfirm,
  onCancel,
}: PromptDialogProps<RejectRequest, RejectChoice>) {
  const trpc = useTrpc();
  const selectRef = useRef<HTMLSelectElement>(null);
  const ids = { title: useId(), description: useId(), reason: useId(), reasonError: useId(), text: useId(), send: useId(), delay: useId(), delayHint: useId(), delayError: useId() };
  const reasons = useQuery({
    queryKey: REASONS_KEY,
    queryFn: async () => (await trpc.rejectReasons.list.query({})).data,
    enabled: open,
    staleTime: REASONS_STALE_MS,
  });
  const [reasonId, setReasonId] = useState("");
  const [text, setText] = useState("");
  const [missing, setMissing] = useState(false);
  const [sendEmail, setSendEmail] = useState(false);
  const [delay, setDelay] = useState("");
  const [delayInvalid, setDelayInvalid] = useState(false);

  // The reasons arrive after the dialog opened (the first time): the select takes the focus then.
  const loaded = reasons.isSuccess;
  useEffect(() => {
    if (open && loaded) selectRef.current?.focus();
  }, [open, loaded]);

  const active = (reasons.data ?? []).filter((reason) => !reason.archived);
  const chosen = active.find((reason) => String(reason.id) === reasonId);
  // No current reason at all (every one archived): rejecting without one is all there is.
  const noReasons = reasons.isSuccess && active.length === 0;

  /** The e-mail part of the choice, or null when the delay is not a whole number of minutes in range. */
  function emailChoice(): Pick<RejectChoice, "send_rejection_email" | "rejection_email_delay_minutes"> | null {
    if (!sendEmail) return {};
    if (delay.trim() === "") return { send_rejection_email: true };
    const minutes = Number(delay);
    if (!Number.isInteger(minutes) || minutes < 0 || minutes > MAX_DELAY_MINUTES) return null;
    return { send_rejection_email: true, rejection_email_delay_minutes: minutes };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const email = emailChoice();
    setDelayInvalid(email === null);
    if (email === null) return document.getElementById(ids.delay)?.focus();
    if (noReasons) return onConfirm(email);
    if (!chosen) {
      setMissing(true);
      selectRef.current?.focus();
      return;
    }
    const words = text.trim();
    onConfirm({ reject_reason_id: chosen.id, ...(isOtherReason(chosen) && words && { reason: words }), ...email });
  }

  return (
    <PromptDialog
      open={open}
      focus={selectRef}
      testId="reject-dialog"
      titleId={ids.title}
      title={<>Reject {request.who}?</>}
      descriptionId={ids.description}
      description={
        <>
          {request.count === 1 ? `${request.who} moves` : `The ${request.who} move`} to <strong className="font-medium text-slate-900">{request.stageName}</strong>.
          The reason is kept with {request.count === 1 ? "the candidate" : "each of them"} and in the activity timeline.
        </>
      }
      onSubmit={submit}
      onCancel={onCancel}
      confirm={
        <Button type="submit" variant="danger" disabled={reasons.isPending || reasons.isError}>
          Reject
        </Button>
      }
    >
      <div className="mt-4 space-y-3">
        {reasons.isPending ? (
          <p className="text-sm text-slate-600" role="status">
            Loading the reasons…
          </p>
        ) : reasons.isError ? (
          <p className="text-sm text-red-700" role="alert">
            Could not load the reject reasons: {errorInfo(reasons.error).message}
          </p>
        ) : noReasons ? (
          <p className="text-sm text-slate-600">There are no reject reasons to choose from (Settings → Reject reasons).</p>
        ) : (
          <>
            <div>
              <label htmlFor={ids.reason} className="block text-sm font-medium text-slate-800">
                Reason
              </label>
              <select
                ref={selectRef}
                id={ids.reason}
                value={reasonId}
                required
                aria-invalid={missing && !chosen ? true : undefined}
                aria-describedby={missing && !chosen ? ids.reasonError : undefined}
                onChange={(event) => setReasonId(event.target.value)}
                className={`${inputClass} mt-1`}
              >
                <option value="">Choose a reason</option>
                {active.map((reason) => (
                  <option key={reason.id} value={String(reason.id)}>
                    {reason.name}
                  </option>
                ))}
              </select>
              {missing && !chosen && (
                <p id={ids.reasonError} className="mt-1 text-sm text-red-700" role="alert">
                  Choose a reason
                </p>
              )}
            </div>
            {chosen && isOtherReason(chosen) && (
              <div>
                <label htmlFor={ids.text} className="block text-sm font-medium text-slate-800">
                  Details <span className="font-normal text-slate-600">(optional)</span>
                </label>
                <textarea
                  id={ids.text}
                  value={text}
                  maxLength={REASON_TEXT_MAX}
                  rows={3}
                  onChange={(event) => setText(event.target.value)}
                  className={`${inputClass} mt-1`}
                />
              </div>
            )}
          </>
        )}
        <div className="border-t border-slate-200 pt-3">
          <div className="flex items-center gap-2">
            <input id={ids.send} type="checkbox" checked={sendEmail} onChange={(event) => setSendEmail(event.target.checked)} className="h-4 w-4" />
            <label htmlFor={ids.send} className="text-sm font-medium text-slate-800">
              Send the rejection e-mail
            </label>
          </div>
          {sendEmail && (
            <div className="mt-2">
              <label htmlFor={ids.delay} className="block text-sm font-medium text-slate-800">
                Send after (minutes)
              </label>
              <input
                id={ids.delay}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_DELAY_MINUTES}
                step={1}
                value={delay}
                placeholder="Company default"
                aria-invalid={delayInvalid ? true : undefined}
                aria-describedby={delayInvalid ? `${ids.delayHint} ${ids.delayError}` : ids.delayHint}
                onChange={(event) => setDelay(event.target.value)}
                className={`${inputClass} mt-1 w-40`}
              />
              <p id={ids.delayHint} className="mt-1 text-sm text-slate-600">
                Empty: the company&apos;s default delay (Settings → E-mail). 0 sends it now. It is canceled if {request.count === 1 ? "the candidate is" : "a candidate is"} moved out
                of rejected before it goes; the reason is not named unless the template does.
              </p>
              {delayInvalid && (
                <p id={ids.delayError} className="mt-1 text-sm text-red-700" role="alert">
                  Enter whole minutes from 0 to {MAX_DELAY_MINUTES}
                </p>
              )}
            </div>
          )}
        </div>
      </div>
    </PromptDialog>
  );
}
