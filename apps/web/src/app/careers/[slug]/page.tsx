import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { CompanyMark } from "@/components/company-mark";
import { JobMeta } from "@/components/job-meta";
import { EmptyState } from "@/components/ui";
import { load, publicCaller } from "@/lib/server/caller";

type Params = Promise<{ slug: string }>;

const careersPage = cache(async (slug: string) => {
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) notFound();
  return (await load(publicCaller().careers.page({ slug }))).data;
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { company, jobs } = await careersPage((await params).slug);
  const title = `Careers at ${company.name}`;
  const description = `${jobs.length === 1 ? "1 open position" : `${jobs.length} open positions`} at ${company.name}. Read about each role and apply online.`;
  return { title, description, alternates: { canonical: company.url }, openGraph: { type: "website", title, description, url: company.url, siteName: title, ...(company.logo_url && { images: [company.logo_url] }) } };
}

export default async function CareersPage({ params }: { params: Params }) {
  const { company, jobs } = await careersPage((await params).slug);
  return (
    <>
      <header className="mb-10">
        <CompanyMark company={company} />
        <h1 className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">Open positions</h1>
        <p className="mt-2 text-slate-600">
          Join {company.name}. Pick a role to read more and apply.
          {company.website_url && (
            <>
              {" "}
              <a href={company.website_url} className="text-indigo-700 underline hover:text-indigo-900" rel="noopener">
                Visit our website
              </a>
            </>
          )}
        </p>
      </header>
      {jobs.length === 0 ? (
        <EmptyState title="No open positions right now">Please check back later.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 border-y border-slate-200">
          {jobs.map((job) => (
            <li key={job.id}>
              <Link href={`/careers/${company.slug}/jobs/${job.id}`} className="group block py-5 focus-visible:outline-2 focus-visible:outline-indigo-600">
                <h2 className="text-lg font-medium text-slate-900 group-hover:text-indigo-700">{job.title}</h2>
                <div className="mt-1">
                  <JobMeta job={job} />
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
