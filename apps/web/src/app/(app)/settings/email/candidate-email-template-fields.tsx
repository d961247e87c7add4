"use client";

import type { EmailSettingsDto } from "@hireflow/core/mail/contract";
import { placeholderValues, renderTemplate } from "@hireflow/core/mail/templates";
import { type CandidateEmailKind, PLACEHOLDER, placeholderProblem, SUBJECT_MAX, BODY_MAX, TEMPLATE_PLACEHOLDERS } from "@hireflow/core/mail/contract";
import type { ReactNode } from "react";
import { Card, describedBy, Field, inputClass } from "@/components/ui";

export interface TemplateDraft {
  subject: string;
  body: string;
}

/** The sample the live preview fills the placeholders with. */
const SAMPLE = {
  candidateName: "Alex Morgan",
  jobTitle: "Product Designer",
  rejectReason: "Other candidates' experience matched the role more closely",
  interviewTitle: "Technical interview",
  schedulingLink: "https://hireflow.example/schedule/sample-link",
};

/**
 * The preview's text with each placeholder left in it marked: after filling, every {{…}} that remains is
 * one this e-mail cannot fill, which would reach the candidate as written.
 */
function marked(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(at, match.index));
    parts.push(
      <mark key={match.index} className="rounded bg-amber-200 px-0.5 text-slate-900" data-testid="unknown-placeholder">
        {match[0]}
      </mark>,
    );
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return parts;
}

/**
 * One candidate e-mail's template: subject and plain text with {{placeholders}}, and beside them the
 * message as a sample candidate would get it — rendered by the same function the server sends with
 * (the HTML part is the text, escaped, in paragraphs).
 */
export function CandidateEmailTemplateFields({
  kind,
  title,
  description,
  draft,
  onChange,
  settings,
  errors,
  children,
}: {
  kind: CandidateEmailKind;
  title: string;
  description: string;
  draft: TemplateDraft;
  onChange: (draft: TemplateDraft) => void;
  settings: EmailSettingsDto;
  errors: Record<string, string>;
  children?: React.ReactNode;
}) {
  const id = `email-${kind.replace("_", "-")}`;
  const subjectError = errors[`${kind}.subject`];
  const bodyError = errors[`${kind}.body`];
  // Only what this e-mail fills: another e-mail's placeholder stays in the preview, marked, as it would be sent.
  const allowed = new Set<string>(TEMPLATE_PLACEHOLDERS[kind]);
  const values = Object.fromEntries(Object.entries(placeholderValues({ ...SAMPLE, companyName: settings.company_name })).filter(([name]) => allowed.has(name)));
  const preview = renderTemplate(draft, values);
  const available = settings.placeholders.filter((p) => p.templates.includes(kind));
  // Said while typing, in the words the server uses on Save (the contract's placeholderProblem).
  const problems = [
    ["Subject", placeholderProblem(kind, draft.subject)],
    ["Text", placeholderProblem(kind, draft.body)],
  ].flatMap(([part, problem]) => (problem ? [`${part}: ${problem}.`] : []));
  return (
    <Card className="space-y-4 p-5">
      <div>
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
      </div>
      {children}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-4">
          <Field id={`${id}-subject`} label="Subject" error={subjectError}>
            <input
              {...describedBy(`${id}-subject`, subjectError)}
              value={draft.subject}
              maxLength={SUBJECT_MAX}
              onChange={(e) => onChange({ ...draft, subject: e.target.value })}
              className={inputClass}
            />
          </Field>
          <Field id={`${id}-body`} label="Text" hint={`Plain text; a blank line starts a paragraph. Placeholders: ${available.map((p) => `{{${p.name}}}`).join(", ")}.`} error={bodyError}>
            <textarea
              {...describedBy(`${id}-body`, bodyError, true)}
              value={draft.body}
              rows={10}
              maxLength={BODY_MAX}
              onChange={(e) => onChange({ ...draft, body: e.target.value })}
              className={`${inputClass} font-mono text-sm`}
            />
          </Field>
        </div>
        <section aria-label={`${title}: preview`} data-testid={`${id}-preview`} className="rounded-md border border-slate-200 bg-slate-50 p-4">
          <h3 className="text-sm font-semibold text-slate-800">Preview for a sample candidate, {SAMPLE.candidateName}</h3>
          <p className="mt-2 text-sm text-slate-700">
            <span className="font-medium">Subject:</span> <span data-testid={`${id}-preview-subject`}>{marked(preview.subject)}</span>
          </p>
          <pre data-testid={`${id}-preview-text`} className="mt-2 whitespace-pre-wrap break-words font-sans text-sm text-slate-900">
            {marked(preview.text)}
          </pre>
          {problems.length > 0 && (
            <div data-testid={`${id}-preview-problems`} className="mt-3 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
              <p className="font-medium">Marked placeholders would reach the candidate as written:</p>
              {problems.map((problem) => (
                <p key={problem} className="mt-1 break-words">
                  {problem}
                </p>
              ))}
            </div>
          )}
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer text-slate-700">HTML part (source)</summary>
            <pre data-testid={`${id}-preview-html`} className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded border border-slate-200 bg-white p-2 text-xs text-slate-800">
              {preview.html}
            </pre>
          </details>
        </section>
      </div>
    </Card>
  );
}
