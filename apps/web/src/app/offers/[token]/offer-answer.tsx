"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert, Button, describedBy, Field, inputClass } from "@/components/ui";
import { type ErrorInfo, fromEnvelope } from "@/lib/errors";

/** Accept (the typed full name is the signature) or decline, through the public API the page shares with a company's own site. */
export function OfferAnswer({ token, candidateName }: { token: string; candidateName: string | null }) {
  const router = useRouter();
  const [mode, setMode] = useState<"choose" | "decline">("choose");
  const [name, setName] = useState("");
  const [reason, setReason] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);

  async function send(action: "accept" | "decline", body: Record<string, string>) {
    setPending(true);
    setError(null);
    try {
      const res = await fetch(`/api/public/offers/${encodeURIComponent(token)}/${action}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
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

  function accept(event: FormEvent) {
    event.preventDefault();
    if (name.trim().length < 2) {
      setError({ message: "Type your full name to sign", fields: { signature_name: "Type your full name to sign" } });
      return;
    }
    void send("accept", { signature_name: name.trim() });
  }

  const nameError = error?.fields.signature_name;
  return (
    <section aria-labelledby="answer-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="answer-heading" className="text-lg font-semibold text-slate-900">
        Your answer
      </h2>
      {error && !nameError && <Alert title="Your answer was not recorded">{error.message}</Alert>}
      {mode === "choose" ? (
        <form onSubmit={accept} noValidate className="space-y-3">
          <Field id="signature-name" label="Type your full name to sign and accept" error={nameError} hint={candidateName ? `As on the letter: ${candidateName}` : undefined} required>
            <input {...describedBy("signature-name", nameError, Boolean(candidateName))} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" maxLength={200} className={inputClass} required />
          </Field>
          <p className="text-xs text-slate-600">By signing you accept the offer as written in this letter. We keep your typed name, the time, your IP address and browser, and a fingerprint of the letter.</p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending}>
              {pending ? "Signing…" : "Accept and sign"}
            </Button>
            <Button variant="secondary" onClick={() => setMode("decline")} disabled={pending}>
              Decline
            </Button>
          </div>
        </form>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send("decline", reason.trim() ? { reason: reason.trim() } : {});
          }}
          className="space-y-3"
        >
          <Field id="decline-reason" label="Would you tell us why? (optional)" error={error?.fields.reason}>
            <textarea {...describedBy("decline-reason", error?.fields.reason)} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={2000} className={inputClass} />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending}>
              {pending ? "Sending…" : "Decline the offer"}
            </Button>
            <Button variant="secondary" onClick={() => setMode("choose")} disabled={pending}>
              Back
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
