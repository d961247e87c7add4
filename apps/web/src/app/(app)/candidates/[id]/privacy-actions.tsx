"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Alert, Button, buttonClass } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";

/** Access and erasure requests (GDPR Art. 15, 17): a JSON export of everything held, and erasure for good. */
export function PrivacyActions({ candidateId, name, jobId }: { candidateId: number; name: string; jobId: number | null }) {
  const trpc = useTrpc();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const erase = useMutation({
    mutationFn: () => trpc.candidates.delete.mutate({ id: String(candidateId) }),
    onSuccess: () => {
      setConfirming(false);
      router.replace(jobId ? `/jobs/${jobId}?erased=1` : "/jobs?erased=1");
      router.refresh();
    },
  });
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">For a data access or erasure request from this person.</p>
      <div className="flex flex-wrap gap-2">
        <a className={buttonClass("secondary")} href={`/api/candidates/${candidateId}/export.json`} download>
          Export data (JSON)
        </a>
        <Button variant="danger-secondary" onClick={() => setConfirming(true)}>
          Delete candidate
        </Button>
      </div>
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
        {erase.error && <Alert>{errorInfo(erase.error).message}</Alert>}
      </ConfirmDialog>
    </div>
  );
}
