"use client";

import { useState, type ReactNode } from "react";
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

/**
 * A new secret, shown once: `title` and `children` say what it is and what to do with it, then the
 * secret with its copy button and "I have copied it", which dismisses the panel (and the secret)
 * for good. `actions` go next to that button.
 */
export function SecretShownOnce({
  testId,
  title,
  id,
  label,
  secret,
  onDismiss,
  actions,
  children,
}: {
  testId: string;
  title: ReactNode;
  id: string;
  label: string;
  secret: string;
  onDismiss: () => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const dismiss = (
    <Button variant="secondary" onClick={onDismiss}>
      I have copied it
    </Button>
  );
  return (
    <div className="mt-4 space-y-3 rounded-md bg-amber-50 p-4 ring-1 ring-amber-200" role="status" data-testid={testId}>
      <p className="text-sm font-semibold text-amber-900">{title}</p>
      <p className="text-sm text-amber-900">{children}</p>
      <CopySecret id={id} label={label} secret={secret} />
      {actions ? (
        <div className="flex flex-wrap gap-2">
          {dismiss}
          {actions}
        </div>
      ) : (
        dismiss
      )}
    </div>
  );
}
