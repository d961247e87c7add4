"use client";

import { useState, type FormEvent } from "react";
import { Alert, Button, describedBy, Field, inputClass } from "@/components/ui";
import { fromEnvelope, type ErrorInfo } from "@/lib/errors";

/** Name, password (and e-mail when the invitation names none) → POST /api/auth/accept-invitation → signed in. */
export function AcceptInvitationForm({ token, email }: { token: string; email: string | null }) {
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const res = await fetch("/api/auth/accept-invitation", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          token,
          name: form.get("name"),
          password: form.get("password"),
          ...(email ? {} : { email: form.get("email") }),
        }),
      });
      if (!res.ok) {
        setError(fromEnvelope(await res.json().catch(() => null), res.status));
        setPending(false);
        return;
      }
      // A full navigation: the app's layout renders with the new session (and its CSRF token).
      // "/": the home page sends each role to its start page (an interviewer to My interviews).
      window.location.assign("/");
    } catch {
      setError({ message: "Could not reach the server; check your connection", fields: {} });
      setPending(false);
    }
  }

  // Errors of the form's own fields show next to them; anything else (the link itself) above.
  const fieldLevel = error ? ["email", "name", "password"].some((field) => field in error.fields) : false;
  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
      {error && !fieldLevel && <Alert>{error.message}</Alert>}
      {email ? (
        <Field id="email" label="E-mail" hint="The invitation is for this address.">
          <input {...describedBy("email", undefined, true)} name="email" type="email" value={email} readOnly autoComplete="username" className={`${inputClass} bg-slate-50`} />
        </Field>
      ) : (
        <Field id="email" label="E-mail" error={error?.fields.email} required>
          <input {...describedBy("email", error?.fields.email)} name="email" type="email" autoComplete="username" required autoFocus className={inputClass} />
        </Field>
      )}
      <Field id="name" label="Your name" error={error?.fields.name} required>
        <input {...describedBy("name", error?.fields.name)} name="name" autoComplete="name" required maxLength={200} autoFocus={Boolean(email)} className={inputClass} />
      </Field>
      <Field id="password" label="Password" hint="At least 8 characters." error={error?.fields.password} required>
        <input {...describedBy("password", error?.fields.password, true)} name="password" type="password" autoComplete="new-password" required minLength={8} className={inputClass} />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Joining…" : "Join and sign in"}
      </Button>
    </form>
  );
}
