"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type MouseEvent } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Alert, Button, buttonClass } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";

type ExportState = { status: "idle" } | { status: "preparing" } | { status: "done"; filename: string } | { status: "failed"; message: string };

/**
 * Access and erasure requests (GDPR Art. 15, 17): a JSON export of everything held, and erasure for
 * good. Every member may export; only owners and admins may erase (`canErase`; the server refuses a
 * recruiter too). Both say at once that something is happening: the export takes a moment to build
 * before its download starts, and after an erasure the page stays until the pipeline has loaded.
 */
export function PrivacyActions({ candidateId, name, jobId, canErase }: { candidateId: number; name: string; jobId: number | null; canErase: boolean }) {
  const trpc = useTrpc();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [exported, setExported] = useState<ExportState>({ status: "idle" });
  const exportHref = `/api/candidates/${candidateId}/export.json`;
  const erase = useMutation({
    mutationFn: () => trpc.candidates.delete.mutate({ id: String(candidateId) }),
    onSuccess: () => {
      setConfirming(false);
      // The banner there says it happened; this one bridges the moment until the page has loaded.
      router.replace(jobId ? `/jobs/${jobId}?erased=1` : "/jobs?erased=1");
      router.refresh();
    },
  });

  // The link works without JavaScript; with it, the file is fetched here so the page can say it is being prepared.
  async function downloadExport(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (exported.status === "preparing") return;
    setExported({ status: "preparing" });
    try {
      const res = await fetch(exportHref, { credentials: "same-origin" });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(body?.error?.message ?? `The export failed (HTTP ${res.status})`);
      }
      const filename = /filename="?([^";]+)"?/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? `candidate-${candidateId}-export.json`;
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = filename;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setExported({ status: "done", filename });
    } catch (error) {
      setExported({ status: "failed", message: error instanceof Error ? error.message : "The export failed" });
    }
  }

  if (erase.isSuccess) {
    return (
      <p
        role="status"
        tabIndex={-1}
        ref={(element) => element?.focus()}
        className="rounded-md bg-green-50 px-3 py-2 text-sm font-medium text-green-900 ring-1 ring-green-200"
        data-testid="erasure-done"
      >
        {name} has been deleted for good. Going back to {jobId ? "the pipeline" : "the jobs"}…
      </p>
    );
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">For a data access{canErase ? " or erasure" : ""} request from this person.</p>
      <div className="flex flex-wrap gap-2">
        <a className={buttonClass("secondary")} href={exportHref} download onClick={(event) => void downloadExport(event)} aria-disabled={exported.status === "preparing" || undefined}>
          {exported.status === "preparing" ? "Preparing export…" : "Export data (JSON)"}
        </a>
        {canErase && (
          <Button variant="danger-secondary" onClick={() => setConfirming(true)}>
            Delete candidate
          </Button>
        )}
      </div>
      <div aria-live="polite" className="text-sm">
        {exported.status === "preparing" && (
          <p role="status" className="text-slate-700" data-testid="export-status">
            Preparing the export of everything held about {name}; the download starts in a moment.
          </p>
        )}
        {exported.status === "done" && (
          <p role="status" className="text-green-800" data-testid="export-status">
            Export downloaded: {exported.filename}
          </p>
        )}
      </div>
      {exported.status === "failed" && <Alert>{exported.message}</Alert>}
      {!canErase && <p className="text-xs text-slate-600">Only owners and admins can delete a candidate.</p>}
      {canErase && (
        <ConfirmDialog
          open={confirming}
          title={`Delete ${name}?`}
          confirmLabel="Delete for good"
          pending={erase.isPending}
          onCancel={() => {
            setConfirming(false);
            erase.reset();
          }}
          onConfirm={() => erase.mutate()}
        >
          <p>
            This erases {name} for good: contact details, notes, answers, the resume and its data, fit scores and the stage history. Connected
            systems get a <code>candidate.deleted</code> webhook. <strong>This cannot be undone.</strong>
          </p>
          {erase.isPending && (
            <p role="status" className="mt-2 font-medium text-slate-800">
              Deleting {name}…
            </p>
          )}
          {erase.error && <Alert>{errorInfo(erase.error).message}</Alert>}
        </ConfirmDialog>
      )}
    </div>
  );
}
