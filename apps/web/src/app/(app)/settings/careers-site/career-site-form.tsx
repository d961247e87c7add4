"use client";

import type { CareerSiteSettingsDto } from "@hireflow/core/careers/contract";
import { useState } from "react";
import { CopySecret } from "@/components/copy-secret";
import { Alert, Button, Card, UrlField } from "@/components/ui";
import { blankToNull, useSettingsSave } from "@/lib/settings-save";
import { useTrpc } from "@/lib/trpc";

export function CareerSiteForm({ initial }: { initial: CareerSiteSettingsDto }) {
  const trpc = useTrpc();
  const [saved, setSaved] = useState(initial);
  const [website, setWebsite] = useState(initial.website_url ?? "");
  const [logo, setLogo] = useState(initial.logo_url ?? "");
  const { save, error, onSubmit } = useSettingsSave(() => trpc.careerSite.update.mutate({ website_url: blankToNull(website), logo_url: blankToNull(logo) }), setSaved);

  const addresses = [
    { label: "Careers page", url: saved.careers_url },
    { label: "Sitemap (for search engines)", url: saved.sitemap_url },
    { label: "Indeed XML feed", url: saved.indeed_feed_url },
    { label: "JSON feed", url: saved.json_feed_url },
    { label: "Public job board API (no key, any site may read it)", url: saved.job_board_api_url },
  ];

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} className="space-y-6" noValidate>
        <Card className="space-y-4 p-5">
          <h2 className="text-base font-semibold text-slate-900">Your company</h2>
          <div className="max-w-xl space-y-4">
            <UrlField
              id="website-url"
              label="Website"
              hint="Linked from the careers page; Google for Jobs names it as the hiring organization's site."
              error={error?.fields.website_url}
              value={website}
              placeholder="https://www.example.com"
              onChange={setWebsite}
            />
            <UrlField
              id="logo-url"
              label="Logo URL"
              hint="An https:// address of a square or wide image on your site; shown on the careers pages and in search results."
              error={error?.fields.logo_url}
              value={logo}
              placeholder="https://www.example.com/logo.png"
              onChange={setLogo}
            />
          </div>
          {error && !Object.keys(error.fields).length && <Alert>{error.message}</Alert>}
          {save.isSuccess && !save.isPending && <Alert tone="green">Saved.</Alert>}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save"}
          </Button>
        </Card>
      </form>

      <Card className="space-y-3 p-5">
        <h2 className="text-base font-semibold text-slate-900">Public addresses</h2>
        <p className="text-sm text-slate-700">Only open, public jobs appear. Each updates as soon as a job changes.</p>
        <dl className="space-y-2 text-sm">
          {addresses.map((address) => (
            <div key={address.label}>
              <dt className="font-medium text-slate-800">{address.label}</dt>
              <dd>
                <a href={address.url} className="font-mono break-all text-indigo-700 underline hover:text-indigo-900">
                  {address.url}
                </a>
              </dd>
            </div>
          ))}
        </dl>
      </Card>

      <Card className="space-y-3 p-5">
        <h2 className="text-base font-semibold text-slate-900">List your jobs on your own website</h2>
        <p className="text-sm text-slate-700">
          Paste this where the list should appear. It renders your open jobs as plain links (style the <code>hireflow-jobs</code> classes to match your
          site); each leads to the job&apos;s page here with its application form.
        </p>
        <CopySecret id="embed-snippet" label="Embed snippet" secret={saved.embed_snippet} />
      </Card>
    </div>
  );
}
