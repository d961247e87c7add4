"use client";

import type { ScreeningExplanationDto } from "@hireflow/core/candidate/contract";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button, inputClass } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";

/**
 * The plain-language explanation of the automated tool's part in a rejection (GET
 * /candidates/{id}/screening_explanation), ready to give the candidate: shown as it would be sent,
 * with "Copy" (the clipboard, else the text selected for Ctrl+C) and "Send to candidate" (an e-mail
 * through the company's e-mail delivery; POST /candidates/{id}/screening_explanation/send). Sending
 * is offered only when there is something to send: an e-mail address, and an assessment by the tool.
 */
export function ScreeningExplanation({ explanation, candidateEmail }: { explanation: ScreeningExplanationDto; candidateEmail: string | null }) {
  const id = useId();
  const hint = useId();
  const sendHint = useId();
  const trpc = useTrpc();
  const router = useRouter();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const send = useMutation({
    mutationFn: () => trpc.candidates.sendScreeningExplanation.mutate({ id: String(explanation.candidate_id) }),
    onSuccess: () => router.refresh(),
  });
  const cannotSend = !candidateEmail
    ? "The candidate has no e-mail address: copy the explanation to give it to them."
    : !explanation.tool_used
      ? "The tool did not assess this application, so there is nothing of it to send; copy the explanation if the candidate asks."
      : null;
  const sendStatus = send.isSuccess
    ? `Sent to ${send.data.data.to}: the e-mail is queued (see the timeline and the e-mail log).`
    : send.error
      ? `Not sent: ${errorInfo(send.error).message}`
      : "";
  async function copy() {
    try {
      await navigator.clipboard.writeText(explanation.text);
      setCopied("yes");
    } catch {
      (document.getElementById(id) as HTMLTextAreaElement | null)?.select();
      setCopied("no");
    }
  }
  return (
    <div data-testid="screening-explanation" className="space-y-2 text-sm">
      <p className="text-slate-700" id={hint}>
        {explanation.tool_used
          ? "What the automated screening tool did, in plain words, for the candidate (Colorado and the EU AI Act give applicants a right to it after a rejection)."
          : "The automated screening tool took no part in this decision; the explanation says so."}{" "}
        It is also in the candidate&apos;s data export.
      </p>
      <label htmlFor={id} className="block font-medium text-slate-800">
        Explanation for the candidate
      </label>
      <textarea
        id={id}
        readOnly
        value={explanation.text}
        rows={Math.min(16, explanation.text.split("\n").length + 1)}
        aria-describedby={hint}
        onFocus={(e) => e.currentTarget.select()}
        className={`${inputClass} font-sans text-sm`}
        data-testid="screening-explanation-text"
      />
      <div className="flex items-center gap-3">
        <Button variant="secondary" onClick={copy}>
          {copied === "yes" ? "Copied" : "Copy"}
        </Button>
        <Button
          onClick={() => send.mutate()}
          disabled={cannotSend !== null || send.isPending || send.isSuccess}
          aria-describedby={sendHint}
          data-testid="send-screening-explanation"
        >
          {send.isPending ? "Sending…" : send.isSuccess ? "Sent" : "Send to candidate"}
        </Button>
        <p aria-live="polite" className="text-xs text-slate-600">
          {copied === "yes" ? "Copied to the clipboard." : copied === "no" ? "Selected: press Ctrl+C (⌘C) to copy." : ""}
        </p>
      </div>
      <p id={sendHint} aria-live="polite" className={`text-xs ${send.error ? "text-red-700" : "text-slate-600"}`} data-testid="send-screening-explanation-status">
        {sendStatus || cannotSend || (candidateEmail ? `"Send to candidate" e-mails this text to ${candidateEmail}.` : "")}
      </p>
    </div>
  );
}
