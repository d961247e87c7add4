"use client";

import type { ScreeningExplanationDto } from "@hireflow/core/contracts/screening-explanation";
import { useId, useState } from "react";
import { Button, inputClass } from "@/components/ui";

/**
 * The plain-language explanation of the automated tool's part in a rejection (GET
 * /candidates/{id}/screening_explanation), ready to give the candidate: shown as it would be sent,
 * with "Copy" (the clipboard, else the text selected for Ctrl+C).
 */
export function ScreeningExplanation({ explanation }: { explanation: ScreeningExplanationDto }) {
  const id = useId();
  const hint = useId();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
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
        <p aria-live="polite" className="text-xs text-slate-600">
          {copied === "yes" ? "Copied to the clipboard." : copied === "no" ? "Selected: press Ctrl+C (⌘C) to copy." : ""}
        </p>
      </div>
    </div>
  );
}
