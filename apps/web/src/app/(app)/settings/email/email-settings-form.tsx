"use client";

import { EDITABLE_EMAIL_KINDS, type EmailSettingsDto } from "@hireflow/core/mail/contract";
import Link from "next/link";
import { useState } from "react";
import { Alert, Button, Card, describedBy, Field, inputClass } from "@/components/ui";
import { useSettingsSave } from "@/lib/settings-save";
import { useTrpc } from "@/lib/trpc";
import { CandidateEmailTemplateFields, type TemplateDraft } from "./candidate-email-template-fields";

type EditableEmailKind = (typeof EDITABLE_EMAIL_KINDS)[number];

/** The candidate e-mails a company writes its own template for, in the page's order. */
const TEMPLATES: Record<EditableEmailKind, { title: string; description: string }> = {
  application_received: {
    title: "Application received",
    description: "Sent once to each candidate who applies on the careers page, in their transaction; the e-mail log and the candidate's timeline show it.",
  },
  rejection: {
    title: "Rejection",
    description:
      "Sent when someone rejects a candidate with “Send the rejection e-mail” (board, candidate page or the API's send_rejection_email). It names the reject reason only where you write {{reject_reason}}.",
  },
  scheduling_link: {
    title: "Scheduling link",
    description:
      "Sent with a scheduling link when “E-mail the link to the candidate” is on (candidate page, or the API's notify_candidate). Keep {{scheduling_link}} in the text: it is the candidate's page to pick a time.",
  },
};

/** How the save's errors name each field (the API names them by path, e.g. "rejection.body"). */
const FIELD_NAMES: Record<string, string> = {
  from_name: "The sender name",
  from_address: "The sender address",
  reply_to: "The reply-to address",
  "rejection.delay_minutes": "The rejection e-mail's default delay",
};
const EMAIL_NAMES: Record<EditableEmailKind, string> = { application_received: "application-received e-mail", rejection: "rejection e-mail", scheduling_link: "scheduling-link e-mail" };

/** One error of a save in plain words: "The rejection e-mail's body uses {{foo}}, which Hireflow doesn't know. Known: …". */
function errorInWords(field: string, message: string): string {
  const template = /^(application_received|rejection|scheduling_link)\.(subject|body)$/.exec(field);
  const name = template ? `The ${EMAIL_NAMES[template[1] as EditableEmailKind]}'s ${template[2]}` : (FIELD_NAMES[field] ?? field);
  const sentence = message.startsWith("Uses ") ? `${name} uses ${message.slice(5)}` : `${name}: ${message}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

function draftsOf(settings: EmailSettingsDto): Record<EditableEmailKind, TemplateDraft> {
  const entries = EDITABLE_EMAIL_KINDS.map((kind) => [kind, { subject: settings[kind].subject, body: settings[kind].body }] as const);
  return Object.fromEntries(entries) as Record<EditableEmailKind, TemplateDraft>;
}

/** Empty fields fall back to the server's MAIL_FROM (shown as the placeholder). */
export function EmailSettingsForm({ initial }: { initial: EmailSettingsDto }) {
  const trpc = useTrpc();
  const [saved, setSaved] = useState(initial);
  const [fromName, setFromName] = useState(initial.from_name ?? "");
  const [fromAddress, setFromAddress] = useState(initial.from_address ?? "");
  const [replyTo, setReplyTo] = useState(initial.reply_to ?? "");
  const [applicationEnabled, setApplicationEnabled] = useState(initial.application_received.enabled);
  const [applicationForApi, setApplicationForApi] = useState(initial.application_received.send_for_api);
  const [drafts, setDrafts] = useState(() => draftsOf(initial));
  const setDraft = (kind: EditableEmailKind) => (draft: TemplateDraft) => setDrafts((current) => ({ ...current, [kind]: draft }));
  const [delay, setDelay] = useState(String(initial.rejection.delay_minutes));
  const { save, error, onSubmit } = useSettingsSave(
    () =>
      trpc.emailSettings.update.mutate({
        from_name: fromName.trim() || null,
        from_address: fromAddress.trim() || null,
        reply_to: replyTo.trim() || null,
        application_received: { enabled: applicationEnabled, send_for_api: applicationForApi, ...drafts.application_received },
        // Not a whole number: sent as is, so the server's validation names the field.
        rejection: { ...drafts.rejection, delay_minutes: delay.trim() === "" ? Number.NaN : Number(delay) },
        scheduling_link: drafts.scheduling_link,
      }),
    setSaved,
  );

  return (
    <form onSubmit={onSubmit} className="space-y-6" noValidate>
      {saved.delivery === "log_only" && (
        <Alert tone="amber" title="E-mails are not sent from this server">
          It has no mail server configured (<code>SMTP_URL</code>): every e-mail is kept in the <Link href="/settings/email-log" className="underline">E-mail log</Link> instead, where
          you can read it and download it as a .eml file.
        </Alert>
      )}
      <Card className="space-y-4 p-5">
        <h2 className="text-base font-semibold text-slate-900">Sender</h2>
        <div className="grid max-w-3xl gap-4 sm:grid-cols-2">
          <Field id="email-from-name" label="Sender name" hint="Leave empty for the server's default." error={error?.fields.from_name}>
            <input {...describedBy("email-from-name", error?.fields.from_name, true)} value={fromName} maxLength={100} onChange={(e) => setFromName(e.target.value)} className={inputClass} />
          </Field>
          <Field
            id="email-from-address"
            label="Sender address"
            hint="Your mail server must be allowed to send for this address's domain, or it may refuse the e-mails."
            error={error?.fields.from_address}
          >
            <input
              {...describedBy("email-from-address", error?.fields.from_address, true)}
              type="email"
              value={fromAddress}
              maxLength={254}
              onChange={(e) => setFromAddress(e.target.value)}
              className={inputClass}
            />
          </Field>
          <Field id="email-reply-to" label="Reply-to address" hint="Where replies go; empty: to the sender address." error={error?.fields.reply_to}>
            <input {...describedBy("email-reply-to", error?.fields.reply_to, true)} type="email" value={replyTo} maxLength={254} onChange={(e) => setReplyTo(e.target.value)} className={inputClass} />
          </Field>
        </div>
        <p className="text-sm text-slate-700" data-testid="email-effective-sender">
          E-mails are sent as <span className="font-medium">{saved.effective.from}</span>
          {saved.effective.reply_to ? (
            <>
              , replies to <span className="font-medium">{saved.effective.reply_to}</span>
            </>
          ) : null}
          . The server&apos;s default is {saved.server_default}.
        </p>
      </Card>
      {EDITABLE_EMAIL_KINDS.map((kind) => (
        <CandidateEmailTemplateFields key={kind} kind={kind} {...TEMPLATES[kind]} draft={drafts[kind]} onChange={setDraft(kind)} settings={saved} errors={error?.fields ?? {}}>
          {kind === "application_received" && (
            <div className="space-y-2">
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" checked={applicationEnabled} onChange={(e) => setApplicationEnabled(e.target.checked)} className="h-4 w-4" />
                Send the application-received e-mail
              </label>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" checked={applicationForApi} disabled={!applicationEnabled} onChange={(e) => setApplicationForApi(e.target.checked)} className="h-4 w-4" />
                Also to candidates created through the API (an integration may create candidates who never applied)
              </label>
            </div>
          )}
          {kind === "rejection" && (
            <Field
              id="email-rejection-delay"
              label="Default delay (minutes)"
              hint="How long after the move it goes, unless the move says otherwise (0 to 10080, a week). Moving the candidate out of rejected before then cancels it."
              error={error?.fields["rejection.delay_minutes"]}
            >
              <input
                {...describedBy("email-rejection-delay", error?.fields["rejection.delay_minutes"], true)}
                type="number"
                inputMode="numeric"
                min={0}
                max={10080}
                value={delay}
                onChange={(e) => setDelay(e.target.value)}
                className={`${inputClass} w-40`}
              />
            </Field>
          )}
        </CandidateEmailTemplateFields>
      ))}
      {error && !Object.keys(error.fields).length && <Alert>{error.message}</Alert>}
      {error && Object.keys(error.fields).length > 0 && (
        <Alert title="Not saved: please fix the marked fields">
          <ul className="list-disc space-y-1 pl-5" data-testid="email-settings-errors">
            {Object.entries(error.fields).map(([field, message]) => (
              <li key={field}>{errorInWords(field, message)}</li>
            ))}
          </ul>
        </Alert>
      )}
      {save.isSuccess && !save.isPending && <Alert tone="green">Saved. E-mails queued from now on use these settings.</Alert>}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save"}
      </Button>
    </form>
  );
}
