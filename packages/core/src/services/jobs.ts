import { type Prisma } from "@hireflow/db";
import { tenantRow } from "../tenancy.ts";
import { type ServiceContext } from "../context.ts";
import { type CreateJobInput, type JobDto, type UpdateJobInput } from "../contracts/job.ts";
import { AppError, isUniqueViolation } from "../errors.ts";
import { DEFAULT_PAGE_SIZE, decodeCursor, page } from "./pagination.ts";
import { serializeJob } from "./serialize.ts";

const withCompanySlug = { company: { select: { slug: true } } } as const;

export async function getJob(svc: ServiceContext, id: number): Promise<JobDto> {
  const job = await svc.db.job.findUnique({ where: { id }, include: withCompanySlug });
  if (!job) throw AppError.notFound("Job", id);
  return serializeJob(job, job.company.slug);
}

export async function listJobs(
  svc: ServiceContext,
  input: { is_active?: boolean; is_public?: boolean; limit?: number; cursor?: string },
) {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const before = decodeCursor(input.cursor);
  const rows = await svc.db.job.findMany({
    where: {
      ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
      ...(input.is_public === undefined ? {} : { isPublic: input.is_public }),
      ...(before === undefined ? {} : { id: { lt: before } }),
    },
    include: withCompanySlug,
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  return page(rows, limit, (job) => serializeJob(job, job.company.slug));
}

async function departmentId(svc: ServiceContext, name: string): Promise<number> {
  const where = { companyId_name: { companyId: svc.companyId, name } };
  try {
    const department = await svc.db.department.upsert({
      where,
      create: tenantRow<Prisma.DepartmentUncheckedCreateInput>({ name }),
      update: {},
      select: { id: true },
    });
    return department.id;
  } catch (error) {
    // Two creates of the same new department race on the unique index; the loser reads the winner's row.
    if (!isUniqueViolation(error)) throw error;
    return (await svc.db.department.findUniqueOrThrow({ where, select: { id: true } })).id;
  }
}

function jobData(input: Partial<CreateJobInput>) {
  return {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: input.description || null }),
    ...(input.is_active !== undefined && { isActive: input.is_active }),
    ...(input.is_public !== undefined && { isPublic: input.is_public }),
    ...(input.locations !== undefined && { locations: input.locations }),
    ...(input.location_type !== undefined && { locationType: input.location_type }),
    ...(input.salary_min !== undefined && { salaryMin: input.salary_min }),
    ...(input.salary_max !== undefined && { salaryMax: input.salary_max }),
    ...(input.salary_currency !== undefined && { salaryCurrency: input.salary_currency }),
    ...(input.screening_questions !== undefined && { screeningQuestions: input.screening_questions }),
  };
}

export async function createJob(svc: ServiceContext, input: CreateJobInput): Promise<JobDto> {
  const department = await departmentId(svc, input.department ?? "General");
  const job = await svc.db.job.create({
    data: tenantRow<Prisma.JobUncheckedCreateInput>({ ...jobData(input), title: input.title, departmentId: department }),
    include: withCompanySlug,
  });
  return serializeJob(job, job.company.slug);
}

export async function updateJob(svc: ServiceContext, input: UpdateJobInput): Promise<JobDto> {
  const { id, department, ...rest } = input;
  const existing = await svc.db.job.findUnique({ where: { id }, select: { id: true, salaryMin: true, salaryMax: true } });
  if (!existing) throw AppError.notFound("Job", id);
  const min = rest.salary_min !== undefined ? rest.salary_min : existing.salaryMin;
  const max = rest.salary_max !== undefined ? rest.salary_max : existing.salaryMax;
  if (min != null && max != null && min > max) throw AppError.validation([{ field: "salary_max", message: "Must not be below salary_min" }]);
  const job = await svc.db.job.update({
    where: { id },
    data: { ...jobData(rest), ...(department !== undefined && { departmentId: await departmentId(svc, department) }) },
    include: withCompanySlug,
  });
  return serializeJob(job, job.company.slug);
}
