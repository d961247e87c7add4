"use client";

import type { EmailSettingsDto } from "@hireflow/core/mail/contract";
import { placeholderValues, renderTemplate } from "@hireflow/core/mail/templates";
import { type CandidateEmailKind, SUBJECT_MAX, BODY_MAX } from "@hireflow/core/mail/contract";
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
  const preview = renderTemplate(draft, placeholderValues({ ...SAMPLE, companyName: settings.company_name }));
  const available = settings.placeholders.filter((p) => p.templates.includes(kind));
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
            <span className="font-medium">Subject:</span> <span data-testid={`${id}-preview-subject`}>{preview.subject}</span>
          </p>
          <pre data-testid={`${id}-preview-text`} className="mt-2 whitespace-pre-wrap break-words font-sans text-sm text-slate-900">
            {preview.text}
          </pre>
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
