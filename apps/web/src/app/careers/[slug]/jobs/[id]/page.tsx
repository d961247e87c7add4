import { inlineJson, jobPosting } from "@hireflow/core";
import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { JobMeta } from "@/components/job-meta";
import { load, publicCaller } from "@/lib/server/caller";
import { NONCE_HEADER } from "@/server/security-headers";
import { ApplicationForm } from "./application-form";
import { ScreeningNotice } from "./screening-notice";

type Params = Promise<{ slug: string; id: string }>;

const careersJob = cache(async (slug: string, id: string) => {
  if (!/^[a-z0-9-]{1,100}$/.test(slug) || !/^[1-9][0-9]{0,9}$/.test(id) || Number(id) > 2_147_483_647) notFound();
  return (await load(publicCaller().careers.job({ slug, job_id: Number(id) }))).data;
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug, id } = await params;
  const { company, job } = await careersJob(slug, id);
  const title = `${job.title} at ${company.name}`;
  const description = metaDescription(job.description, title);
  return {
    title,
    description,
    alternates: { canonical: job.apply_url },
    openGraph: { type: "website", title, description, url: job.apply_url, siteName: `Careers at ${company.name}`, ...(company.logo_url && { images: [company.logo_url] }) },
  };
}

/** About 160 characters of the description, cut at a word: what search results show. */
function metaDescription(text: string | null, fallback: string): string {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  if (!flat) return `${fallback}. Read about the role and apply.`;
  if (flat.length <= 160) return flat;
  const cut = flat.slice(0, 159);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : 159)}…`;
}

/** The page the API's `apply_url` points to: the job and its application form. */
export default async function CareersJobPage({ params }: { params: Params }) {
  const { slug, id } = await params;
  const { company, job, screening_notice: notice, confirmation_email: confirmationEmail } = await careersJob(slug, id);
  // JSON-LD is data, never run, but it is an inline <script>: it carries the page's CSP nonce like Next's own.
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <>
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: inlineJson(jobPosting(job, { name: company.name, url: company.website_url ?? company.url, logoUrl: company.logo_url })) }} />
      <Link href={`/careers/${company.slug}`} className="text-sm text-slate-500 hover:text-slate-800">
        ← All positions at {company.name}
      </Link>
      <header className="mt-4 mb-8">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{job.title}</h1>
        <div className="mt-2">
          <JobMeta job={job} />
        </div>
      </header>
      {job.description && (
        <section aria-label="About the role" className="mb-10 text-base leading-7 whitespace-pre-wrap text-slate-800">
          {job.description}
        </section>
      )}
      <section aria-labelledby="apply-heading" className="rounded-lg bg-slate-50 p-5 ring-1 ring-slate-200 sm:p-6">
        <h2 id="apply-heading" className="text-xl font-semibold text-slate-900">
          Apply for this job
        </h2>
        {notice && <ScreeningNotice notice={notice} companyName={company.name} />}
        <ApplicationForm
          jobId={job.id}
          jobTitle={job.title}
          companyName={company.name}
          questions={job.screening_questions}
          privacyPolicyUrl={company.privacy_policy_url}
          automatedScreening={notice !== null}
          confirmationEmail={confirmationEmail}
        />
      </section>
    </>
  );
}
