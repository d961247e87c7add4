import { createHash } from "node:crypto";
import { poolOf, type PrismaClient } from "@hireflow/db";
import { type CareersJobDto } from "./contract/careers.ts";
import { AppError } from "../../kernel/errors.ts";
import { type CareersCompany, careersUrl, listOpenJobs } from "./careers.ts";

/**
 * The job board a company publishes (Indeed feed, JSON feed, public job board API, sitemap): its
 * open jobs, served from an in-process cache keyed by a version that one cheap query computes. Any
 * change that can alter the output moves the version: a job's updated_at (any job of the company,
 * so one made inactive or private counts too), the set of open jobs (a job passing its closes_at
 * changes no row), the company's own updated_at (its name).
 */
export interface JobBoard {
  company: CareersCompany;
  jobs: CareersJobDto[];
  /** Opaque; the ETag of every representation is built from it. */
  version: string;
  lastModified: Date;
  /** Rendered representations (UTF-8, with their ETag), filled on first use: rebuilt once per version. */
  rendered: Map<string, { body: Uint8Array; etag: string }>;
}

/** Every open job, always the complete set (boards drop jobs missing from a feed). */
const MAX_BOARD_JOBS = 10_000;
const MAX_CACHED_COMPANIES = 500;
const cache = new Map<number, JobBoard>();

interface VersionRow {
  id: number;
  name: string;
  slug: string;
  privacy_policy_url: string | null;
  website_url: string | null;
  logo_url: string | null;
  updated_at: Date;
  /** bigint: pg returns it as text. */
  open_count: string;
  open_id_sum: string | null;
  jobs_updated_at: Date | null;
  last_closed_at: Date | null;
}

// One prepared statement on Prisma's own pool (like job-read.ts): the whole cost of a warm request.
// It filters by company itself: the company is found by slug, every job row by its company_id.
const BOARD_VERSION = {
  name: "hireflow_job_board_version",
  text: `SELECT c.id, c.name, c.slug, c.privacy_policy_url, c.website_url, c.logo_url, c.updated_at,
      count(j.id) FILTER (WHERE j.is_active AND j.is_public AND (j.closes_at IS NULL OR j.closes_at > now())) AS open_count,
      sum(j.id) FILTER (WHERE j.is_active AND j.is_public AND (j.closes_at IS NULL OR j.closes_at > now())) AS open_id_sum,
      max(j.updated_at) AS jobs_updated_at,
      max(j.closes_at) FILTER (WHERE j.is_active AND j.is_public AND j.closes_at <= now()) AS last_closed_at
    FROM companies c LEFT JOIN jobs j ON j.company_id = c.id
    WHERE c.slug = $1
    GROUP BY c.id`,
};

async function boardVersion(prisma: PrismaClient, slug: string): Promise<VersionRow | null> {
  const { rows } = await poolOf(prisma).query<VersionRow>({ ...BOARD_VERSION, values: [slug] });
  return rows[0] ?? null;
}

function latest(...dates: (Date | null)[]): Date {
  return new Date(Math.max(...dates.map((d) => d?.getTime() ?? 0)));
}

/** A company's open jobs by careers slug (not found: 404 envelope), from the cache when current. */
export async function loadJobBoard(prisma: PrismaClient, slug: string): Promise<JobBoard> {
  const row = await boardVersion(prisma, slug);
  if (!row) throw AppError.notFound("Careers page");
  const version = [row.open_count, row.open_id_sum ?? 0, row.jobs_updated_at?.getTime() ?? 0, row.last_closed_at?.getTime() ?? 0, row.updated_at.getTime()].join("-");
  const cached = cache.get(row.id);
  if (cached && cached.version === version && cached.company.slug === row.slug) return cached;
  const company: CareersCompany = {
    id: row.id,
    name: row.name,
    slug: row.slug,
    privacyPolicyUrl: row.privacy_policy_url,
    websiteUrl: row.website_url,
    logoUrl: row.logo_url,
    updatedAt: row.updated_at,
  };
  const board: JobBoard = {
    company,
    jobs: await listOpenJobs(prisma, company, MAX_BOARD_JOBS),
    version,
    lastModified: latest(row.jobs_updated_at, row.last_closed_at, row.updated_at),
    rendered: new Map(),
  };
  if (cache.size >= MAX_CACHED_COMPANIES && !cache.has(row.id)) cache.delete(cache.keys().next().value!);
  cache.set(row.id, board);
  return board;
}

/** A representation of the board, rendered (and its strong ETag computed) once per version. */
export function renderOnce(board: JobBoard, key: string, render: () => string): { body: Uint8Array; etag: string } {
  let rendered = board.rendered.get(key);
  if (rendered === undefined) {
    const tag = createHash("sha256").update(`${board.company.id}:${board.version}:${key}`).digest("base64url").slice(0, 27);
    rendered = { body: new TextEncoder().encode(render()), etag: `"${tag}"` };
    board.rendered.set(key, rendered);
  }
  return rendered;
}

export { careersUrl };

/** Careers slugs of companies with at least one open job (the sitemap index: public facts only). */
export async function listPublishingSlugs(prisma: PrismaClient, take = 50_000): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ slug: string }[]>`
    SELECT c.slug FROM companies c
    WHERE EXISTS (SELECT 1 FROM jobs j WHERE j.company_id = c.id AND j.is_active AND j.is_public AND (j.closes_at IS NULL OR j.closes_at > now()))
    ORDER BY c.id LIMIT ${take}`;
  return rows.map((row) => row.slug);
}
