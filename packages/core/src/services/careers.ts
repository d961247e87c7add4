import { type PrismaClient } from "@hireflow/db";
import { type CareersJobDto, type CareersJobPageDto, type CareersPageDto } from "../contracts/careers.ts";
import { AppError } from "../errors.ts";
import { scopedDb } from "../tenancy.ts";
import { serializeJob } from "./serialize.ts";

const published = { isActive: true, isPublic: true } as const;
const include = { department: { select: { name: true } } } as const;

async function companyBySlug(prisma: PrismaClient, slug: string) {
  const company = await prisma.company.findUnique({ where: { slug }, select: { id: true, name: true, slug: true, privacyPolicyUrl: true } });
  if (!company) throw AppError.notFound("Careers page");
  return company;
}

function toCareersJob(job: Parameters<typeof serializeJob>[0] & { department: { name: string } }, slug: string): CareersJobDto {
  const dto = serializeJob(job, slug, []);
  return {
    id: dto.id,
    title: dto.title,
    description: dto.description,
    locations: dto.locations,
    location_type: dto.location_type,
    salary: dto.salary,
    apply_url: dto.apply_url,
    screening_questions: dto.screening_questions,
    created_at: dto.created_at,
    department: job.department.name,
  };
}

/** A company's careers page: its active, public jobs, newest first. */
export async function getCareersPage(prisma: PrismaClient, slug: string): Promise<CareersPageDto> {
  const company = await companyBySlug(prisma, slug);
  const jobs = await scopedDb(prisma, company.id).job.findMany({ where: published, include, orderBy: { id: "desc" }, take: 200 });
  return { company: { name: company.name, slug: company.slug, privacy_policy_url: company.privacyPolicyUrl }, jobs: jobs.map((job) => toCareersJob(job, company.slug)) };
}

/** One job's public page; an inactive, private or other company's job is not found. */
export async function getCareersJob(prisma: PrismaClient, slug: string, jobId: number): Promise<CareersJobPageDto> {
  const company = await companyBySlug(prisma, slug);
  const job = await scopedDb(prisma, company.id).job.findFirst({ where: { id: jobId, ...published }, include });
  if (!job) throw AppError.notFound("Job", jobId);
  return { company: { name: company.name, slug: company.slug, privacy_policy_url: company.privacyPolicyUrl }, job: toCareersJob(job, company.slug) };
}
