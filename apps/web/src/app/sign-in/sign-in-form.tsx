"use client";

import { useState, type FormEvent } from "react";
import { Alert, Button, describedBy, Field, inputClass } from "@/components/ui";
import { fromEnvelope, type ErrorInfo } from "@/lib/errors";

export function SignInForm({ next }: { next: string }) {
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const res = await fetch("/api/auth/sign-in", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: form.get("email"), password: form.get("password") }),
      });
      if (!res.ok) {
        setError(fromEnvelope(await res.json().catch(() => null), res.status));
        setPending(false);
        return;
      }
      // A full navigation: the app's layout renders with the new session (and its CSRF token).
      window.location.assign(next);
    } catch {
      setError({ message: "Could not reach the server; check your connection", fields: {} });
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
      {error && !Object.keys(error.fields).length && <Alert>{error.message}</Alert>}
      <Field id="email" label="E-mail" error={error?.fields.email}>
        <input {...describedBy("email", error?.fields.email)} name="email" type="email" autoComplete="username" required autoFocus className={inputClass} />
      </Field>
      <Field id="password" label="Password" error={error?.fields.password}>
        <input {...describedBy("password", error?.fields.password)} name="password" type="password" autoComplete="current-password" required className={inputClass} />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
