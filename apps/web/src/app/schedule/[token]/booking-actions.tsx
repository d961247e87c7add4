"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert, Button } from "@/components/ui";
import { type ErrorInfo, fromEnvelope } from "@/lib/errors";
import { SlotPicker } from "./slot-picker";

/** The confirmation's actions: pick another time (at most the link's reschedules), or cancel. */
export function BookingActions({ token, reschedulesLeft }: { token: string; reschedulesLeft: number }) {
  const router = useRouter();
  const [mode, setMode] = useState<"idle" | "reschedule" | "cancel">("idle");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);

  async function cancel() {
    setPending(true);
    setError(null);
    try {
      const res = await fetch(`/api/public/scheduling/${encodeURIComponent(token)}/cancel`, { method: "POST" });
      if (!res.ok) {
        setError(fromEnvelope(await res.json().catch(() => null), res.status));
        return;
      }
      router.refresh();
    } catch {
      setError({ message: "Could not reach the server; check your connection and try again", fields: {} });
    } finally {
      setPending(false);
    }
  }

  if (mode === "reschedule") return <SlotPicker token={token} mode="reschedule" onDone={() => setMode("idle")} />;
  return (
    <section aria-labelledby="change-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="change-heading" className="text-lg font-semibold text-slate-900">
        Need to change it?
      </h2>
      {error && <Alert title="Nothing was changed">{error.message}</Alert>}
      {mode === "cancel" ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">Cancel the interview? Everyone invited gets a cancellation.</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" onClick={() => void cancel()} disabled={pending}>
              {pending ? "Canceling…" : "Yes, cancel the interview"}
            </Button>
            <Button variant="secondary" onClick={() => setMode("idle")} disabled={pending}>
              Keep it
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {reschedulesLeft > 0 ? (
            <Button variant="secondary" onClick={() => setMode("reschedule")}>
              Reschedule
            </Button>
          ) : (
            <p className="text-sm text-slate-600">This interview cannot be moved again here; contact the company to change it.</p>
          )}
          <Button variant="secondary" onClick={() => setMode("cancel")}>
            Cancel the interview
          </Button>
        </div>
      )}
    </section>
  );
}
