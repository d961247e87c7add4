import { appBaseUrl } from "@hireflow/config";
import { type PrismaClient } from "@hireflow/db";
import { type CareersJobDto, type CareersJobPageDto, type CareersPageDto } from "./contract/careers.ts";
import { AppError } from "../../kernel/errors.ts";
import { scopedDb } from "../../kernel/tenancy.ts";
import { screeningNotice } from "../screening/notice.ts";
import { serializeJob } from "../job/serialize.ts";

/**
 * Open: active, public and not past its closing time. The one definition the careers site, the
 * feeds, the sitemap, the public job board API and the application endpoint share.
 */
export function openJobWhere(now = new Date()) {
  return { isActive: true, isPublic: true, OR: [{ closesAt: null }, { closesAt: { gt: now } }] };
}

const include = { department: { select: { name: true } } } as const;

export interface CareersCompany {
  id: number;
  name: string;
  slug: string;
  privacyPolicyUrl: string | null;
  websiteUrl: string | null;
  logoUrl: string | null;
  updatedAt: Date;
}

const NOTICE_COMPANY = { retentionMonths: true, retentionScope: true, screeningContact: true } as const;

export async function companyBySlug(prisma: PrismaClient, slug: string): Promise<CareersCompany> {
  const company = await prisma.company.findUnique({ where: { slug }, select: { id: true, name: true, slug: true, privacyPolicyUrl: true, websiteUrl: true, logoUrl: true, updatedAt: true } });
  if (!company) throw AppError.notFound("Careers page");
  return company;
}

export function careersUrl(slug: string): string {
  return `${appBaseUrl()}/careers/${encodeURIComponent(slug)}`;
}

function toCareersCompany(company: CareersCompany) {
  return {
    name: company.name,
    slug: company.slug,
    url: careersUrl(company.slug),
    privacy_policy_url: company.privacyPolicyUrl,
    website_url: company.websiteUrl,
    logo_url: company.logoUrl,
  };
}

export function toCareersJob(job: Parameters<typeof serializeJob>[0] & { department: { name: string } }, slug: string): CareersJobDto {
  const dto = serializeJob(job, slug, []);
  return {
    id: dto.id,
    title: dto.title,
    description: dto.description,
    department: job.department.name,
    locations: dto.locations,
    location_type: dto.location_type,
    location_details: dto.location_details,
    remote_countries: dto.remote_countries,
    employment_type: dto.employment_type,
    closes_at: dto.closes_at,
    salary: dto.salary,
    apply_url: dto.apply_url,
    screening_questions: dto.screening_questions,
    created_at: dto.created_at,
    updated_at: dto.updated_at,
  };
}

/** A company's open jobs, newest first (at most `take`). */
export async function listOpenJobs(prisma: PrismaClient, company: CareersCompany, take: number): Promise<CareersJobDto[]> {
  const jobs = await scopedDb(prisma, company.id).job.findMany({ where: openJobWhere(), include, orderBy: { id: "desc" }, take });
  return jobs.map((job) => toCareersJob(job, company.slug));
}

/** A company's careers page: its open jobs, newest first. */
export async function getCareersPage(prisma: PrismaClient, slug: string): Promise<CareersPageDto> {
  const company = await companyBySlug(prisma, slug);
  return { company: toCareersCompany(company), jobs: await listOpenJobs(prisma, company, 200) };
}

/** One job's public page; a closed, inactive, private or other company's job is not found. */
export async function getCareersJob(prisma: PrismaClient, slug: string, jobId: number): Promise<CareersJobPageDto> {
  const company = await companyBySlug(prisma, slug);
  const job = await scopedDb(prisma, company.id).job.findFirst({ where: { id: jobId, ...openJobWhere() }, include });
  if (!job) throw AppError.notFound("Job", jobId);
  const [notice, email] = await Promise.all([
    readNoticeCompany(prisma, company.id, job),
    prisma.company.findUniqueOrThrow({ where: { id: company.id }, select: { applicationEmailEnabled: true } }),
  ]);
  return { company: toCareersCompany(company), job: toCareersJob(job, company.slug), screening_notice: notice, confirmation_email: email.applicationEmailEnabled };
}

/** The notice, reading the company's retention rule and contact only when the job's screening is on. */
async function readNoticeCompany(prisma: PrismaClient, companyId: number, job: Parameters<typeof screeningNotice>[0]) {
  if ((job.screening as { mode?: string } | null)?.mode !== "score" && (job.screening as { mode?: string } | null)?.mode !== "auto") return null;
  const company = await prisma.company.findUniqueOrThrow({ where: { id: companyId }, select: NOTICE_COMPANY });
  return screeningNotice(job, company);
}

/**
 * What a careers job URL answers: `open`, `gone` (the company's job, but closed, inactive or not
 * public: 410, as Google asks, so it leaves the index) or `missing` (404).
 */
export async function careersJobState(prisma: PrismaClient, slug: string, jobId: number): Promise<"open" | "gone" | "missing"> {
  const company = await prisma.company.findUnique({ where: { slug }, select: { id: true } });
  if (!company) return "missing";
  const now = new Date();
  const job = await scopedDb(prisma, company.id).job.findFirst({ where: { id: jobId }, select: { isActive: true, isPublic: true, closesAt: true } });
  if (!job) return "missing";
  return job.isActive && job.isPublic && (job.closesAt === null || job.closesAt > now) ? "open" : "gone";
}
