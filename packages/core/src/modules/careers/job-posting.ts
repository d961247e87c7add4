import { type CareersJobDto } from "./contract/careers.ts";
import { escapeHtml } from "../../kernel/html.ts";

/**
 * schema.org JobPosting for Google for Jobs (developers.google.com/search/docs/appearance/structured-data/job-posting):
 * every required property (title, description, datePosted, hiringOrganization, jobLocation — or
 * jobLocationType TELECOMMUTE for a remote job) and every recommended one the job has data for
 * (applicantLocationRequirements, baseSalary, directApply, employmentType, identifier, validThrough).
 */
const EMPLOYMENT_TYPE = { full_time: "FULL_TIME", part_time: "PART_TIME", contract: "CONTRACTOR", temporary: "TEMPORARY", internship: "INTERN" } as const;

export interface PostingCompany {
  name: string;
  url: string;
  logoUrl?: string | null;
}

/** Plain text as HTML paragraphs (Google wants the description as HTML); every character escaped. */
export function descriptionHtml(text: string | null, fallback: string): string {
  const paragraphs = (text ?? "").split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  if (paragraphs.length === 0) return `<p>${escapeHtml(fallback)}</p>`;
  return paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("");
}

function postalAddress(job: CareersJobDto, index: number) {
  const detail = job.location_details[index];
  if (!detail) return { "@type": "PostalAddress", addressLocality: job.locations[index] };
  return {
    "@type": "PostalAddress",
    ...(detail.city && { addressLocality: detail.city }),
    ...(detail.region && { addressRegion: detail.region }),
    ...(detail.postal_code && { postalCode: detail.postal_code }),
    addressCountry: detail.country,
  };
}

function baseSalary(salary: CareersJobDto["salary"]) {
  if (!salary.currency || (salary.min === null && salary.max === null)) return undefined;
  const value =
    salary.min !== null && salary.max !== null && salary.min !== salary.max
      ? { "@type": "QuantitativeValue", minValue: salary.min, maxValue: salary.max, unitText: "YEAR" }
      : { "@type": "QuantitativeValue", value: salary.min ?? salary.max, unitText: "YEAR" };
  return { "@type": "MonetaryAmount", currency: salary.currency, value };
}

export function jobPosting(job: CareersJobDto, company: PostingCompany): Record<string, unknown> {
  const remote = job.location_type === "remote";
  // A remote job's applicants may live where it says; without a list, where its offices are.
  const countries = remote ? (job.remote_countries.length ? job.remote_countries : [...new Set(job.location_details.map((d) => d.country))]) : [];
  const salary = baseSalary(job.salary);
  return {
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: job.title,
    description: descriptionHtml(job.description, `${job.title} at ${company.name}`),
    datePosted: job.created_at,
    ...(job.closes_at && { validThrough: job.closes_at }),
    ...(job.employment_type && { employmentType: EMPLOYMENT_TYPE[job.employment_type] }),
    hiringOrganization: {
      "@type": "Organization",
      name: company.name,
      sameAs: company.url,
      url: company.url,
      ...(company.logoUrl && { logo: company.logoUrl }),
    },
    ...(remote
      ? {
          jobLocationType: "TELECOMMUTE",
          ...(countries.length && { applicantLocationRequirements: countries.map((code) => ({ "@type": "Country", name: code })) }),
        }
      : job.locations.length > 0 && { jobLocation: job.locations.map((_, index) => ({ "@type": "Place", address: postalAddress(job, index) })) }),
    ...(salary && { baseSalary: salary }),
    identifier: { "@type": "PropertyValue", name: company.name, value: String(job.id) },
    directApply: true,
    url: job.apply_url,
  };
}

/**
 * JSON for an inline <script> element: `<`, `>` and `&` as \u escapes so a title holding
 * `</script>` or `<!--` cannot end the element, and U+2028/U+2029 escaped for old parsers.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
