"use client";

import { DEFAULT_LETTER_TEMPLATE, LETTER_PLACEHOLDERS, LETTER_TEMPLATE_MAX, type OfferSettingsDto, unknownLetterPlaceholders } from "@hireflow/core/offer/contract";
import { htmlToBlocks } from "@hireflow/core/offer/letter-blocks";
import { letterValues, renderLetterHtml } from "@hireflow/core/offer/letter-html";
import type { UserDto } from "@hireflow/core/identity/contract";
import { useMemo, useState } from "react";
import { OfferLetter } from "@/components/offer-letter";
import { Alert, Button, Card, describedBy, Field, inputClass } from "@/components/ui";
import { useSettingsSave } from "@/lib/settings-save";
import { useTrpc } from "@/lib/trpc";

type Step = OfferSettingsDto["approval_steps"][number];

// The facts the preview fills the template with: an imagined offer, in the formats the letter uses.
const SAMPLE = letterValues({
  candidateName: "Ada Lovelace",
  companyName: "Your company",
  jobTitle: "Platform Engineer",
  startDate: "2027-03-01",
  salary: { amount: 85000, currency: "EUR", period: "year" },
  bonus: { amount: 10000, currency: "EUR" },
  equity: "0.05% in options, vesting over 4 years",
  expiresAt: "2027-02-15T17:00:00Z",
});

/**
 * Settings → Offers: the letter template with a live preview (filled with the same function the server
 * renders the PDF from; an unknown placeholder is flagged here, before saving), and the default approval
 * chain — ordered steps, each done when `required` of its approvers approved.
 */
export function OfferSettingsForm({ initial, members }: { initial: OfferSettingsDto; members: UserDto[] }) {
  const trpc = useTrpc();
  const [saved, setSaved] = useState(initial);
  const [template, setTemplate] = useState(initial.letter_template);
  const [steps, setSteps] = useState<Step[]>(initial.approval_steps);
  const { save, error, onSubmit } = useSettingsSave(
    () => trpc.offerSettings.update.mutate({ letter_template: template.trim() === DEFAULT_LETTER_TEMPLATE.trim() ? null : template, approval_steps: steps }),
    (result) => {
      setSaved(result);
      setTemplate(result.letter_template);
      setSteps(result.approval_steps);
    },
  );
  const unknown = useMemo(() => unknownLetterPlaceholders(template), [template]);
  // Read as the PDF reads it (the same block reader), so the preview shows what the letter will hold.
  const preview = useMemo(() => htmlToBlocks(renderLetterHtml(template, SAMPLE)), [template]);
  const nameOf = (id: string) => members.find((m) => m.id === id)?.name ?? members.find((m) => m.id === id)?.email ?? id;
  const setStep = (index: number, step: Step) => setSteps((current) => current.map((s, i) => (i === index ? step : s)));

  return (
    <form onSubmit={onSubmit} className="space-y-6" noValidate>
      {save.isSuccess && !save.isPending && <Alert tone="green" title="Saved">The offer settings are saved.</Alert>}
      {error && !Object.keys(error.fields).length && <Alert title="Could not save">{error.message}</Alert>}
      <Card className="space-y-4 p-5">
        <h2 className="text-base font-semibold text-slate-900">Offer letter</h2>
        <p className="text-sm text-slate-600">
          HTML with placeholders: {Object.keys(LETTER_PLACEHOLDERS).map((name) => `{{${name}}}`).join(", ")}. The PDF keeps headings, paragraphs, bold, italic, lists and
          rules; scripts and styles are dropped. {saved.letter_template_is_default ? "This is the built-in letter." : "This is your own letter."}
        </p>
        <div className="grid gap-4 lg:grid-cols-2">
          <Field id="offer-letter-template" label="Template" error={error?.fields.letter_template} required>
            <textarea
              {...describedBy("offer-letter-template", error?.fields.letter_template)}
              value={template}
              onChange={(e) => setTemplate(e.target.value)}
              rows={18}
              maxLength={LETTER_TEMPLATE_MAX}
              className={`${inputClass} font-mono text-xs`}
            />
          </Field>
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-slate-800">Preview</p>
            {unknown.length > 0 && (
              <Alert tone="amber" title="Unknown placeholders">
                {unknown.map((name) => `{{${name}}}`).join(", ")} {unknown.length === 1 ? "is" : "are"} not filled in: use one of the placeholders above.
              </Alert>
            )}
            <div className="max-h-[32rem] overflow-y-auto">
              <OfferLetter blocks={preview} label="Letter preview" />
            </div>
          </div>
        </div>
        <Button variant="secondary" onClick={() => setTemplate(DEFAULT_LETTER_TEMPLATE)}>
          Restore the built-in letter
        </Button>
      </Card>
      <Card className="space-y-4 p-5">
        <h2 className="text-base font-semibold text-slate-900">Default approval chain</h2>
        <p className="text-sm text-slate-600">New offers go through these steps in order. Without a step, an offer is approved as soon as approval is requested.</p>
        {error?.fields.approval_steps && <p className="text-sm text-red-700" role="alert">{error.fields.approval_steps}</p>}
        <ol className="space-y-3">
          {steps.map((step, index) => (
            <li key={index} className="rounded-md border border-slate-200 p-3" data-testid="approval-step">
              <fieldset>
                <legend className="text-sm font-medium text-slate-800">Step {index + 1}</legend>
                <ul className="mt-1.5 grid gap-1 sm:grid-cols-2">
                  {members.map((member) => (
                    <li key={member.id}>
                      <label className="flex items-center gap-2 text-sm text-slate-800">
                        <input
                          type="checkbox"
                          checked={step.approver_ids.includes(member.id)}
                          onChange={(e) =>
                            setStep(index, {
                              ...step,
                              approver_ids: e.target.checked ? [...step.approver_ids, member.id] : step.approver_ids.filter((id) => id !== member.id),
                            })
                          }
                        />
                        {nameOf(member.id)}
                      </label>
                    </li>
                  ))}
                </ul>
                {[`approval_steps[${index}].approver_ids`, `approval_steps[${index}].required`].map((field) =>
                  error?.fields[field] ? <p key={field} className="mt-1 text-sm text-red-700" role="alert">{error.fields[field]}</p> : null,
                )}
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  <label className="flex items-center gap-2 text-sm text-slate-800">
                    Approvals needed
                    <select value={step.required} onChange={(e) => setStep(index, { ...step, required: Number(e.target.value) })} className="rounded-md border-slate-300 py-1 text-sm">
                      {Array.from({ length: Math.max(1, step.approver_ids.length) }, (_, i) => i + 1).map((n) => (
                        <option key={n}>{n}</option>
                      ))}
                    </select>
                  </label>
                  <Button variant="secondary" onClick={() => setSteps((current) => current.filter((_, i) => i !== index))}>
                    Remove step {index + 1}
                  </Button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <Button variant="secondary" onClick={() => setSteps((current) => [...current, { approver_ids: [], required: 1 }])} disabled={steps.length >= 10}>
          Add a step
        </Button>
      </Card>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save offer settings"}
      </Button>
    </form>
  );
}
