import { type CareersJobDto } from "./contract/careers.ts";
import { careersUrl, type JobBoard } from "./job-board.ts";
import { descriptionHtml } from "./job-posting.ts";

/** Indeed's job types (its XML feed guide); an unknown employment type is left out. */
const INDEED_JOB_TYPE = { full_time: "fulltime", part_time: "parttime", contract: "contract", temporary: "temporary", internship: "internship" } as const;
const REMOTE_TYPE = { remote: "Fully remote", hybrid: "Hybrid remote", onsite: null } as const;

/** One job's entry in both feeds: Indeed's fields, by Indeed's names. */
export interface FeedJob {
  title: string;
  date: string;
  referencenumber: string;
  url: string;
  company: string;
  city: string | null;
  state: string | null;
  country: string | null;
  postalcode: string | null;
  remotetype: string | null;
  description: string;
  salary: string | null;
  jobtype: string | null;
  expirationdate: string | null;
}

function salaryText(salary: CareersJobDto["salary"]): string | null {
  if (!salary.currency || (salary.min === null && salary.max === null)) return null;
  const amount = salary.min !== null && salary.max !== null && salary.min !== salary.max ? `${salary.min}-${salary.max}` : String(salary.min ?? salary.max);
  return `${salary.currency} ${amount} per year`;
}

export function feedJob(job: CareersJobDto, companyName: string): FeedJob {
  // Indeed takes one location per job: the first (the job page lists them all).
  const place = job.location_details[0];
  return {
    title: job.title,
    date: new Date(job.created_at).toUTCString(),
    referencenumber: String(job.id),
    url: job.apply_url,
    company: companyName,
    city: place?.city ?? (place ? null : (job.locations[0] ?? null)),
    state: place?.region ?? null,
    country: place?.country ?? job.remote_countries[0] ?? null,
    postalcode: place?.postal_code ?? null,
    remotetype: REMOTE_TYPE[job.location_type],
    description: descriptionHtml(job.description, `${job.title} at ${companyName}`),
    salary: salaryText(job.salary),
    jobtype: job.employment_type ? INDEED_JOB_TYPE[job.employment_type] : null,
    expirationdate: job.closes_at ? new Date(job.closes_at).toUTCString() : null,
  };
}

// XML 1.0 allows no C0 controls but tab, LF and CR, and no lone surrogates: such characters are dropped.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as CDATA; a `]]>` inside is split across two sections, so no text can end one early. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replace(NOT_XML, "").replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

/** Indeed's XML job feed: the publisher and every open job, each once. */
export function indeedFeedXml(board: JobBoard): string {
  const lines = ['<?xml version="1.0" encoding="utf-8"?>', "<source>", `<publisher>${cdata(board.company.name)}</publisher>`, `<publisherurl>${cdata(careersUrl(board.company.slug))}</publisherurl>`];
  lines.push(`<lastBuildDate>${cdata(board.lastModified.toUTCString())}</lastBuildDate>`);
  for (const job of board.jobs) {
    lines.push("<job>");
    for (const [name, value] of Object.entries(feedJob(job, board.company.name))) {
      if (value !== null) lines.push(`<${name}>${cdata(value)}</${name}>`);
    }
    lines.push("</job>");
  }
  lines.push("</source>", "");
  return lines.join("\n");
}

/** The same feed as JSON. */
export function jobsFeedJson(board: JobBoard): string {
  return JSON.stringify({ publisher: board.company.name, publisherurl: careersUrl(board.company.slug), jobs: board.jobs.map((job) => feedJob(job, board.company.name)) });
}
