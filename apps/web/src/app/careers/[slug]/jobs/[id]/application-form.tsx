"use client";

import type { ScreeningQuestion } from "@hireflow/core/board/contract";
import { SELF_ID_RACE_LABELS, SELF_ID_RACES, SELF_ID_SEX_LABELS, SELF_ID_SEXES } from "@hireflow/core/candidate/contract";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Alert, Button, describedBy, Field, inputClass } from "@/components/ui";
import { fromEnvelope, type ErrorInfo } from "@/lib/errors";

const MAX_RESUME_BYTES = 10 * 1024 * 1024;
const HONEYPOT = "website";

/**
 * The self-serve application: posts to POST /api/public/jobs/{id}/applications (JSON, or
 * multipart with the resume) and shows the API's own validation messages next to each field.
 */
export function ApplicationForm({
  jobId,
  jobTitle,
  companyName,
  questions,
  privacyPolicyUrl,
  automatedScreening = false,
  confirmationEmail = false,
}: {
  jobId: number;
  jobTitle: string;
  companyName: string;
  questions: ScreeningQuestion[];
  /** When the company has one, consent to it is asked for and required. */
  privacyPolicyUrl: string | null;
  /** The job's AI screening is on: the form offers the alternative process (ai_opt_out). */
  automatedScreening?: boolean;
  /** The company sends the application-received e-mail: the thank-you says it is on its way. */
  confirmationEmail?: boolean;
}) {
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [pending, setPending] = useState(false);
  // What the thank-you acknowledges: who applied, to which address, and whether they asked for a person.
  const [done, setDone] = useState<{ name: string; email: string; optedOut: boolean } | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const summary = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (done) confirmation.current?.focus();
  }, [done]);
  useEffect(() => {
    if (error) summary.current?.focus();
  }, [error]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const answers: Record<string, string | boolean> = {};
    for (const q of questions) {
      const value = form.get(`answers.${q.id}`);
      if (typeof value !== "string" || value === "") continue;
      answers[q.id] = q.type === "yes_no" ? value === "yes" : value;
    }
    const fields = {
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      phone: String(form.get("phone") ?? ""),
      linkedin: String(form.get("linkedin") ?? ""),
      location: String(form.get("location") ?? ""),
      [HONEYPOT]: String(form.get(HONEYPOT) ?? ""),
      ...(privacyPolicyUrl ? { privacy_consent: form.get("privacy_consent") === "on" ? "true" : "false" } : {}),
      ...(automatedScreening && form.get("ai_opt_out") === "on" ? { ai_opt_out: "true" } : {}),
    };
    // Voluntary: sent only when answered (an untouched select is no answer).
    const selfId = Object.fromEntries(
      (["sex", "race_ethnicity"] as const).flatMap((key) => {
        const value = form.get(`self_id.${key}`);
        return typeof value === "string" && value !== "" ? [[key, value]] : [];
      }),
    );
    const resume = form.get("resume");
    const file = resume instanceof File && resume.size > 0 ? resume : null;
    if (file && file.size > MAX_RESUME_BYTES) {
      setError({ message: "Please check the highlighted fields", fields: { resume: "Must be at most 10 MB" } });
      return;
    }

    let body: BodyInit;
    const headers: Record<string, string> = {};
    if (file) {
      const multipart = new FormData();
      for (const [key, value] of Object.entries(fields)) multipart.set(key, value);
      // Multipart names answers the way HTML forms do: answers.<question id>.
      for (const [id, value] of Object.entries(answers)) multipart.set(`answers.${id}`, typeof value === "boolean" ? (value ? "yes" : "no") : value);
      for (const [key, value] of Object.entries(selfId)) multipart.set(`self_id.${key}`, value);
      multipart.set("resume", file, file.name);
      body = multipart;
    } else {
      headers["content-type"] = "application/json";
      body = JSON.stringify({ ...fields, answers, ...(Object.keys(selfId).length && { self_id: selfId }) });
    }

    setPending(true);
    setError(null);
    try {
      const res = await fetch(`/api/public/jobs/${jobId}/applications`, { method: "POST", headers, body });
      if (res.ok) {
        setDone({ name: fields.name.trim(), email: fields.email.trim(), optedOut: "ai_opt_out" in fields });
        return;
      }
      setError(fromEnvelope(await res.json().catch(() => null), res.status));
    } catch {
      setError({ message: "Could not reach the server; check your connection and try again", fields: {} });
    } finally {
      setPending(false);
    }
  }

  if (done !== null) {
    return (
      <div ref={confirmation} tabIndex={-1} role="status" className="mt-4 rounded-md bg-green-50 p-5 ring-1 ring-green-200 focus:outline-none" data-testid="application-received">
        <p className="text-lg font-semibold text-green-900">Thank you{done.name ? `, ${done.name}` : ""}!</p>
        <p className="mt-1 text-green-900">
          Your application for <strong>{jobTitle}</strong> has been received. The {companyName} team will be in touch.
        </p>
        {done.optedOut && (
          <p className="mt-2 text-green-900" data-testid="opt-out-acknowledged">
            As you asked, a person, not the automated tool, will review your application: the tool will not assess it.
          </p>
        )}
        {confirmationEmail && done.email && (
          <p className="mt-2 text-green-900" data-testid="confirmation-email">
            A confirmation e-mail is on its way to <strong className="break-all">{done.email}</strong>.
          </p>
        )}
      </div>
    );
  }

  const f = error?.fields ?? {};
  const fieldMessages = Object.keys(f).length;
  return (
    <form onSubmit={onSubmit} className="mt-5 space-y-5" noValidate encType="multipart/form-data">
      {error && (
        <div ref={summary} tabIndex={-1} className="focus:outline-none">
          <Alert title={fieldMessages ? "Please check the highlighted fields" : "Your application was not sent"}>{!fieldMessages && error.message}</Alert>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="name" label="Full name" required error={f.name}>
          <input {...describedBy("name", f.name)} name="name" autoComplete="name" required maxLength={200} className={inputClass} />
        </Field>
        <Field id="email" label="E-mail" required error={f.email}>
          <input {...describedBy("email", f.email)} name="email" type="email" autoComplete="email" required maxLength={254} className={inputClass} />
        </Field>
        <Field id="phone" label="Phone" error={f.phone}>
          <input {...describedBy("phone", f.phone)} name="phone" type="tel" autoComplete="tel" maxLength={100} className={inputClass} />
        </Field>
        <Field id="location" label="Location" hint="City and country" error={f.location}>
          <input {...describedBy("location", f.location, true)} name="location" autoComplete="address-level2" maxLength={500} className={inputClass} />
        </Field>
      </div>
      <Field id="linkedin" label="LinkedIn profile" hint="https://www.linkedin.com/in/…" error={f.linkedin}>
        <input {...describedBy("linkedin", f.linkedin, true)} name="linkedin" type="url" inputMode="url" maxLength={2048} className={inputClass} />
      </Field>
      <Field id="resume" label="Resume" hint="PDF, DOC or DOCX, up to 10 MB" error={f.resume}>
        <input
          {...describedBy("resume", f.resume, true)}
          name="resume"
          type="file"
          accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900 file:ring-1 file:ring-slate-300 file:ring-inset hover:file:bg-slate-50"
        />
      </Field>

      {questions.map((q) => (
        <Question key={q.id} question={q} error={f[`answers.${q.id}`]} />
      ))}

      <SelfIdentification errors={f} automatedScreening={automatedScreening} />

      {automatedScreening && (
        <div className="flex items-start gap-2">
          <input id="ai_opt_out" name="ai_opt_out" type="checkbox" aria-describedby="ai_opt_out-hint" className="mt-0.5 h-4 w-4 rounded border-slate-400" />
          <div>
            <label htmlFor="ai_opt_out" className="text-sm font-medium text-slate-800">
              I ask that a person, not the automated tool, reviews my application
            </label>
            <p id="ai_opt_out-hint" className="text-sm text-slate-600">
              The tool will then not assess your application at all. Asking never counts against you.
            </p>
          </div>
        </div>
      )}

      {privacyPolicyUrl && (
        <div className="space-y-1.5">
          <div className="flex items-start gap-2">
            <input
              id="privacy_consent"
              name="privacy_consent"
              type="checkbox"
              required
              aria-invalid={f.privacy_consent ? true : undefined}
              aria-describedby={f.privacy_consent ? "privacy_consent-error" : undefined}
              className="mt-0.5 h-4 w-4 rounded border-slate-400"
            />
            <label htmlFor="privacy_consent" className="text-sm text-slate-800">
              I agree to {companyName}&apos;s{" "}
              <a href={privacyPolicyUrl} target="_blank" rel="noopener noreferrer" className="text-indigo-700 underline">
                privacy policy
              </a>{" "}
              and to my data being processed for this application.
              <span className="text-red-600" aria-hidden="true">
                {" "}*
              </span>
            </label>
          </div>
          {f.privacy_consent && (
            <p id="privacy_consent-error" className="text-sm text-red-700" role="alert">
              {f.privacy_consent}
            </p>
          )}
        </div>
      )}

      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={HONEYPOT}>Website</label>
        <input id={HONEYPOT} name={HONEYPOT} type="text" tabIndex={-1} autoComplete="off" />
      </div>

      <Button type="submit" disabled={pending} className="w-full sm:w-auto">
        {pending ? "Sending…" : "Submit application"}
      </Button>
    </form>
  );
}

/**
 * Voluntary self-identification for the bias audit (NYC LL144's categories). Never required, never
 * shown to the hiring team for one person and never seen by the screening: only counted in aggregate.
 */
function SelfIdentification({ errors, automatedScreening }: { errors: Record<string, string>; automatedScreening: boolean }) {
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-4" aria-describedby="self-id-note">
      <legend className="px-1 text-sm font-semibold text-slate-900">Voluntary self-identification (optional)</legend>
      {/* The automated tool is named only where the job has one (its AI screening is on). */}
      <p id="self-id-note" className="text-sm text-slate-700">
        Answering is voluntary and never affects your application. Your answers are kept apart from your application, are not seen by the people
        {automatedScreening ? " or the automated tool" : ""} that review it, and are only used in aggregate to check our hiring for bias.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="self-id-sex" label="Sex" error={errors["self_id.sex"]}>
          <select {...describedBy("self-id-sex", errors["self_id.sex"])} name="self_id.sex" defaultValue="" className={inputClass}>
            <option value="">Choose…</option>
            {SELF_ID_SEXES.map((code) => (
              <option key={code} value={code}>
                {SELF_ID_SEX_LABELS[code]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="self-id-race" label="Race/ethnicity" error={errors["self_id.race_ethnicity"]}>
          <select {...describedBy("self-id-race", errors["self_id.race_ethnicity"])} name="self_id.race_ethnicity" defaultValue="" className={inputClass}>
            <option value="">Choose…</option>
            {SELF_ID_RACES.map((code) => (
              <option key={code} value={code}>
                {SELF_ID_RACE_LABELS[code]}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </fieldset>
  );
}

function Question({ question: q, error }: { question: ScreeningQuestion; error?: string }) {
  const id = `q-${q.id}`;
  const name = `answers.${q.id}`;
  if (q.type === "yes_no") {
    return (
      <fieldset aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">
          {q.label}
          {q.required && <span className="text-red-600" aria-hidden="true"> *</span>}
        </legend>
        <div className="mt-2 flex gap-6">
          {(["yes", "no"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input type="radio" name={name} value={value} required={q.required} aria-invalid={error ? true : undefined} className="size-4 border-slate-300 text-indigo-600" />
              {value === "yes" ? "Yes" : "No"}
            </label>
          ))}
        </div>
        {error && (
          <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700" role="alert">
            {error}
          </p>
        )}
      </fieldset>
    );
  }
  return (
    <Field id={id} label={q.label} required={q.required} error={error}>
      {q.type === "textarea" ? (
        <textarea {...describedBy(id, error)} name={name} rows={4} maxLength={5000} required={q.required} className={inputClass} />
      ) : q.type === "select" ? (
        <select {...describedBy(id, error)} name={name} required={q.required} defaultValue="" className={inputClass}>
          <option value="">Choose…</option>
          {(q.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input {...describedBy(id, error)} name={name} maxLength={5000} required={q.required} className={inputClass} />
      )}
    </Field>
  );
}
