"use client";

import { useState } from "react";
import { Button, inputClass } from "./ui";

/** A secret shown once: read-only, selectable, with a copy button. */
export function CopySecret({ id, label, secret }: { id: string; label: string; secret: string }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied("yes");
    } catch {
      // No clipboard permission (plain http, old browser): select it so Ctrl+C works.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      setCopied("no");
    }
  }
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input id={id} readOnly value={secret} onFocus={(e) => e.currentTarget.select()} className={`${inputClass} font-mono`} data-testid="secret" />
        <Button variant="secondary" onClick={copy} className="shrink-0">
          {copied === "yes" ? "Copied" : "Copy"}
        </Button>
      </div>
      <p aria-live="polite" className="mt-1 text-xs text-slate-600">
        {copied === "yes" ? "Copied to the clipboard." : copied === "no" ? "Selected: press Ctrl+C (⌘C) to copy." : ""}
      </p>
    </div>
  );
}
