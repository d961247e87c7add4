"use client";

import type { PrivacySettingsDto } from "@hireflow/core/privacy/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, Button, Card, describedBy, Field, inputClass, UrlField } from "@/components/ui";
import { blankToNull, useSettingsSave } from "@/lib/settings-save";
import { useTrpc } from "@/lib/trpc";

type Scope = PrivacySettingsDto["retention_scope"];

/** The allowed sites as typed: one per line (commas or spaces also part them), each with its line number. */
function siteLines(text: string): { line: number; site: string }[] {
  return text.split("\n").flatMap((line, index) =>
    line
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((site) => ({ line: index + 1, site })),
  );
}

export function PrivacySettingsForm({ initial }: { initial: PrivacySettingsDto }) {
  const trpc = useTrpc();
  const [saved, setSaved] = useState(initial);
  const [enabled, setEnabled] = useState(initial.retention_months !== null);
  const [months, setMonths] = useState(String(initial.retention_months ?? 12));
  const [scope, setScope] = useState<Scope>(initial.retention_scope);
  const [policyUrl, setPolicyUrl] = useState(initial.privacy_policy_url ?? "");
  const [origins, setOrigins] = useState(initial.allowed_origins.join("\n"));
  // The sites of the last save, in the order sent: the API names a bad one by its index there.
  const [sentSites, setSentSites] = useState<{ line: number; site: string }[]>([]);
  const monthsValue = Number(months);
  const validMonths = Number.isInteger(monthsValue) && monthsValue >= 1 && monthsValue <= 120;

  // What the rule as edited would erase now (the saved rule's count comes with the settings).
  const preview = useQuery({
    queryKey: ["privacy", "preview", monthsValue, scope],
    queryFn: () => trpc.privacy.previewRetention.query({ retention_months: monthsValue, retention_scope: scope }),
    enabled: enabled && validMonths,
  });

  const { save, error, onSubmit } = useSettingsSave(
    () => {
      const sites = siteLines(origins);
      setSentSites(sites);
      return trpc.privacy.update.mutate({
        retention_months: enabled ? monthsValue : null,
        retention_scope: scope,
        privacy_policy_url: blankToNull(policyUrl),
        allowed_origins: sites.map((entry) => entry.site),
      });
    },
    (result) => {
      setSaved(result);
      // What was kept: a bare host comes back as its https:// origin.
      setOrigins(result.allowed_origins.join("\n"));
    },
  );
  // A bad site is named by the line it is on, as typed (the API names it by its index in the list sent).
  const badLines = Object.entries(error?.fields ?? {}).flatMap(([name, message]) => {
    const index = /^allowed_origins\[(\d+)\]$/.exec(name)?.[1];
    const sent = index === undefined ? undefined : sentSites[Number(index)];
    return sent ? [`Line ${sent.line} (“${sent.site}”): ${message.replace(/\.?$/, ".")}`] : [];
  });
  const originsError = error?.fields.allowed_origins ?? (badLines.length ? badLines.join(" ") : undefined);

  return (
    <form onSubmit={onSubmit} className="space-y-6" noValidate>
      <Card className="space-y-4 p-5">
        <h2 className="text-base font-semibold text-slate-900">Retention</h2>
        <p className="text-sm text-slate-700">
          Erase candidates automatically some months after their last activity (a stage change, a note, an edit). Erasure is for good, the
          same as “Delete candidate”; it runs once a day.
        </p>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} className="h-4 w-4 rounded border-slate-400" />
          Erase candidates automatically
        </label>
        {enabled && (
          <div className="space-y-4">
            <div className="max-w-xs">
              <Field id="retention-months" label="Months after the last activity" error={error?.fields.retention_months ?? (validMonths ? undefined : "Must be 1 to 120 months")}>
                <input
                  {...describedBy("retention-months", error?.fields.retention_months)}
                  type="number"
                  min={1}
                  max={120}
                  value={months}
                  onChange={(e) => setMonths(e.target.value)}
                  className={inputClass}
                />
              </Field>
            </div>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-800">Which candidates</legend>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name="scope" value="rejected" checked={scope === "rejected"} onChange={() => setScope("rejected")} />
                Rejected candidates
              </label>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name="scope" value="not_hired" checked={scope === "not_hired"} onChange={() => setScope("not_hired")} />
                Every candidate not hired
              </label>
            </fieldset>
            <p className="text-sm text-slate-800" role="status" data-testid="retention-preview">
              {!validMonths
                ? ""
                : preview.data
                  ? `${preview.data.eligible_now} candidate${preview.data.eligible_now === 1 ? "" : "s"} would be erased now.`
                  : "Counting…"}
            </p>
          </div>
        )}
        {saved.retention_months !== null && (
          <p className="text-sm text-slate-700">
            Saved rule: {saved.retention_scope === "rejected" ? "rejected candidates" : "candidates not hired"} {saved.retention_months} month
            {saved.retention_months === 1 ? "" : "s"} after their last activity ({saved.eligible_now} eligible now).
          </p>
        )}
      </Card>

      <Card className="space-y-4 p-5">
        <h2 className="text-base font-semibold text-slate-900">Privacy policy</h2>
        <div className="max-w-xl">
          <UrlField
            id="privacy-policy-url"
            label="Privacy policy URL"
            hint="When set, the careers form asks applicants to agree to it (a required checkbox linking here) and keeps the time they did."
            error={error?.fields.privacy_policy_url}
            value={policyUrl}
            placeholder="https://example.com/privacy"
            onChange={setPolicyUrl}
          />
        </div>
      </Card>

      <Card className="space-y-4 p-5">
        <h2 className="text-base font-semibold text-slate-900">Application form on your own website</h2>
        <p className="text-sm text-slate-700">
          Your website can list your jobs from the public job board API and post applications to Hireflow from its own pages. List the sites allowed to post
          them; browsers refuse any other.
        </p>
        <div className="max-w-xl">
          <Field
            id="allowed-origins"
            label="Allowed sites"
            hint="One per line, such as https://www.example.com or www.example.com (https:// is added); no path."
            error={originsError}
          >
            <textarea
              {...describedBy("allowed-origins", originsError, true)}
              rows={3}
              value={origins}
              placeholder="https://www.example.com"
              onChange={(e) => setOrigins(e.target.value)}
              className={inputClass}
            />
          </Field>
        </div>
      </Card>

      {error && !Object.keys(error.fields).length && <Alert>{error.message}</Alert>}
      {save.isSuccess && !save.isPending && <Alert tone="green">Saved.</Alert>}
      <Button type="submit" disabled={save.isPending || (enabled && !validMonths)}>
        {save.isPending ? "Saving…" : "Save"}
      </Button>
    </form>
  );
}
