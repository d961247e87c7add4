"use client";

import type { CompanyScreeningSettingsDto } from "@hireflow/core/screening/contract";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, Button, Card, describedBy, Field, inputClass } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { REJECT_ON_REQUIRED_MISS } from "@/lib/screening";
import { blankToNull, useSettingsSave } from "@/lib/settings-save";
import { useTrpc } from "@/lib/trpc";

/**
 * Settings → AI screening: the pause switch (saved at once, audited as ai_agent.paused/resumed),
 * the hold-back after a job's notice, and the notice's contact for an alternative process.
 */
export function ScreeningSettingsForm({ initial }: { initial: CompanyScreeningSettingsDto }) {
  const trpc = useTrpc();
  const [saved, setSaved] = useState(initial);
  const [holdBack, setHoldBack] = useState(String(initial.hold_back_business_days));
  const [contact, setContact] = useState(initial.notice_contact ?? "");

  const pause = useMutation({
    mutationFn: (paused: boolean) => trpc.screeningSettings.update.mutate({ ai_agent_paused: paused }),
    onSuccess: (settings) => setSaved(settings),
  });
  const { save, error, onSubmit } = useSettingsSave(
    () =>
      trpc.screeningSettings.update.mutate({
        hold_back_business_days: Number(holdBack),
        notice_contact: blankToNull(contact),
      }),
    setSaved,
  );

  return (
    <div className="space-y-6">
      <Card className="space-y-3 p-5">
        <h2 className="text-base font-semibold text-slate-900">Pause the AI agent</h2>
        <p className="text-sm text-slate-700">
          Stops every move of the AI agent at once, in every job: candidates are still scored, and people move them. A candidate scored while the agent is
          paused is not moved later.
        </p>
        <p className="text-sm font-medium text-slate-900" role="status" data-testid="agent-state">
          {saved.ai_agent_paused ? "The AI agent is paused: it scores but moves nobody." : "The AI agent is running."}
        </p>
        {pause.error && <Alert>{errorInfo(pause.error).message}</Alert>}
        <Button type="button" variant={saved.ai_agent_paused ? "primary" : "danger"} disabled={pause.isPending} onClick={() => pause.mutate(!saved.ai_agent_paused)}>
          {saved.ai_agent_paused ? "Resume the AI agent" : "Pause the AI agent"}
        </Button>
      </Card>

      <form onSubmit={onSubmit} className="space-y-6" noValidate>
        <Card className="space-y-4 p-5">
          <h2 className="text-base font-semibold text-slate-900">Notice to applicants</h2>
          <p className="text-sm text-slate-700">
            While a job&apos;s AI screening is on, its careers page says that an automated tool assesses applications, what it looks at (from the job&apos;s
            criteria), what data it uses and how long it is kept (from Settings → Privacy), and offers applicants a review by a person instead.
          </p>
          <div className="max-w-xl">
            <Field
              id="notice-contact"
              label="Contact for an alternative process or an accommodation"
              hint="An e-mail address or a web page, shown in the notice."
              error={error?.fields.notice_contact}
            >
              <input
                {...describedBy("notice-contact", error?.fields.notice_contact, true)}
                value={contact}
                placeholder="accessibility@example.com"
                onChange={(e) => setContact(e.target.value)}
                className={inputClass}
              />
            </Field>
          </div>
          <div className="max-w-xs">
            <Field
              id="hold-back"
              label="Hold the agent back (business days after the notice)"
              hint="0: off. The agent scores but moves nobody until this many business days (Mon–Fri) after a job's notice went up; NYC Local Law 144 asks for 10."
              error={error?.fields.hold_back_business_days}
            >
              <input
                {...describedBy("hold-back", error?.fields.hold_back_business_days, true)}
                type="number"
                min={0}
                max={60}
                value={holdBack}
                onChange={(e) => setHoldBack(e.target.value)}
                className={inputClass}
              />
            </Field>
          </div>
        </Card>

        <Card className="space-y-2 p-5">
          <h2 className="text-base font-semibold text-slate-900">Rejections by the agent</h2>
          <p className="text-sm text-slate-700">
            The agent never rejects anyone unless a job turns it on (&ldquo;{REJECT_ON_REQUIRED_MISS}&rdquo; in the job&apos;s AI screening), and
            it is off by default. Turned on, a candidate who does not meet a criterion the job marked as required is moved to the rejected stage by the
            agent without a person looking first; a low score alone never rejects. A person can always move the candidate back.
          </p>
        </Card>

        {error && !Object.keys(error.fields).length && <Alert>{error.message}</Alert>}
        {save.isSuccess && !save.isPending && <Alert tone="green">Saved.</Alert>}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save"}
        </Button>
      </form>
    </div>
  );
}
