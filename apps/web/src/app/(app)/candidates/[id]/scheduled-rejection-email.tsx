"use client";

import type { RejectionEmailDto } from "@hireflow/core/mail/contract";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { flash } from "@/components/flash";
import { LocalTime } from "@/components/local-time";
import { Button } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { localSendTime } from "@/lib/move-feedback";
import { useTrpc } from "@/lib/trpc";

/**
 * The candidate's rejection e-mail while it waits (#43 §12): when it goes, in the member's time, and
 * Send now (after a confirmation: it cannot be taken back) or Cancel. A 409 (it went meanwhile, or was
 * canceled elsewhere) stays shown in words next to the buttons.
 */
export function ScheduledRejectionEmail({ email }: { email: RejectionEmailDto }) {
  const trpc = useTrpc();
  const router = useRouter();
  const [confirmSend, setConfirmSend] = useState(false);
  const action = useMutation({
    mutationFn: (kind: "cancel" | "sendNow") => (kind === "cancel" ? trpc.rejectionEmails.cancel.mutate({ id: email.id }) : trpc.rejectionEmails.sendNow.mutate({ id: email.id })),
    onSuccess: (_, kind) => {
      setConfirmSend(false);
      flash(kind === "cancel" ? "Rejection e-mail canceled: it will not be sent." : "Rejection e-mail sent now.", window.location.pathname);
      router.refresh();
    },
    onError: () => setConfirmSend(false),
  });
  const error = action.error ? errorInfo(action.error) : null;
  return (
    <section aria-labelledby="rejection-email-heading" data-testid="scheduled-rejection-email" className="mb-6 rounded-lg bg-amber-50 p-4 text-sm ring-1 ring-amber-200">
      <h2 id="rejection-email-heading" className="font-semibold text-slate-900">
        Rejection e-mail scheduled
      </h2>
      <p className="mt-1 text-slate-800">
        “{email.subject}” to {email.to.join(", ")} goes out at{" "}
        <strong className="font-medium">{email.send_after ? <LocalTime iso={email.send_after} format={(iso) => localSendTime(iso)} /> : "once sent"}</strong> (your time).
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setConfirmSend(true)} disabled={action.isPending}>
          Send now
        </Button>
        <Button variant="danger-secondary" onClick={() => action.mutate("cancel")} disabled={action.isPending}>
          Cancel the e-mail
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-red-700">
          {error.message}
        </p>
      )}
      <ConfirmDialog
        open={confirmSend}
        title="Send the rejection e-mail now?"
        confirmLabel="Send now"
        pending={action.isPending}
        onConfirm={() => action.mutate("sendNow")}
        onCancel={() => setConfirmSend(false)}
      >
        <p>It goes to {email.to.join(", ")} at once instead of at its scheduled time, and cannot be taken back.</p>
      </ConfirmDialog>
    </section>
  );
}
